import { fromPromise } from 'xstate';
import { cashierMachine, type CashierStores } from '../../machines/cashier.machine.ts';
import type { ActorsOf } from '../../machines/outcome.ts';
import { requestGateway, type Outcome } from '../gateway.ts';
import { scannerFlow } from './scanner.ts';

// the till asks in the background every two seconds: no cover, no toast for a missed answer
const quiet = { quiet: true } as const;

/**
 * The stores the till can collect for: a merchant's open ones (its own and its sub-merchants'), or
 * a clerk's one store; the server decides which (merchant/cashier/stores).
 */
async function loadStores(): Promise<Outcome<CashierStores>> {
  const answer = await requestGateway('merchant/cashier/stores', {}, quiet);
  return answer.ok ? { ok: true, data: { role: answer.data.role, stores: answer.data.stores } } : answer;
}

/**
 * The till's calls. Charging a payment code is a money call: the chart's requestNo goes in the
 * envelope, so a retry after a lost answer is the same request (answered once, charged once).
 */
export const cashierActors = {
  loadStores: fromPromise(() => loadStores()),
  createCode: fromPromise(({ input }: { input: { storeId: string; amount: number } }) => requestGateway('merchant/cashier/createDynamicCode', input)),
  queryCode: fromPromise(({ input }: { input: { serial: string } }) => requestGateway('merchant/cashier/queryDynamicCode', input, quiet)),
  chargeCode: fromPromise(({ input: { requestNo, ...request } }: { input: { storeId: string; code: string; amount: number; requestNo: string } }) =>
    requestGateway('merchant/cashier/chargePaymentCode', request, { requestNo })),
  queryCharge: fromPromise(({ input }: { input: { chargeId: string } }) => requestGateway('merchant/cashier/queryCharge', input, quiet)),
  scanner: scannerFlow,
} satisfies ActorsOf<typeof cashierMachine>;

export const cashierFlow = cashierMachine.provide({ actors: cashierActors });
