import { z } from 'zod';
import { defineService } from './define.ts';
import { cents, positiveCents } from './shared.ts';
import { recordId, recordState } from './records.ts';

/**
 * A refund of a merchant payment, from the record's detail (owner only: a clerk is STF10010). Full
 * or partial; all refunds of a payment together never above what was paid (STF10012). A money
 * call: the merchant's pay password for this refund (`payToken`, purpose {service, amount,
 * counterparty: recordId}), idempotent on requestNo. The payer gets `amount` back in their
 * available account; the merchant's settlement gives `amount − chargeReturned` and fee income the
 * service charge in proportion (server/ledger/README.md, "Refunds"). Not enough settlement left
 * (already withdrawn) is FND10001; a record the owner cannot see is STF10013.
 */
export const applyRefund = defineService({
  name: 'merchant/refund/apply',
  audience: 'member',
  request: z.object({ recordId, amount: positiveCents, payToken: z.string().min(20).max(128) }),
  response: z.object({
    refundId: z.string(),
    refundNo: z.string(),
    recordId,
    amount: cents,
    chargeReturned: cents,
    /** The payment's refunds so far, this one included, and its state after it. */
    refunded: cents,
    state: recordState,
    at: z.string(),
  }),
});
