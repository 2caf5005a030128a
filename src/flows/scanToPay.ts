import { fromPromise } from 'xstate';
import { amountEntryMachine } from '../../machines/amountEntry.machine.ts';
import { scanToPayMachine, type RecentStore, type ResolvedCode } from '../../machines/scanToPay.machine.ts';
import type { ActorsOf } from '../../machines/outcome.ts';
import { requestGateway } from '../../services/gateway.ts';
import type { Outcome } from '../../services/contract/outcome.ts';
import { paymentFlow } from './payment.ts';
import { scannerFlow } from './scanner.ts';
import { loadAssets } from './walletAssets.ts';
import { quoteMerchantPayment } from './merchantQuote.ts';

/** Paying a merchant: the balance, the scanner, what the code pays, its quote, and the payment (pay password, then `pay/merchant/pay`). */
export const scanToPayActors = {
  amountEntry: amountEntryMachine,
  loadAssets,
  scanner: scannerFlow,
  resolveCode: fromPromise<Outcome<ResolvedCode>, { code: string }>(({ input }) => requestGateway('pay/merchant/resolveCode', input)),
  recentMerchants: fromPromise<Outcome<{ stores: RecentStore[] }>>(() => requestGateway('pay/merchant/recentMerchants', {})),
  quote: quoteMerchantPayment,
  payment: paymentFlow,
} satisfies ActorsOf<typeof scanToPayMachine>;

export const scanToPayFlow = scanToPayMachine.provide({ actors: scanToPayActors });
