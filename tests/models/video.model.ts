import { videoMachine, type VideoEvent, type VideoInput } from '../../machines/video.machine.ts';
import type { HelpVideo } from '../../services/contract/video.ts';
import { doneEvent, errorEvent, parkInvokes, type FlowModel } from '../support/mbt.ts';

export const topUpVideo: HelpVideo = {
  id: 'top-up', language: 'pt', title: 'Carregar a carteira', summary: 'Carregue o saldo a partir de um cartão de débito associado, em quatro passos.',
  durationSeconds: 16, poster: '/media/videos/top-up/poster.png',
  sources: [
    { rendition: 'full', url: '/media/videos/top-up/full.webm', type: 'video/webm; codecs="vp8"', width: 640, height: 360, bytes: 235_520 },
    { rendition: 'light', url: '/media/videos/top-up/light.webm', type: 'video/webm; codecs="vp8"', width: 320, height: 180, bytes: 71_680 },
  ],
  captions: [
    { language: 'pt', label: 'Português', url: '/media/videos/top-up/captions.pt.vtt' },
    { language: 'en', label: 'English', url: '/media/videos/top-up/captions.en.vtt' },
  ],
  steps: ['Abra a Carteira e toque em Carregar.', 'Escolha um cartão de débito associado.', 'Escreva o montante e o código SMS do seu banco.', 'Confirme com a palavra-passe de pagamento.'],
};

export const videoUserEvents = {
  'video.watch': { type: 'video.watch' },
  'video.ended': { type: 'video.ended' },
  'video.failed': { type: 'video.failed' },
  'video.stepsShown': { type: 'video.stepsShown' },
  'video.renditionChosen': { type: 'video.renditionChosen', rendition: 'light' },
  'video.retry': { type: 'video.retry' },
  'video.languageChanged': { type: 'video.languageChanged', language: 'en' },
} satisfies Record<VideoEvent['type'], VideoEvent>;

export const videoResults = {
  loaded: doneEvent('loadVideo', { ok: true, data: topUpVideo }),
  // the server has not got the files on its storage: words and steps only
  noFiles: doneEvent('loadVideo', { ok: true, data: { ...topUpVideo, sources: [] } }),
  unknown: doneEvent('loadVideo', { ok: false, code: 'CNT40401', message: 'not found', detail: '' }),
  unreachable: errorEvent('loadVideo', new Error('network down')),
};

const network = (effectiveType: string | null, saveData = false): VideoInput['network'] => ({ saveData, effectiveType });

export const videoModel: FlowModel<typeof videoMachine> = {
  machine: parkInvokes(videoMachine, ['loadVideo']),
  variants: [
    { name: 'on 4g', input: { id: 'top-up', language: 'pt', network: network('4g'), playable: true } },
    { name: 'with Save-Data', input: { id: 'top-up', language: 'pt', network: network('4g', true), playable: true } },
    { name: 'on slow-2g', input: { id: 'top-up', language: 'pt', network: network('slow-2g'), playable: true } },
    { name: 'a browser without WebM', input: { id: 'top-up', language: 'pt', network: network(null), playable: false } },
  ],
  events: [...Object.values(videoUserEvents), ...Object.values(videoResults)],
  // what the guards and the screen read: the state, the rendition, whether the video has files
  serializeState: (snapshot) => JSON.stringify([snapshot.value, snapshot.context.rendition, snapshot.context.video?.sources.length ?? null]),
};
