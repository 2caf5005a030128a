import { transferMachine } from '../../machines/transfer.machine.ts';
import { amountEntryMachine } from '../../machines/amountEntry.machine.ts';
import type { ActorsOf } from '../../machines/outcome.ts';
import { paymentFlow } from './payment.ts';
import { payeeCheckFlow } from './payeeCheck.ts';
import { loadAssets } from './walletAssets.ts';

/** The transfer's gateway calls, its payee check (lists, lookup, favourites), its amount entry and its payment (pay password, then the transfer). */
export const transferActors = {
  loadAssets,
  payeeCheck: payeeCheckFlow,
  amountEntry: amountEntryMachine,
  payment: paymentFlow,
} satisfies ActorsOf<typeof transferMachine>;

export const transferFlow = transferMachine.provide({ actors: transferActors });
