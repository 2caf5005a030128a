import { describe, expect, it } from 'vitest';
import { fireEvent, type screen as Screen } from '@testing-library/react';
import { VideoView } from '../../screens/video/VideoView.tsx';
import { readNetwork } from '../../screens/video/network.ts';
import type { videoMachine, VideoEvent } from '../../machines/video.machine.ts';
import { videoModel } from '../models/video.model.ts';
import { transitionCoveringPaths } from '../support/mbt.ts';
import { runScreenPath, type ScreenBinding, type UserEvents } from '../support/screen-mbt.tsx';

type Ui = typeof Screen;
const click = (ui: Ui, name: string | RegExp) => void fireEvent.click(ui.getAllByRole('button', { name })[0]!);
const player = () => document.querySelector('video');
const STEPS = ['Abra a Carteira e toque em Carregar.', 'Escolha um cartão de débito associado.', 'Escreva o montante e o código SMS do seu banco.', 'Confirme com a palavra-passe de pagamento.'];

// (the language follows the app: the screen sends video.languageChanged, which the harness feeds as it is)
const userEvents: Omit<UserEvents<VideoEvent>, 'video.languageChanged'> = {
  'video.watch': (ui) => click(ui, /^(Ver o vídeo|Ver de novo|Tentar de novo)/),
  'video.ended': () => void fireEvent.ended(player()!),
  'video.failed': () => void fireEvent.error(player()!),
  'video.stepsShown': (ui) => click(ui, 'Ler os passos em texto'),
  'video.renditionChosen': (ui) => click(ui, /^Usar a versão leve/),
  'video.retry': (ui) => click(ui, 'Tentar novamente'),
};

const expectWords = (ui: Ui) => {
  expect(ui.getByRole('heading', { name: 'Carregar a carteira' })).toBeTruthy();
  expect(ui.getByText(/^Carregue o saldo a partir de um cartão de débito associado, em quatro passos\. · 16 s$/)).toBeTruthy();
};
const expectSteps = (ui: Ui) => expect(ui.getAllByRole('listitem').map((item) => item.textContent)).toEqual(STEPS);

const binding: ScreenBinding<typeof videoMachine> = {
  view: (state, send) => <VideoView state={state} send={send as (e: VideoEvent) => void} />,
  userEvents,
  states: {
    '"loading"': (ui) => expect(ui.getByRole('status').textContent).toBe('A carregar o vídeo…'),
    '"failed"': (ui) => {
      expect(ui.getByRole('alert').textContent).toMatch(/Não foi possível carregar o vídeo/);
      expect(ui.getByRole('button', { name: 'Tentar novamente' })).toBeTruthy();
    },
    '"unavailable"': (ui) => expect(ui.getByRole('alert').textContent).toBe('Conteúdo não encontrado.'),
    // the poster and "watch" with the chosen rendition's size; no player yet, so nothing of the video is fetched
    '"poster"': (ui, state) => {
      expectWords(ui);
      expect(ui.getByRole('img', { name: 'Imagem do vídeo «Carregar a carteira»' }).getAttribute('src')).toBe('/media/videos/top-up/poster.png');
      expect(player()).toBeNull();
      if (state.context.rendition === 'light') {
        expect(ui.getByRole('button', { name: 'Ver o vídeo (70 KB)' })).toBeTruthy();
        expect(ui.getByRole('button', { name: 'Usar a qualidade normal (230 KB)' })).toBeTruthy();
        expect(ui.getByRole('status').textContent).toBe('Ligação lenta ou poupança de dados: vai ver a versão leve do vídeo.');
      } else {
        expect(ui.getByRole('button', { name: 'Ver o vídeo (230 KB)' })).toBeTruthy();
        expect(ui.getByRole('button', { name: 'Usar a versão leve (70 KB)' })).toBeTruthy();
      }
    },
    // the player, made on the tap: the chosen rendition, the captions in every language (the page's by default)
    '"playing"': (ui, state) => {
      expectWords(ui);
      const video = player()!;
      expect(video.getAttribute('preload')).toBe('none');
      expect(video.getAttribute('poster')).toBe('/media/videos/top-up/poster.png');
      expect(video.querySelector('source')!.getAttribute('src')).toBe(`/media/videos/top-up/${state.context.rendition}.webm`);
      const tracks = [...video.querySelectorAll('track')].map((track) => `${track.getAttribute('srclang')}:${track.getAttribute('label')}:${track.hasAttribute('default')}`);
      expect(tracks).toEqual(['pt:Português:true', 'en:English:false']);
      expect(ui.getByRole('button', { name: 'Ler os passos em texto' })).toBeTruthy();
    },
    '"ended"': (ui) => {
      expect(player()).toBeNull();
      expect(ui.getByRole('button', { name: /^Ver de novo \(\d+ KB\)$/ })).toBeTruthy();
    },
    // the steps as text: why they show first (a slow network, a browser without WebM), and the video on request where it can play
    '"steps"': (ui, state) => {
      expectWords(ui);
      expectSteps(ui);
      expect(player()).toBeNull();
      const { playable, network, video } = state.context;
      const reason = ui.queryByRole('status')?.textContent ?? null;
      if (!playable || video!.sources.length === 0) {
        expect(reason).toBe('Este vídeo não pode ser reproduzido aqui. Eis os passos em texto.');
        expect(ui.queryByRole('button', { name: /^Ver o vídeo mesmo assim/ })).toBeNull();
      } else {
        expect(reason).toBe(network.effectiveType === 'slow-2g' ? 'A sua ligação está muito lenta. Eis os passos em texto; pode ver o vídeo se quiser.' : null);
        expect(ui.getByRole('button', { name: `Ver o vídeo mesmo assim (${state.context.rendition === 'light' ? 70 : 230} KB)` })).toBeTruthy();
      }
    },
    '"playbackFailed"': (ui) => {
      expect(ui.getByRole('alert').textContent).toBe('O vídeo não pôde ser reproduzido. Eis os passos em texto.');
      expectSteps(ui);
      expect(ui.getByRole('button', { name: /^Tentar de novo/ })).toBeTruthy();
    },
  },
};

describe('video chart on its screen', () => {
  const paths = transitionCoveringPaths(videoModel);
  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_d, path) => {
    await runScreenPath(videoModel, path, binding);
  });
});

describe('the network the page reads', () => {
  it('Save-Data and the effective type where the browser says them, nothing elsewhere', () => {
    expect(readNetwork({ connection: { saveData: true, effectiveType: '3g' } } as unknown as Navigator)).toEqual({ saveData: true, effectiveType: '3g' });
    expect(readNetwork({} as Navigator)).toEqual({ saveData: false, effectiveType: null });
  });
});
