import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fireEvent, type screen as Screen } from '@testing-library/react';
import { createActor, waitFor } from 'xstate';
import { ScannerView } from '../../screens/common/Scanner.tsx';
import { scannerMachine, normaliseTyped, type ScannerEvent, type TypedKind } from '../../machines/scanner.machine.ts';
import { scannerFlow } from '../../src/flows/scanner.ts';
import { scannerModel } from '../models/scanner.model.ts';
import { transitionCoveringPaths } from '../support/mbt.ts';
import { runScreenPath, type ScreenBinding, type UserEvents } from '../support/screen-mbt.tsx';

type Ui = typeof Screen;
const click = (ui: Ui, name: string | RegExp) => void fireEvent.click(ui.getByRole('button', { name }));
const alert = (ui: Ui) => ui.getAllByRole('alert').map((a) => a.textContent).join(' ');
const status = (ui: Ui) => ui.getAllByRole('status').map((a) => a.textContent).join(' ');
const PHOTO = 'Escolher uma fotografia do código';

const userEvents: UserEvents<ScannerEvent> = {
  'camera.retry': (ui) => click(ui, /Tentar a câmara de novo|Usar a câmara/),
  'photo.chosen': (ui) => void fireEvent.change(ui.getByLabelText(PHOTO), { target: { files: [new File(['png'], 'codigo.png', { type: 'image/png' })] } }),
  'typing.requested': (ui) => click(ui, /Escrever o número de série|Escrever os 18 algarismos/),
  'typed.changed': (ui, e) => void fireEvent.change(ui.getByRole('textbox'), { target: { value: e.value } }),
  'typed.submitted': (ui) => click(ui, 'Continuar'),
  'torch.toggled': (ui) => click(ui, 'Lanterna'),
};

/** The ways out a person has without a camera: a photo (unless codes cannot be read at all), typing, and the camera again where it may help. */
function ways(ui: Ui, { photo = true, typed = true, retry }: { photo?: boolean; typed?: boolean; retry?: string }, kind: TypedKind) {
  if (photo) expect((ui.getByLabelText(PHOTO) as HTMLInputElement).accept).toBe('image/*');
  else expect(ui.queryByLabelText(PHOTO)).toBeNull();
  const typeInstead = kind === 'serial' ? 'Escrever o número de série' : 'Escrever os 18 algarismos';
  if (typed) expect(ui.getByRole('button', { name: typeInstead })).toBeTruthy();
  if (retry) expect(ui.getByRole('button', { name: retry })).toBeTruthy();
  else expect(ui.queryByRole('button', { name: /Tentar a câmara de novo|Usar a câmara/ })).toBeNull();
}

