import { setup, assign } from 'xstate';
import type { Language } from '../src/lib/language.ts';
import { decimalMarkOf, parseAmount } from '../src/lib/money.ts';

/**
 * The amount a money page asks for (transfer, top-up, withdrawal, a refund, the till's two modes):
 * typed in the person's notation → refused as not a number, zero, below the page's minimum or over
 * one of its limits (the balance, a bank's limit per payment, what is left to refund, the most a
 * code carries), each said next to the field → ends with the amount. The page gives the limits it
 * knows; what only its server can judge (a daily limit, the balance under the account's lock) it
 * routes itself, and when the server refuses the amount the page asks again, with the refusal
 * shown here until the amount is changed.
 */
export interface AmountLimit {
  /** What the limit is, the name its message goes by on the page: `available`, `perTransaction`, `maxAmount`… */
  name: string;
  /** The most the amount may be, in cêntimos. */
  max: number;
}

/** The page's refusal of the amount asked before: its server's code and detail, or no answer (code null). */
export interface AmountRefusal {
  code: string | null;
  detail: string | null;
}

export interface AmountEntryInput {
  language: Language;
  /** What the field shows first: the amount asked before. */
  amountText: string;
  /** The least it may be, in cêntimos (a bank's minimum); above zero when not given. */
  min?: number;
  /** The most it may be, checked in this order. */
  limits?: AmountLimit[];
  refusal?: AmountRefusal | null;
}

export interface AmountEntryContext {
  language: Language;
  amountText: string;
  min: number;
  limits: AmountLimit[];
  refusal: AmountRefusal | null;
  /** The limit the amount went over. */
  exceeded: string | null;
  /** The amount asked for, in cêntimos. */
  amount: number;
}

export type AmountEntryEvent = { type: 'amount.changed'; value: string } | { type: 'amount.submitted' };

/** What the page receives: the amount in cêntimos, and as it was typed (to ask again with it). */
export interface AmountAsked {
  amount: number;
  amountText: string;
}

/** The largest amount a collection code carries (EMVCo field 54: "9999999999.99"); the till charges no more either way. */
export const LARGEST_AMOUNT = 999_999_999_999;

/** The typed amount in cêntimos, or null when it cannot be read. */
export const typedAmount = (context: Pick<AmountEntryContext, 'amountText' | 'language'>) => parseAmount(context.amountText, context.language);

/** Cêntimos as a person types them back ("5000", "5000,50" in pt): what a page offers the field first. */
export const amountTextOf = (centimos: number, language: Language) => {
  const cents = centimos % 100;
  return `${Math.trunc(centimos / 100)}${cents ? `${decimalMarkOf(language)}${String(cents).padStart(2, '0')}` : ''}`;
};

/** The amount the page was given, from this chart's done event. */
export const amountAsked = (event: unknown): AmountAsked => (event as { output: AmountAsked }).output;

const exceededLimit = (context: AmountEntryContext) => {
  const typed = typedAmount(context) ?? 0n;
  return context.limits.find((limit) => typed > BigInt(limit.max)) ?? null;
};

export const amountEntryMachine = setup({
  types: { input: {} as AmountEntryInput, context: {} as AmountEntryContext, events: {} as AmountEntryEvent, output: {} as AmountAsked },
  guards: {
    refusedBefore: ({ context }) => context.refusal !== null,
    amountUnreadable: ({ context }) => typedAmount(context) === null,
    amountNotPositive: ({ context }) => typedAmount(context) === 0n,
    belowMin: ({ context }) => (typedAmount(context) ?? 0n) < BigInt(context.min),
    overLimit: ({ context }) => exceededLimit(context) !== null,
  },
  actions: {
    setAmountText: assign({ amountText: ({ context, event }) => (event.type === 'amount.changed' ? event.value.slice(0, 24) : context.amountText) }),
    keepExceeded: assign({ exceeded: ({ context }) => exceededLimit(context)?.name ?? null }),
    keepAmount: assign({ amount: ({ context }) => Number(typedAmount(context) ?? 0n) }),
  },
}).createMachine({
  id: 'amountEntry',
  context: ({ input }) => ({
    language: input.language, amountText: input.amountText, min: input.min ?? 0, limits: input.limits ?? [], refusal: input.refusal ?? null, exceeded: null, amount: 0,
  }),
  initial: 'starting',
  output: ({ context }) => ({ amount: context.amount, amountText: context.amountText }),
  states: {
    // asked again after the page's server refused the amount: why, until it is changed
    starting: { always: [{ guard: 'refusedBefore', target: 'entering.refused' }, { target: 'entering' }] },
    entering: {
      initial: 'typing',
      on: {
        'amount.changed': { target: '.typing', actions: 'setAmountText' },
        'amount.submitted': [
          { guard: 'amountUnreadable', target: '.unreadable' },
          { guard: 'amountNotPositive', target: '.notPositive' },
          { guard: 'belowMin', target: '.belowMin' },
          // the page's limits as it last knew them; its server checks again
          { guard: 'overLimit', target: '.overLimit', actions: 'keepExceeded' },
          { target: 'asked', actions: 'keepAmount' },
        ],
      },
      states: {
        typing: {},
        unreadable: { tags: ['error'] },
        notPositive: { tags: ['error'] },
        belowMin: { tags: ['error'] },
        overLimit: { tags: ['error'] },
        // the page's server refused the amount asked before
        refused: { tags: ['error'] },
      },
    },
    asked: { type: 'final' },
  },
});
