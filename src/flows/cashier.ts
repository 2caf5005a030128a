import { fromPromise } from 'xstate';
import { cashierMachine, type CashierStores } from '../../machines/cashier.machine.ts';
import type { ActorsOf } from '../../machines/outcome.ts';
import { requestGateway } from '../../services/gateway.ts';
import type { Outcome } from '../../services/contract/outcome.ts';
import { codeChargeFlow } from './codeCharge.ts';
import { dynamicCodeFlow } from './dynamicCode.ts';

/**
 * The stores the till can collect for: a merchant's open ones (its own and its sub-merchants'), or
 * a clerk's one store; the server decides which (merchant/cashier/stores). Asked without the modal
 * cover: the screen shows its own loading line.
 */
async function loadStores(): Promise<Outcome<CashierStores>> {
  const answer = await requestGateway('merchant/cashier/stores', {}, { quiet: true });
  return answer.ok ? { ok: true, data: { role: answer.data.role, stores: answer.data.stores } } : answer;
}

/** The till's calls: its stores, and each mode's child chart with its own (src/flows/dynamicCode.ts, codeCharge.ts). */
export const cashierActors = {
  loadStores: fromPromise(() => loadStores()),
  dynamicCode: dynamicCodeFlow,
  codeCharge: codeChargeFlow,
} satisfies ActorsOf<typeof cashierMachine>;

export const cashierFlow = cashierMachine.provide({ actors: cashierActors });
