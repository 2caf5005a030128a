import { setup, assign } from 'xstate';
import type { Outcome } from '../services/contract/outcome.ts';
import { MERCHANT_CODES } from '../services/contract/answerCodes.ts';
import type { Language } from '../src/lib/language.ts';
import { decimalMarkOf, parseAmount } from '../src/lib/money.ts';
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
  limitText: string;
  limit: number;
  errorCode: string | null;
}

export type PasswordFreeEvent =
  | { type: 'setting.retry' }
  | { type: 'limit.edit' }
  | { type: 'limit.changed'; value: string }
  | { type: 'limit.submitted' }
  | { type: 'edit.cancelled' }
  | { type: 'payment.cancelled' }
  | { type: 'passwordFree.disabled' };

const typedLimit = (c: PasswordFreeContext) => parseAmount(c.limitText, c.language);
/** Cêntimos as a person types them back ("5000", "5000,50" in pt), in integers only. */
const amountText = (centimos: number, language: Language) => {
  const cents = centimos % 100;
  return `${Math.trunc(centimos / 100)}${cents ? `${decimalMarkOf(language)}${String(cents).padStart(2, '0')}` : ''}`;
};

export const passwordFreeMachine = setup({
  types: { input: {} as PasswordFreeInput, context: {} as PasswordFreeContext, events: {} as PasswordFreeEvent | AnswerEvent },
  actors: {
    query: provided<Outcome<PasswordFreeSetting>>('query'),
    switchOff: provided<Outcome<PasswordFreeSetting>>('switchOff'),
    payment: paymentMachine,
  },
  guards: {
    enabledNow: ({ event }) => answerData<PasswordFreeSetting>(event).enabled,
    isEnabled: ({ context }) => context.setting?.enabled === true,
    limitUnreadable: ({ context }) => typedLimit(context) === null,
    limitNotPositive: ({ context }) => typedLimit(context) === 0n,
    // the cap shown is the server's; it checks again (MCH10015)
    overCap: ({ context }) => (typedLimit(context) ?? 0n) > BigInt(context.setting?.cap ?? 0),
  },
  actions: {
    announceAnswer: announceAnswer<PasswordFreeContext, PasswordFreeEvent | AnswerEvent>(),
    keepSetting: assign({ setting: ({ event }) => answerData<PasswordFreeSetting>(event), errorCode: null }),
    keepRefusal: assign({ errorCode: ({ event }) => answerCode(event) }),
    forgetRefusal: assign({ errorCode: null }),
    // the limit offered is the one set before (kept while switched off), or empty
    startEditing: assign({ limitText: ({ context }) => (context.setting && context.setting.limit > 0 ? amountText(context.setting.limit, context.language) : ''), errorCode: null }),
    setLimitText: assign({ limitText: ({ context, event }) => (event.type === 'limit.changed' ? event.value.slice(0, 24) : context.limitText) }),
    keepLimit: assign({ limit: ({ context }) => Number(typedLimit(context) ?? 0n) }),
    // MCH10015's subMsg is the cap that applies now
    keepNewCap: assign({ setting: ({ event, context }) => { const cap = Number(answerDetail(event)); return context.setting && Number.isInteger(cap) && cap > 0 ? { ...context.setting, cap } : context.setting; } }),
  },
}).createMachine({
  id: 'passwordFree',
  context: ({ input }) => ({ language: input.language, setting: null, limitText: '', limit: 0, errorCode: null }),
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
    // the limit: within the cap, then confirmed with the pay password
    editing: {
      initial: 'typing',
      on: {
        'limit.changed': { target: '.typing', actions: 'setLimitText' },
        'limit.submitted': [
          { guard: 'limitUnreadable', target: '.unreadable' },
          { guard: 'limitNotPositive', target: '.notPositive' },
          { guard: 'overCap', target: '.overCap' },
          { target: 'confirming', actions: 'keepLimit' },
        ],
        'edit.cancelled': [{ guard: 'isEnabled', target: 'on' }, { target: 'off' }],
      },
      states: { typing: {}, unreadable: { tags: ['error'] }, notPositive: { tags: ['error'] }, overCap: { tags: ['error'] } },
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
        'payment.refused.*': { target: 'editing.overCap', actions: 'keepNewCap' },
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
