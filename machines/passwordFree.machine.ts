import { setup, assign } from 'xstate';
import type { Outcome } from '../services/contract/outcome.ts';
import { MERCHANT_CODES } from '../services/contract/answerCodes.ts';
import type { Language } from '../src/lib/language.ts';
import { amountAsked, amountEntryMachine, amountTextOf, type AmountEntryInput, type AmountRefusal } from './amountEntry.machine.ts';
import { announceAnswer, answerCode, answerData, answerDetail, provided, type AnswerEvent } from './outcome.ts';
import { paymentMachine, type PaymentInput } from './payment.machine.ts';

/**
 * Password-free payments (agreement/nopwd): payment-code charges up to a limit the member sets
 * go through without the pay password. Off until switched on. Switching on, or changing the
 * limit, is confirmed with the pay password for exactly that setting (payment child: purpose
 * `pay/passwordFree/set`, amount = the limit, counterparty `passwordFree`); the limit may not pass
 * the cap the server gives. Switching off needs no password: it only makes paying stricter.
 */
export const SET_PASSWORD_FREE_SERVICE = 'pay/passwordFree/set';

export interface PasswordFreeSetting {
  enabled: boolean;
  limit: number;
  cap: number;
}
export interface PasswordFreeInput {
  language: Language;
}
export interface PasswordFreeContext {
  language: Language;
  setting: PasswordFreeSetting | null;
  /** The limit asked for, and as it was typed: it is asked again with it. */
  limitText: string;
  limit: number;
  /** Why the limit is asked again: the cap was lowered meanwhile (MCH10015). */
  limitRefusal: AmountRefusal | null;
  errorCode: string | null;
}

export type PasswordFreeEvent =
  | { type: 'setting.retry' }
  | { type: 'limit.edit' }
  | { type: 'edit.cancelled' }
  | { type: 'payment.cancelled' }
  | { type: 'passwordFree.disabled' };

export const passwordFreeMachine = setup({
  types: { input: {} as PasswordFreeInput, context: {} as PasswordFreeContext, events: {} as PasswordFreeEvent | AnswerEvent },
  actors: {
    query: provided<Outcome<PasswordFreeSetting>>('query'),
    switchOff: provided<Outcome<PasswordFreeSetting>>('switchOff'),
    amountEntry: amountEntryMachine,
    payment: paymentMachine,
  },
  guards: {
    enabledNow: ({ event }) => answerData<PasswordFreeSetting>(event).enabled,
    isEnabled: ({ context }) => context.setting?.enabled === true,
  },
  actions: {
    announceAnswer: announceAnswer<PasswordFreeContext, PasswordFreeEvent | AnswerEvent>(),
    keepSetting: assign({ setting: ({ event }) => answerData<PasswordFreeSetting>(event), errorCode: null }),
    keepRefusal: assign({ errorCode: ({ event }) => answerCode(event) }),
    forgetRefusal: assign({ errorCode: null }),
    // the limit offered is the one set before (kept while switched off), or empty
    startEditing: assign({ limitText: ({ context }) => (context.setting && context.setting.limit > 0 ? amountTextOf(context.setting.limit, context.language) : ''), errorCode: null }),
    keepLimit: assign(({ event }) => { const asked = amountAsked(event); return { limit: asked.amount, limitText: asked.amountText }; }),
    // MCH10015's subMsg is the cap that applies now; the limit is asked again with why
    keepNewCap: assign({
      setting: ({ event, context }) => { const cap = Number(answerDetail(event)); return context.setting && Number.isInteger(cap) && cap > 0 ? { ...context.setting, cap } : context.setting; },
      limitRefusal: ({ event }) => ({ code: answerCode(event), detail: answerDetail(event) }),
    }),
    // the refusal is the amount child's to show once, as it starts
    forgetLimitRefusal: assign({ limitRefusal: null }),
  },
}).createMachine({
  id: 'passwordFree',
  context: ({ input }) => ({ language: input.language, setting: null, limitText: '', limit: 0, limitRefusal: null, errorCode: null }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'query',
        src: 'query',
        onDone: { actions: 'announceAnswer' },
        onError: { target: 'loadFailed', actions: 'forgetRefusal' },
      },
      on: {
        'query.ok': [
          { guard: 'enabledNow', target: 'on', actions: 'keepSetting' },
          { target: 'off', actions: 'keepSetting' },
        ],
        'query.refused.*': { target: 'loadFailed', actions: 'keepRefusal' },
      },
    },
    loadFailed: { tags: ['error'], on: { 'setting.retry': { target: 'loading' } } },
    off: {
      initial: 'idle',
      on: { 'limit.edit': { target: 'editing', actions: 'startEditing' } },
      states: { idle: {}, switchedOff: {} },
    },
    on: {
      initial: 'idle',
      on: {
        'limit.edit': { target: 'editing', actions: 'startEditing' },
        'passwordFree.disabled': { target: 'switchingOff' },
      },
      states: { idle: {}, saved: {}, switchOffFailed: { tags: ['error'] } },
    },
    // the limit (amountEntry child): within the cap shown (the server's; it checks again, MCH10015),
    // then confirmed with the pay password
    editing: {
      exit: 'forgetLimitRefusal',
      invoke: {
        id: 'amountEntry',
        src: 'amountEntry',
        input: ({ context }): AmountEntryInput => ({
          language: context.language, amountText: context.limitText, limits: [{ name: 'cap', max: context.setting?.cap ?? 0 }], refusal: context.limitRefusal,
        }),
        onDone: { target: 'confirming', actions: 'keepLimit' },
        // the chart itself failed (never an answer of the server): as cancelling
        onError: [{ guard: 'isEnabled', target: 'on' }, { target: 'off' }],
      },
      on: { 'edit.cancelled': [{ guard: 'isEnabled', target: 'on' }, { target: 'off' }] },
    },
    // the pay password for this setting, then the setting saved (payment child)
    confirming: {
      invoke: {
        id: 'payment',
        src: 'payment',
        input: ({ context }): PaymentInput => ({
          purpose: { service: SET_PASSWORD_FREE_SERVICE, amount: context.limit, counterparty: 'passwordFree' },
          requestPrefix: 'H5F',
          request: { enabled: true, limit: context.limit },
          routedByParent: [MERCHANT_CODES.passwordFreeOverCap],
        }),
        onDone: { actions: 'announceAnswer' },
        // the chart itself failed (never an answer of the server): back to the limit, as going back
        onError: { target: 'editing' },
      },
      on: {
        'payment.ok': { target: 'on.saved', actions: 'keepSetting' },
        // MCH10015, the one code routedByParent lists: the cap was lowered meanwhile
        'payment.refused.*': { target: 'editing', actions: 'keepNewCap' },
        // never (the payment shows its own trouble): as the chart failing
        'payment.unreachable': { target: 'editing' },
        'payment.cancelled': { target: 'editing' },
      },
    },
    switchingOff: {
      tags: ['busy'],
      invoke: {
        id: 'switchOff',
        src: 'switchOff',
        onDone: { actions: 'announceAnswer' },
        onError: { target: 'on.switchOffFailed', actions: 'forgetRefusal' },
      },
      on: {
        'switchOff.ok': { target: 'off.switchedOff', actions: 'keepSetting' },
        'switchOff.refused.*': { target: 'on.switchOffFailed', actions: 'keepRefusal' },
      },
    },
  },
});
