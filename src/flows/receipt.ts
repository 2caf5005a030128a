import { fromPromise } from 'xstate';
import { receiptMachine, type ReceiptCard, type ReceiptInput, type ReceiptSharedVia } from '../../machines/receipt.machine.ts';
import type { ActorsOf } from '../../machines/outcome.ts';
import type { Receipt } from '../../services/contract/fundDetail.ts';
import type { Outcome } from '../../services/contract/outcome.ts';
import { requestGateway } from '../../services/gateway.ts';
import { shareReceipt } from '../lib/receiptShare.ts';

/** A fund line's receipt: loaded by the line's id, shared as a PNG, a download or a copied summary (src/lib/receiptShare.ts). */
export const receiptActors = {
  loadReceipt: fromPromise<Outcome<Receipt>, ReceiptInput>(({ input }) => requestGateway('wallet/fund/queryReceipt', input.key, { quiet: true })),
  shareReceipt: fromPromise<Outcome<{ via: ReceiptSharedVia }>, ReceiptCard>(({ input }) => shareReceipt(input)),
} satisfies ActorsOf<typeof receiptMachine>;

export const receiptFlow = receiptMachine.provide({ actors: receiptActors });