const binding: ScreenBinding<typeof scannerMachine> = {
  view: (state, send) => <ScannerView state={state} send={send as (e: ScannerEvent) => void} />,
  userEvents,
  states: (ui, state) => {
    const kind = state.context.typed;
    const otherWays = kind === 'serial' ? /escrever o número de série impresso por baixo dele/ : /escrever os 18 algarismos por baixo do código de barras/;
    if (state.matches({ looking: 'requesting' })) {
      expect(status(ui)).toMatch(/A pedir acesso à câmara/);
      return ways(ui, {}, kind);
    }
    if (state.matches({ looking: 'scanning' })) {
      // the camera's picture, live, and what to aim at
      expect(ui.getByLabelText('Imagem da câmara').tagName).toBe('VIDEO');
      expect(status(ui)).toBe(kind === 'serial' ? 'Aponte a câmara para o código QR.' : 'Aponte a câmara para o código de pagamento do cliente.');
      // the torch where the camera has one, saying whether it is on
      const torch = ui.queryByRole('button', { name: 'Lanterna' });
      if (state.matches({ looking: { scanning: 'noTorch' } })) expect(torch).toBeNull();
      else expect(torch!.getAttribute('aria-pressed')).toBe(state.matches({ looking: { scanning: 'torchOn' } }) ? 'true' : 'false');
      return ways(ui, {}, kind);
    }
    if (state.matches({ looking: 'noCamera' })) {
      const table = { denied: /Não deu acesso à câmara.*definições do navegador/, absent: /Não encontrámos uma câmara livre/, unsupported: /não dá acesso à câmara/, noDetector: /não consegue ler códigos/ };
      for (const [reason, text] of Object.entries(table)) {
        if (!state.matches({ looking: { noCamera: reason as 'denied' } })) continue;
        expect(alert(ui)).toMatch(text);
        if (reason === 'noDetector') {
          expect(ui.getByText(kind === 'serial' ? 'Escreva o número de série impresso por baixo do código.' : 'Escreva os 18 algarismos por baixo do código de barras.')).toBeTruthy();
          return ways(ui, { photo: false }, kind);
        }
        expect(ui.getByText(otherWays)).toBeTruthy();
        return ways(ui, { retry: reason === 'unsupported' ? undefined : 'Tentar a câmara de novo' }, kind);
      }
    }
    if (state.matches({ looking: 'readingPhoto' })) return void expect(status(ui)).toBe('A ler a fotografia…');
    if (state.matches({ looking: 'photoUnreadable' })) {
      expect(alert(ui)).toMatch(/Não encontrámos nenhum código nesta fotografia/);
      return ways(ui, { retry: 'Usar a câmara' }, kind);
    }
    if (state.matches({ looking: 'typing' })) {
      const field = ui.getByLabelText(kind === 'serial' ? 'Número de série' : 'Código de pagamento (18 algarismos)') as HTMLInputElement;
      expect(field.value).toBe(state.context.typedText);
      if (state.matches({ looking: { typing: 'invalid' } })) expect(alert(ui)).toMatch(kind === 'serial' ? /duas letras e depois algarismos/ : /tem 18 algarismos/);
      else expect(ui.queryByRole('alert')).toBeNull();
      expect(ui.getByRole('button', { name: 'Continuar' })).toBeTruthy();
      return ways(ui, { typed: false, retry: 'Usar a câmara' }, kind);
    }
    if (state.matches('decoded')) return void expect(status(ui)).toBe('Código lido.');
    throw new Error(`no assertion for ${JSON.stringify(state.value)}`);
  },
};

describe('scanner chart on its screen', () => {
  const paths = transitionCoveringPaths(scannerModel);
  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_d, path) => {
    await runScreenPath(scannerModel, path, binding);
  });
});

describe('what a person types instead of scanning', () => {
  it('a serial as printed, in capitals without spaces; a payment code’s digits only', () => {
    expect(normaliseTyped('serial', ' kw 0000-0001 23 ')).toBe('KW0000000123');
    expect(normaliseTyped('paymentCode', '2847 1903 6652 8109 37 99')).toBe('284719036652810937');
  });

  it('a group voucher’s code: GV and its 20 digits, typed on its own page or at the till where payment codes are typed', () => {
    expect(normaliseTyped('groupVoucher', ' gv 1234-5678 9012 3456 7890 12')).toBe('GV12345678901234567890');
    expect(normaliseTyped('groupVoucher', '1234')).toBe('GV1234');
    expect(normaliseTyped('groupVoucher', '')).toBe('');
    expect(normaliseTyped('paymentCode', 'gv1234 5678 9012 3456 7890')).toBe('GV12345678901234567890');
  });
});

describe('the scanner’s own calls in a browser without a camera (jsdom)', () => {
  it('says so at once, and the serial typed is what it ends with', async () => {
    const actor = createActor(scannerFlow, { input: { formats: ['qr_code'], typed: 'serial' } }).start();
    await waitFor(actor, (s) => s.matches({ looking: { noCamera: 'unsupported' } }));
    actor.send({ type: 'typing.requested' });
    actor.send({ type: 'typed.changed', value: 'st 0000 0000 004' });
    actor.send({ type: 'typed.submitted' });
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().output).toEqual({ text: 'ST00000000004', source: 'typed' });
  });
});

describe('the polyfill’s .wasm is served from our build', () => {
  it('the zxing-wasm the app imports the .wasm from (`?url`) is the one the polyfill’s glue was built for', async () => {
    const { ZXING_WASM_VERSION } = await import('barcode-detector/ponyfill');
    // the package exports no package.json: read the installed one
    const installed = JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../../node_modules/zxing-wasm/package.json'), 'utf8')) as { version: string };
    expect(installed.version).toBe(ZXING_WASM_VERSION);
    const { default: url } = await import('zxing-wasm/reader/zxing_reader.wasm?url');
    expect(url).toMatch(/zxing_reader(-[\w-]+)?\.wasm$/);
    expect(url).not.toMatch(/^https?:/);
  });
});
