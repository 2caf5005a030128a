import { fromPromise } from 'xstate';
import { refundMachine, type RecordDetail } from '../../machines/refund.machine.ts';
import { amountEntryMachine } from '../../machines/amountEntry.machine.ts';
import type { ActorsOf } from '../../machines/outcome.ts';
import { requestGateway } from '../../services/gateway.ts';
import type { Outcome } from '../../services/contract/outcome.ts';
import { paymentFlow } from './payment.ts';

/** A record's detail, and its refund: the amount (amountEntry child), the merchant's pay password, then merchant/refund/apply (payment child). */
export const refundActors = {
  amountEntry: amountEntryMachine,
  loadRecord: fromPromise<Outcome<RecordDetail>, { recordId: string }>(({ input }) => requestGateway('merchant/records/detail', input, { quiet: true })),
  payment: paymentFlow,
} satisfies ActorsOf<typeof refundMachine>;

export const refundFlow = refundMachine.provide({ actors: refundActors });
