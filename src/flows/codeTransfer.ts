import { fromPromise } from 'xstate';
import { codeTransferMachine } from '../../machines/codeTransfer.machine.ts';
import { amountEntryMachine } from '../../machines/amountEntry.machine.ts';
import type { ActorsOf } from '../../machines/outcome.ts';
import type { ResolvedCode } from '../../services/contract/receiveCode.ts';
import type { Outcome } from '../../services/contract/outcome.ts';
import { requestGateway } from '../../services/gateway.ts';
import { paymentFlow } from './payment.ts';
import { loadAssets } from './walletAssets.ts';

/** Paying a scanned receive code: the balance, whom the code pays, the amount, the payment (pay password, then payByCode). */
export const codeTransferActors = {
  loadAssets,
  resolveCode: fromPromise<Outcome<ResolvedCode>, { token: string }>(({ input }) => requestGateway('wallet/receiveCode/resolveCode', input)),
  amountEntry: amountEntryMachine,
  payment: paymentFlow,
} satisfies ActorsOf<typeof codeTransferMachine>;

export const codeTransferFlow = codeTransferMachine.provide({ actors: codeTransferActors });
