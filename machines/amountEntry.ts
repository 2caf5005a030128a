import { assign, type EventObject } from 'xstate';
import type { Language } from '../src/lib/language.ts';
import { parseAmount } from '../src/lib/money.ts';
import { refusalDetail } from './outcome.ts';

/**
 * The amount a money chart asks for (top-up, withdrawal, transfer, the till's two modes): the
 * context it keeps, the guards that read what was typed and the actions that keep it. Each chart
 * names them in its `setup` (spread from here) and routes `amount.changed` / `amount.submitted` in
 * its own states; its own limits (per top-up, the bank's minimum, the balance) stay its own guards.
 */
export interface AmountEntry {
  language: Language;
  /** As typed, in the language's notation ("1 250,00" in pt). */
  amountText: string;
  /** The amount submitted, in cêntimos. */
  amount: number;
  /** Which limit a refusal names: FND10003's or CRD10010's subMsg (perTransaction, daily, maxBalance…). */
  limit: string | null;
  errorCode: string | null;
}

/** The largest amount a collection code carries (EMVCo field 54: "9999999999.99"); the till charges no more either way. */
export const LARGEST_AMOUNT = 999_999_999_999n;

/** The typed amount in cêntimos, or null when it cannot be read. */
export const typedAmount = (context: AmountEntry) => parseAmount(context.amountText, context.language);

/** An amount typed above a limit in cêntimos (null: no limit). */
export const over = (amount: bigint | null, limit: number | null | undefined) => amount !== null && limit !== null && limit !== undefined && amount > BigInt(limit);

type Args = { context: AmountEntry };

export const amountGuards = {
  amountUnreadable: ({ context }: Args) => typedAmount(context) === null,
  amountNotPositive: ({ context }: Args) => typedAmount(context) === 0n,
};

/** The chart's own context and events type the actions, as its `setup` needs them. */
export const amountActions = <C extends AmountEntry, E extends EventObject>() => ({
  setAmountText: assign<C, E, undefined, E, never>(({ context, event }) => {
    const typed = event as EventObject & { value?: string };
    return { amountText: typed.type === 'amount.changed' ? (typed.value ?? '').slice(0, 24) : context.amountText } as Partial<C>;
  }),
  // a new amount is asked for: what was said about the previous one goes
  keepAmount: assign<C, E, undefined, E, never>(({ context }) => ({ amount: Number(typedAmount(context) ?? 0n), errorCode: null, limit: null }) as Partial<C>),
  keepLimit: assign<C, E, undefined, E, never>(({ event }) => ({ limit: refusalDetail(event) }) as Partial<C>),
});
