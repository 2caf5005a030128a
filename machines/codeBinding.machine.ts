import { setup, assign } from 'xstate';
import type { Outcome } from '../services/contract/outcome.ts';
import type { Store } from '../services/contract/merchantShared.ts';
import { namedSerial } from '../services/emvco.ts';
import { announceAnswer, answerCode, answerData, provided, type AnswerEvent } from './outcome.ts';
import { scannerMachine, type ScannerInput, type ScannerOutput } from './scanner.machine.ts';

/**
 * A store's codes (`/app/store/$id/codes`): its own static code (shown, and downloaded to print)
 * and the printed stickers bound to it. A sticker is bound by scanning it or typing the serial
 * printed under it (the scanner child does both), then asked once more, naming the sticker and the
 * store ("bind sticker KW… to Loja Central?") → `merchant/code/bind`; refusals by code: no such
 * sticker (MCH10006, also said at once for a code that names no serial), already bound (MCH10010),
 * a closed store (MCH10005). Unbinding is asked once more, saying what it costs and what stays
 * (spec §4: the binding's earlier payments leave the records, their CSV and refunds, and binding the
 * sticker again does not bring them back; they still count in the analysis and the settlement's
 * movements) → `merchant/code/unbind`. A bind whose answer was lost may have bound: the list is read
 * again rather than the bind resent.
 */
export interface StoreCode {
  serial: string;
  payload: string;
}

export interface Binding {
  bindingId: string;
  serial: string;
  storeId: string;
  boundAt: string;
}

export interface StoreCodes {
  store: Store;
  storeCode: StoreCode;
  stickers: Binding[];
}

export interface CodeBindingInput {
  storeId: string;
}

export interface CodeBindingContext {
  storeId: string;
  store: Store | null;
  storeCode: StoreCode | null;
  stickers: Binding[];
  /** What the scanner read (a payload) or the person typed (a serial), until it is bound or refused. */
  scanned: string;
  /** The serial `scanned` names, shown in the question before binding. */
  serial: string | null;
  /** The binding just made, or the one whose unbinding is asked. */
  chosen: Binding | null;
  errorCode: string | null;
}

export type CodeBindingEvent =
  | { type: 'codes.retry' }
  | { type: 'binding.started' }
  | { type: 'binding.cancelled' }
  | { type: 'binding.confirmed' }
  | { type: 'unbind.asked'; bindingId: string }
  | { type: 'unbind.confirmed' }
  | { type: 'unbind.cancelled' };

/** A sticker is a QR code; its serial may be typed instead (the scanner offers both). */
export const STICKER_SCAN: ScannerInput = { formats: ['qr_code'], typed: 'serial' };

const scannedText = (event: unknown) => ((event as { output?: ScannerOutput }).output?.text ?? '').trim();

