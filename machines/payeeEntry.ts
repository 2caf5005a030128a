import type { EventObject } from 'xstate';
import { toNationalMobile } from '../src/lib/phone.ts';

/**
 * The payee a money chart names by number or picks from the transfer's lists (the transfer, asking
 * for money): the guards both name in their `setup` (spread from here), so "a number" and "one of
 * those shown" mean the same in both.
 */
export interface PayeeEntry {
  mobile: string;
  payees: { recent: ReadonlyArray<{ mobile: string }>; favourites: ReadonlyArray<{ mobile: string }> };
}

export const payeeGuards = {
  mobileValid: ({ context }: { context: PayeeEntry }) => toNationalMobile(context.mobile) !== null,
  // the lists' own entries only: a pick names what the member sees
  listedPayee: ({ context, event }: { context: PayeeEntry; event: EventObject }) =>
    event.type === 'payee.picked' && [...context.payees.recent, ...context.payees.favourites].some((p) => p.mobile === (event as EventObject & { mobile?: string }).mobile),
};
