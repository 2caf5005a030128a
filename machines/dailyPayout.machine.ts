import { assign, setup } from 'xstate';
import type { Outcome } from '../services/contract/outcome.ts';
import type { PayoutSettings } from '../services/contract/dailyPayout.ts';
import { announceAnswer, answerCode, answerData, provided, type AnswerEvent } from './outcome.ts';

/**
 * The merchant's daily payout (`/app/dailypayout`; README "Daily payout"): the owner switches on an
 * automatic withdrawal of the shop's settlement to one of its bound cards, every day from a Luanda
 * time it picks, and sees the latest payouts with their state (paid, with the bank, refused by the
 * bank, nothing paid and why). The form is the chart's context until it is saved; the server
 * answers the settings as saved. A clerk (STF10010) and a member without a collection account
 * (MCH10003) are told so. No pay password: the money can only go to the owner's own bound card,
 * and each payout is an ordinary withdrawal with its charge.
 */

export interface PayoutForm {
  enabled: boolean;
  /** "HH:MM", Luanda time. */
  time: string;
  cardId: string | null;
}

export interface DailyPayoutContext {
  settings: PayoutSettings | null;
  form: PayoutForm;
  errorCode: string | null;
}

export type DailyPayoutEvent =
  | { type: 'enabled.toggled' }
  | { type: 'time.changed'; time: string }
  | { type: 'card.chosen'; cardId: string }
  | { type: 'payout.saved' }
  | { type: 'payout.refresh' }
  | { type: 'payout.retry' };

/** The form as the settings stand: their card, else the first bound card a payout can go to. */
export function formOf(settings: PayoutSettings): PayoutForm {
  const usable = settings.cards.find((c) => !c.needBranch)?.cardId ?? null;
  return { enabled: settings.enabled, time: settings.time, cardId: settings.cardId ?? usable };
}

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

export const dailyPayoutMachine = setup({
  types: { context: {} as DailyPayoutContext, events: {} as DailyPayoutEvent | AnswerEvent },
  actors: {
    loadSettings: provided<Outcome<PayoutSettings>>('loadSettings'),
    saveSettings: provided<Outcome<PayoutSettings>, PayoutForm & { cardId: string }>('saveSettings'),
  },
  guards: {
    // a card to pay to and a time of day: what the server needs
    formComplete: ({ context }) => context.form.cardId !== null && TIME.test(context.form.time),
    // one of the owner's cards shown, at a bank that needs no branch
    usableCard: ({ context, event }) => event.type === 'card.chosen' && (context.settings?.cards ?? []).some((c) => c.cardId === event.cardId && !c.needBranch),
  },
  actions: {
    announceAnswer: announceAnswer<DailyPayoutContext, DailyPayoutEvent | AnswerEvent>(),
    keepSettings: assign(({ event }) => {
      const settings = answerData<PayoutSettings>(event);
      return { settings, form: formOf(settings), errorCode: null };
    }),
    toggleEnabled: assign({ form: ({ context }) => ({ ...context.form, enabled: !context.form.enabled }) }),
    setTime: assign({ form: ({ context, event }) => (event.type === 'time.changed' ? { ...context.form, time: event.time } : context.form) }),
    setCard: assign({ form: ({ context, event }) => (event.type === 'card.chosen' ? { ...context.form, cardId: event.cardId } : context.form) }),
    keepRefusal: assign({ errorCode: ({ event }) => answerCode(event) }),
    forgetRefusal: assign({ errorCode: null }),
  },
}).createMachine({
  id: 'dailyPayout',
  context: { settings: null, form: { enabled: false, time: '18:00', cardId: null }, errorCode: null },
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadSettings',
        src: 'loadSettings',
        onDone: { actions: 'announceAnswer' },
        onError: { target: 'failed', actions: 'forgetRefusal' },
      },
      on: {
        'loadSettings.ok': { target: 'ready', actions: 'keepSettings' },
        // a clerk: the owner's setting
        'loadSettings.refused.STF10010': { target: 'ownerOnly' },
        // no collection account yet: the screen leads to opening one
        'loadSettings.refused.MCH10003': { target: 'notMerchant' },
        'loadSettings.refused.*': { target: 'failed', actions: 'keepRefusal' },
      },
    },
    failed: { tags: ['error'], on: { 'payout.retry': { target: 'loading' } } },
    ownerOnly: {},
    notMerchant: {},
    ready: {
      initial: 'editing',
      on: {
        'enabled.toggled': { target: '.editing', actions: 'toggleEnabled' },
        'time.changed': { target: '.editing', actions: 'setTime' },
        'card.chosen': { guard: 'usableCard', target: '.editing', actions: 'setCard' },
        'payout.saved': { guard: 'formComplete', target: 'saving' },
        // the latest payouts again (one may have been answered by the bank meanwhile)
        'payout.refresh': { target: 'loading' },
      },
      states: {
        editing: {},
        saved: {},
        refused: { tags: ['error'] },
      },
    },
    saving: {
      tags: ['busy'],
      invoke: {
        id: 'saveSettings',
        src: 'saveSettings',
        input: ({ context }) => ({ ...context.form, cardId: context.form.cardId ?? '' }),
        onDone: { actions: 'announceAnswer' },
        onError: { target: 'ready.refused', actions: 'forgetRefusal' },
      },
      on: {
        'saveSettings.ok': { target: 'ready.saved', actions: 'keepSettings' },
        // CRD10008 (the card was removed meanwhile), PYO10001 (its bank needs a branch): shown with the form as it was
        'saveSettings.refused.*': { target: 'ready.refused', actions: 'keepRefusal' },
      },
    },
  },
});
