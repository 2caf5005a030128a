import { fromPromise } from 'xstate';
import { codeChargeMachine } from '../../machines/codeCharge.machine.ts';
import { amountEntryMachine } from '../../machines/amountEntry.machine.ts';
import type { ActorsOf } from '../../machines/outcome.ts';
import { requestGateway } from '../../services/gateway.ts';
import { scannerFlow } from './scanner.ts';

/**
 * The till charging a payment code. The charge is a money call: the chart's requestNo goes in the
 * envelope, so a retry after a lost answer is the same request (answered once, charged once). The
 * customer's confirmation is asked about every 2 s in the background: without the cover, and not
 * activity for the session's idle window.
 */
export const codeChargeActors = {
  amountEntry: amountEntryMachine,
  chargeCode: fromPromise(({ input: { requestNo, ...request } }: { input: { storeId: string; code: string; amount: number; requestNo: string } }) =>
    requestGateway('merchant/cashier/chargePaymentCode', request, { requestNo })),
  queryCharge: fromPromise(({ input }: { input: { chargeId: string } }) => requestGateway('merchant/cashier/queryCharge', input, { quiet: true, background: true })),
  scanner: scannerFlow,
} satisfies ActorsOf<typeof codeChargeMachine>;

/** The cashier's `codeCharge` child as the till runs it. */
export const codeChargeFlow = codeChargeMachine.provide({ actors: codeChargeActors });
