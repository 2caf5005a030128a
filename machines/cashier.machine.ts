import { setup, assign } from 'xstate';
import type { Outcome } from '../services/contract/outcome.ts';
import type { Language } from '../src/lib/language.ts';
import { codeChargeMachine } from './codeCharge.machine.ts';
import { dynamicCodeMachine } from './dynamicCode.machine.ts';
import { announceAnswer, answerCode, answerData, provided, type AnswerEvent } from './outcome.ts';

/**
 * The merchant's till (`/app/cashier`): a store is chosen (straight on when there is one), then
 * one of two modes, each its own child chart that ends when the person starts again: (a) an amount
 * charged with a one-time code (dynamicCode), or (b) the customer's payment code scanned and
 * charged (codeCharge).
 * A clerk with nowhere to collect (their store or its merchant closed, or removed from the staff:
 * STF10009) is told so and led home: the owner's ways on (create a store, open an account) are
 * not theirs. The server's `role` decides, never the client.
 */
export interface CashierStore {
  storeId: string;
  name: string;
  /** The merchant or sub-merchant the store belongs to. */
  merchantName: string;
}

/** Who the caller is at the till, as the server says (merchant/cashier/stores). */
export type CashierRole = 'owner' | 'clerk';
export type CashierStores = { role: CashierRole; stores: CashierStore[] };

export interface CashierInput {
  language: Language;
  /** A store to start at (`?storeId=`), when it is one of the merchant's open stores. */
  storeId?: string | null;
}

export interface CashierContext {
  language: Language;
  stores: CashierStore[];
  storeId: string | null;
  errorCode: string | null;
}

export type CashierEvent =
  | { type: 'stores.retry' }
  | { type: 'store.chosen'; storeId: string }
  | { type: 'store.change' }
  | { type: 'mode.dynamic' }
  | { type: 'mode.scan' }
  | { type: 'cashier.again' };

export const cashierMachine = setup({
  types: { input: {} as CashierInput, context: {} as CashierContext, events: {} as CashierEvent | AnswerEvent },
  actors: {
    loadStores: provided<Outcome<CashierStores>>('loadStores'),
    dynamicCode: dynamicCodeMachine,
    codeCharge: codeChargeMachine,
  },
  guards: {
    noStores: ({ event }) => answerData<CashierStores>(event).stores.length === 0,
    clerkWithoutStore: ({ event }) => {
      const answer = answerData<CashierStores>(event);
      return answer.role === 'clerk' && answer.stores.length === 0;
    },
    // one store, or the one asked for in the address: straight to the modes
    storeGiven: ({ context, event }) => {
      const stores = answerData<CashierStores>(event).stores;
      return stores.length === 1 || stores.some((s) => s.storeId === context.storeId);
    },
    severalStores: ({ context }) => context.stores.length > 1,
    knownStore: ({ context, event }) => event.type === 'store.chosen' && context.stores.some((s) => s.storeId === event.storeId),
  },
  actions: {
    announceAnswer: announceAnswer<CashierContext, CashierEvent | AnswerEvent>(),
    keepStores: assign(({ context, event }) => {
      const stores = answerData<CashierStores>(event).stores;
      const storeId = stores.some((s) => s.storeId === context.storeId) ? context.storeId : stores.length === 1 ? stores[0]!.storeId : null;
      return { stores, storeId, errorCode: null };
    }),
    chooseStore: assign({ storeId: ({ context, event }) => (event.type === 'store.chosen' ? event.storeId : context.storeId) }),
    keepRefusal: assign({ errorCode: ({ event }) => answerCode(event) }),
    forgetRefusal: assign({ errorCode: null }),
  },
}).createMachine({
  id: 'cashier',
  context: ({ input }) => ({ language: input.language, stores: [], storeId: input.storeId ?? null, errorCode: null }),
  initial: 'loadingStores',
  states: {
    loadingStores: {
      tags: ['busy'],
      invoke: {
        id: 'loadStores',
        src: 'loadStores',
        onDone: { actions: 'announceAnswer' },
        onError: { target: 'storesFailed', actions: 'forgetRefusal' },
      },
      on: {
        'loadStores.ok': [
          { guard: 'clerkWithoutStore', target: 'cannotCollect', actions: 'keepStores' },
          { guard: 'noStores', target: 'noStores', actions: 'keepStores' },
          { guard: 'storeGiven', target: 'choosingMode', actions: 'keepStores' },
          { target: 'choosingStore', actions: 'keepStores' },
        ],
        'loadStores.refused.MCH10003': { target: 'notMerchant' },
        'loadStores.refused.STF10009': { target: 'cannotCollect', actions: 'keepRefusal' },
        'loadStores.refused.*': { target: 'storesFailed', actions: 'keepRefusal' },
      },
    },
    storesFailed: { tags: ['error'], on: { 'stores.retry': { target: 'loadingStores' } } },
    // no collection account: the screen leads to opening one
    notMerchant: {},
    // no open store: the screen leads to the merchant list to create one
    noStores: {},
    // a clerk whose store is closed (errorCode null) or who was removed (STF10009): asking again
    // changes nothing and the owner's ways on are not theirs, so the screen leads home
    cannotCollect: {},
    choosingStore: { on: { 'store.chosen': { guard: 'knownStore', target: 'choosingMode', actions: 'chooseStore' } } },
    // each mode's chart starts afresh: nothing of the previous charge is left
    choosingMode: {
      tags: ['atTill'],
      on: { 'mode.dynamic': { target: 'dynamic' }, 'mode.scan': { target: 'charging' }, 'store.change': { guard: 'severalStores', target: 'choosingStore' } },
    },
    // (a) the amount, then a one-time code for it; back to the modes when it ends
    dynamic: {
      tags: ['atTill'],
      invoke: {
        id: 'dynamicCode',
        src: 'dynamicCode',
        input: ({ context }) => ({ language: context.language, storeId: context.storeId! }),
        onDone: { target: 'choosingMode' },
        onError: { target: 'interrupted' },
      },
    },
    // (b) the amount, then the customer's payment code
    charging: {
      tags: ['atTill'],
      invoke: {
        id: 'codeCharge',
        src: 'codeCharge',
        input: ({ context }) => ({ language: context.language, storeId: context.storeId! }),
        onDone: { target: 'choosingMode' },
        onError: { target: 'interrupted' },
      },
    },
    // a mode's chart failed (never a person's doing): whether a charge went through is unknown here,
    // so the screen sends the clerk to the records before charging again (the alerts stay, and may tell)
    interrupted: { tags: ['error', 'atTill'], on: { 'cashier.again': { target: 'choosingMode' } } },
  },
});
