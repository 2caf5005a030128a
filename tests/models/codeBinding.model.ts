import { codeBindingMachine, type CodeBindingEvent } from '../../machines/codeBinding.machine.ts';
import { scannerMachine } from '../../machines/scanner.machine.ts';
import { doneEvent, errorEvent, parkInvokes, type FlowModel } from '../support/mbt.ts';
import { sampleStore } from './merchantOpening.model.ts';
import { samplePayload } from './scanner.model.ts';

const refusal = (code: string, detail = '') => ({ ok: false, code, message: code, detail });

export const sampleStoreCode = { serial: 'ST0000000042', payload: samplePayload };
export const sampleBinding = { bindingId: '51', serial: 'KW0000000123', storeId: '31', boundAt: '2026-03-14T09:00:00.000Z' };
export const newBinding = { bindingId: '52', serial: 'KW0000000124', storeId: '31', boundAt: '2026-03-14T10:00:00.000Z' };
export const sampleCodes = { store: sampleStore, storeCode: sampleStoreCode, stickers: [sampleBinding] };

export const codeBindingUserEvents = {
  'codes.retry': { type: 'codes.retry' },
  'binding.started': { type: 'binding.started' },
  'binding.cancelled': { type: 'binding.cancelled' },
  'binding.confirmed': { type: 'binding.confirmed' },
  'unbind.asked': { type: 'unbind.asked', bindingId: '51' },
  'unbind.confirmed': { type: 'unbind.confirmed' },
  'unbind.cancelled': { type: 'unbind.cancelled' },
} satisfies Record<CodeBindingEvent['type'], CodeBindingEvent>;

/**
 * The code-binding chart with its calls parked; the scanner child runs as the real chart with its
 * own calls parked, and what it read is fed as `xstate.done.actor.scanner`.
 */
export const codeBindingModel: FlowModel<typeof codeBindingMachine> = {
  machine: parkInvokes(codeBindingMachine, ['loadCodes', 'bindCode', 'unbindCode']).provide({
    actors: { scanner: parkInvokes(scannerMachine, ['startCamera', 'detect', 'decodePhoto', 'torch']) },
  } as never) as typeof codeBindingMachine,
  variants: [{ name: 'a store', input: { storeId: '31' } }],
  events: [
    ...Object.values(codeBindingUserEvents),
    doneEvent('loadCodes', { ok: true, data: sampleCodes }),
    doneEvent('loadCodes', { ok: true, data: { ...sampleCodes, store: { ...sampleStore, status: 'closed' }, stickers: [] } }),
    doneEvent('loadCodes', refusal('MCH10004')),
    errorEvent('loadCodes', new Error('network down')),
    doneEvent('scanner', { text: 'kw 0000 000124', source: 'typed' }),
    doneEvent('scanner', { text: 'https://example.com/not-a-code', source: 'camera' }),
    errorEvent('scanner', new Error('child failed')),
    doneEvent('bindCode', { ok: true, data: { binding: newBinding } }),
    doneEvent('bindCode', refusal('MCH10010')),
    errorEvent('bindCode', new Error('network down')),
    doneEvent('unbindCode', { ok: true, data: { unbound: true } }),
    doneEvent('unbindCode', refusal('MCH10004')),
    errorEvent('unbindCode', new Error('network down')),
  ],
  serializeState: (snapshot) => {
    const c = snapshot.context;
    return JSON.stringify([snapshot.value, c.store?.status ?? null, c.stickers.map((b) => b.bindingId), c.chosen?.bindingId ?? null, c.scanned, c.serial]);
  },
};
