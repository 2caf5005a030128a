import { scannerMachine, type ScannerEvent, type ScannerInput } from '../../machines/scanner.machine.ts';
import { doneEvent, errorEvent, parkInvokes, type FlowModel } from '../support/mbt.ts';

const refusal = (code: string) => ({ ok: false, code, message: '', detail: '' });

/** A store's own collection code, as its EMVCo payload reads (what the camera or a photo gives). */
export const samplePayload = '00020101021126360014ao.kwanza.pay0114ST00000000004252045411530397358024AO5912Loja Central6006Luanda6304ABCD';
export const sampleStream = { id: 'camera-1' };
export const samplePhoto = new Blob(['not really a photo'], { type: 'image/png' });

export const scannerUserEvents = {
  'camera.retry': { type: 'camera.retry' },
  'photo.chosen': { type: 'photo.chosen', photo: samplePhoto },
  'typing.requested': { type: 'typing.requested' },
  'typed.changed': { type: 'typed.changed', value: 'kw 0000 0001 23' },
  'typed.submitted': { type: 'typed.submitted' },
  'torch.toggled': { type: 'torch.toggled' },
} satisfies Record<ScannerEvent['type'], ScannerEvent>;

export const SERIAL_SCANNER: ScannerInput = { formats: ['qr_code'], typed: 'serial' };
export const PAYMENT_CODE_SCANNER: ScannerInput = { formats: ['qr_code', 'code_128'], typed: 'paymentCode' };

/** The scanner chart with the camera, the reading and the photo parked; their answers are fed as `xstate.done.actor.*`. */
export const scannerModel: FlowModel<typeof scannerMachine> = {
  machine: parkInvokes(scannerMachine, ['startCamera', 'detect', 'decodePhoto', 'torch']),
  variants: [
    { name: 'a collection code (serial typed)', input: SERIAL_SCANNER },
    { name: 'a payment code (digits typed)', input: PAYMENT_CODE_SCANNER },
  ],
  events: [
    ...Object.values(scannerUserEvents),
    { type: 'typed.changed', value: '1234 5678 9012 3456 78' } as ScannerEvent,
    { type: 'typed.changed', value: '12' } as ScannerEvent,
    doneEvent('startCamera', { ok: true, data: { stream: sampleStream, torch: false } }),
    doneEvent('startCamera', { ok: true, data: { stream: sampleStream, torch: true } }),
    doneEvent('startCamera', refusal('denied')),
    doneEvent('startCamera', refusal('absent')),
    doneEvent('startCamera', refusal('unsupported')),
    errorEvent('startCamera', new Error('getUserMedia threw')),
    doneEvent('detect', { ok: true, data: { text: samplePayload } }),
    doneEvent('detect', refusal('noDetector')),
    errorEvent('detect', new Error('the wasm failed')),
    doneEvent('decodePhoto', { ok: true, data: { text: samplePayload } }),
    doneEvent('decodePhoto', refusal('noCode')),
    doneEvent('decodePhoto', refusal('noDetector')),
    errorEvent('decodePhoto', new Error('not an image')),
    doneEvent('torch', refusal('unavailable')),
    errorEvent('torch', new Error('applyConstraints threw')),
  ],
  // the facts the guards and the screen read: never the stream or the photo themselves
  serializeState: (snapshot) => {
    const c = snapshot.context;
    return JSON.stringify([snapshot.value, c.typed, c.typedText, c.stream !== null, c.result?.source ?? null]);
  },
};
