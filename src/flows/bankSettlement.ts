import { fromPromise } from 'xstate';
import { bankSettlementMachine, type BankStatus } from '../../machines/bankSettlement.machine.ts';
import type { Outcome } from '../../services/contract/outcome.ts';

/**
 * Following a payment at the bank, with the flow's own status call (the top-up's by orderNo, the
 * withdrawal's by withdrawNo): the top-up and withdrawal flows each provide it as their child.
 */
export const bankSettlementFlow = (queryStatus: (reference: string) => Promise<Outcome<BankStatus>>) =>
  bankSettlementMachine.provide({
    actors: { queryStatus: fromPromise<Outcome<BankStatus>, { reference: string }>(({ input }) => queryStatus(input.reference)) },
  });