export const codeBindingMachine = setup({
  types: { input: {} as CodeBindingInput, context: {} as CodeBindingContext, events: {} as CodeBindingEvent | AnswerEvent },
  actors: {
    loadCodes: provided<Outcome<StoreCodes>, { storeId: string }>('loadCodes'),
    bindCode: provided<Outcome<{ binding: Binding }>, { storeId: string; code: string }>('bindCode'),
    unbindCode: provided<Outcome<{ unbound: true }>, { bindingId: string }>('unbindCode'),
    scanner: scannerMachine,
  },
  guards: {
    storeOpen: ({ context }) => context.store?.status === 'open',
    knownBinding: ({ context, event }) => event.type === 'unbind.asked' && context.stickers.some((b) => b.bindingId === event.bindingId),
    // not one of this wallet's codes, nor a serial typed: nothing to ask about (the server's MCH10006)
    namesNoSerial: ({ event }) => !namedSerial(scannedText(event)).ok,
  },
  actions: {
    announceAnswer: announceAnswer<CodeBindingContext, CodeBindingEvent | AnswerEvent>(),
    keepCodes: assign(({ event }) => {
      const codes = answerData<StoreCodes>(event);
      return { store: codes.store, storeCode: codes.storeCode, stickers: codes.stickers, errorCode: null };
    }),
    keepScanned: assign(({ event }) => {
      const named = namedSerial(scannedText(event));
      return { scanned: scannedText(event), serial: named.ok ? named.serial : null };
    }),
    refuseUnnamed: assign({ errorCode: 'MCH10006', scanned: '', serial: null }),
    forgetScanned: assign({ scanned: '', serial: null }),
    addBinding: assign(({ context, event }) => {
      const binding = answerData<{ binding: Binding }>(event).binding;
      return { stickers: [...context.stickers.filter((b) => b.bindingId !== binding.bindingId), binding], chosen: binding, scanned: '', serial: null, errorCode: null };
    }),
    choose: assign({ chosen: ({ context, event }) => (event.type === 'unbind.asked' ? context.stickers.find((b) => b.bindingId === event.bindingId) ?? null : context.chosen) }),
    dropChosen: assign({ stickers: ({ context }) => context.stickers.filter((b) => b.bindingId !== context.chosen?.bindingId), errorCode: null }),
    forgetChoice: assign({ chosen: null }),
    keepRefusal: assign({ errorCode: ({ event }) => answerCode(event) }),
    forgetRefusal: assign({ errorCode: null }),
  },
}).createMachine({
  id: 'codeBinding',
  context: ({ input }) => ({ storeId: input.storeId, store: null, storeCode: null, stickers: [], scanned: '', serial: null, chosen: null, errorCode: null }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadCodes',
        src: 'loadCodes',
        input: ({ context }) => ({ storeId: context.storeId }),
        onDone: { actions: 'announceAnswer' },
        onError: { target: 'loadFailed', actions: 'forgetRefusal' },
      },
      on: {
        'loadCodes.ok': { target: 'ready', actions: 'keepCodes' },
        'loadCodes.refused.*': { target: 'loadFailed', actions: 'keepRefusal' },
      },
    },
    loadFailed: { tags: ['error'], on: { 'codes.retry': { target: 'loading' } } },
    ready: {
      initial: 'idle',
      on: {
        'binding.started': { guard: 'storeOpen', target: 'scanning' },
        'unbind.asked': { guard: 'knownBinding', target: 'confirmingUnbind', actions: 'choose' },
      },
      states: {
        idle: {},
        bound: {},
        unbound: {},
        bindRefused: { tags: ['error'] },
        // no answer: it may have bound; the list is read again rather than the bind resent
        bindUnreachable: { tags: ['error'], on: { 'codes.retry': { target: '#codeBinding.loading' } } },
        unbindRefused: { tags: ['error'] },
        unbindUnreachable: { tags: ['error'], on: { 'codes.retry': { target: '#codeBinding.loading' } } },
      },
    },
    // the scanner child: the camera, a photo of the sticker, or its serial typed
    scanning: {
      invoke: {
        id: 'scanner',
        src: 'scanner',
        input: () => STICKER_SCAN,
        onDone: [
          { guard: 'namesNoSerial', target: 'ready.bindRefused', actions: 'refuseUnnamed' },
          { target: 'confirmingBind', actions: 'keepScanned' },
        ],
        onError: { target: 'ready.idle' },
      },
      on: { 'binding.cancelled': { target: 'ready.idle' } },
    },
    // "bind sticker KW… to this store?", the store named: a sticker read by mistake (a neighbour's
    // counter, another branch's pile) is not bound until the merchant says yes
    confirmingBind: {
      on: { 'binding.confirmed': { target: 'binding' }, 'binding.cancelled': { target: 'ready.idle', actions: 'forgetScanned' } },
    },
    binding: {
      tags: ['busy'],
      invoke: {
        id: 'bindCode',
        src: 'bindCode',
        input: ({ context }) => ({ storeId: context.storeId, code: context.scanned }),
        onDone: { actions: 'announceAnswer' },
        onError: { target: 'ready.bindUnreachable', actions: 'forgetScanned' },
      },
      on: {
        'bindCode.ok': { target: 'ready.bound', actions: 'addBinding' },
        // no such sticker (MCH10006), already bound (MCH10010), a closed store (MCH10005): said by its code
        'bindCode.refused.*': { target: 'ready.bindRefused', actions: ['keepRefusal', 'forgetScanned'] },
      },
    },
    // "unbind this sticker?": what it costs is said; nothing happens until the merchant says yes
    confirmingUnbind: {
      on: { 'unbind.confirmed': { target: 'unbinding' }, 'unbind.cancelled': { target: 'ready.idle', actions: 'forgetChoice' } },
    },
    unbinding: {
      tags: ['busy'],
      invoke: {
        id: 'unbindCode',
        src: 'unbindCode',
        input: ({ context }) => ({ bindingId: context.chosen!.bindingId }),
        onDone: { actions: 'announceAnswer' },
        onError: { target: 'ready.unbindUnreachable', actions: 'forgetChoice' },
      },
      on: {
        'unbindCode.ok': { target: 'ready.unbound', actions: 'dropChosen' },
        'unbindCode.refused.*': { target: 'ready.unbindRefused', actions: ['keepRefusal', 'forgetChoice'] },
      },
    },
  },
});
