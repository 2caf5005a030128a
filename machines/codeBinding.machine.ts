import { setup, assign } from 'xstate';
import type { Outcome } from '../services/gateway.ts';
import type { Store } from '../services/contract/merchantShared.ts';
import { dataOf, isOk, provided, refusalCode } from './outcome.ts';
import { scannerMachine, type ScannerInput, type ScannerOutput } from './scanner.machine.ts';

/**
 * A store's codes (`/app/store/$id/codes`): its own static code (shown, and downloaded to print)
 * and the printed stickers bound to it. A sticker is bound by scanning it or typing the serial
 * printed under it (the scanner child does both) → `merchant/code/bind`; refusals by code: no such
 * sticker (MCH10006), already bound (MCH10010), a closed store (MCH10005). Unbinding is asked once
 * more, saying what it costs (spec §4: the binding's earlier records leave the merchant's view, and
 * binding the sticker again does not bring them back) → `merchant/code/unbind`. A bind whose answer
 * was lost may have bound: the list is read again rather than the bind resent.
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
  /** The binding just made, or the one whose unbinding is asked. */
  chosen: Binding | null;
  errorCode: string | null;
}

export type CodeBindingEvent =
  | { type: 'codes.retry' }
  | { type: 'binding.started' }
  | { type: 'binding.cancelled' }
  | { type: 'unbind.asked'; bindingId: string }
  | { type: 'unbind.confirmed' }
  | { type: 'unbind.cancelled' };

/** A sticker is a QR code; its serial may be typed instead (the scanner offers both). */
export const STICKER_SCAN: ScannerInput = { formats: ['qr_code'], typed: 'serial' };

export const codeBindingMachine = setup({
  types: { input: {} as CodeBindingInput, context: {} as CodeBindingContext, events: {} as CodeBindingEvent },
  actors: {
    loadCodes: provided<Outcome<StoreCodes>, { storeId: string }>('loadCodes'),
    bindCode: provided<Outcome<{ binding: Binding }>, { storeId: string; code: string }>('bindCode'),
    unbindCode: provided<Outcome<{ unbound: true }>, { bindingId: string }>('unbindCode'),
    scanner: scannerMachine,
  },
  guards: {
    isOk,
    storeOpen: ({ context }) => context.store?.status === 'open',
    knownBinding: ({ context, event }) => event.type === 'unbind.asked' && context.stickers.some((b) => b.bindingId === event.bindingId),
  },
  actions: {
    keepCodes: assign(({ event }) => {
      const codes = dataOf<StoreCodes>(event);
      return codes ? { store: codes.store, storeCode: codes.storeCode, stickers: codes.stickers, errorCode: null } : {};
    }),
    keepScanned: assign({ scanned: ({ event }) => ((event as { output?: ScannerOutput }).output?.text ?? '').trim() }),
    addBinding: assign(({ context, event }) => {
      const binding = dataOf<{ binding: Binding }>(event)?.binding;
      return binding ? { stickers: [...context.stickers.filter((b) => b.bindingId !== binding.bindingId), binding], chosen: binding, scanned: '', errorCode: null } : {};
    }),
    choose: assign({ chosen: ({ context, event }) => (event.type === 'unbind.asked' ? context.stickers.find((b) => b.bindingId === event.bindingId) ?? null : context.chosen) }),
    dropChosen: assign({ stickers: ({ context }) => context.stickers.filter((b) => b.bindingId !== context.chosen?.bindingId), errorCode: null }),
    forgetChoice: assign({ chosen: null }),
    keepRefusal: assign({ errorCode: ({ event }) => refusalCode(event) }),
    forgetRefusal: assign({ errorCode: null }),
  },
}).createMachine({
  id: 'codeBinding',
  context: ({ input }) => ({ storeId: input.storeId, store: null, storeCode: null, stickers: [], scanned: '', chosen: null, errorCode: null }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadCodes',
        src: 'loadCodes',
        input: ({ context }) => ({ storeId: context.storeId }),
        onDone: [
          { guard: 'isOk', target: 'ready', actions: 'keepCodes' },
          { target: 'loadFailed', actions: 'keepRefusal' },
        ],
        onError: { target: 'loadFailed', actions: 'forgetRefusal' },
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
        onDone: { target: 'binding', actions: 'keepScanned' },
        onError: { target: 'ready.idle' },
      },
      on: { 'binding.cancelled': { target: 'ready.idle' } },
    },
    binding: {
      tags: ['busy'],
      invoke: {
        id: 'bindCode',
        src: 'bindCode',
        input: ({ context }) => ({ storeId: context.storeId, code: context.scanned }),
        onDone: [
          { guard: 'isOk', target: 'ready.bound', actions: 'addBinding' },
          { target: 'ready.bindRefused', actions: 'keepRefusal' },
        ],
        onError: { target: 'ready.bindUnreachable' },
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
        onDone: [
          { guard: 'isOk', target: 'ready.unbound', actions: 'dropChosen' },
          { target: 'ready.unbindRefused', actions: ['keepRefusal', 'forgetChoice'] },
        ],
        onError: { target: 'ready.unbindUnreachable', actions: 'forgetChoice' },
      },
    },
  },
});
