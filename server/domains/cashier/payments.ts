import type { MerchantPayment } from '../../../services/contract/merchantShared.ts';
import type { Charge } from '../../../services/contract/cashier.ts';
import type { Queryable } from '../../db/index.ts';
import { maskName } from '../../entities/members.ts';
import { tradeNumber } from '../../ledger/numbers.ts';

/** A payment as the merchant's records show it: the charge and what the merchant nets, the payer masked. */
export async function merchantPaymentView(db: Queryable, paymentId: string): Promise<MerchantPayment> {
  const { rows } = await db.query<{
    id: string; voucher_no: string; transfer_id: string; store_id: string; store_name: string; serial: string | null; method: MerchantPayment['method'];
    amount: string; charge: string; refunded: string; charge_returned: string; created_at: Date; payer_name: string;
  }>(
    `SELECT p.id::text, p.voucher_no, p.transfer_id::text, p.store_id::text, st.name AS store_name, p.serial, p.method,
            (p.amount - p.discount)::text AS amount, p.charge::text, p.refunded::text, p.created_at, coalesce(payer.real_name, payer.display_name) AS payer_name,
            coalesce((SELECT sum(r.charge_returned) FROM merchant_refunds r WHERE r.payment_id = p.id), 0)::text AS charge_returned
       FROM merchant_payments p JOIN stores st ON st.id = p.store_id JOIN members payer ON payer.id = p.payer_id
      WHERE p.id = $1`,
    [paymentId],
  );
  const row = rows[0]!;
  const at = new Date(row.created_at);
  const [amount, charge, refunded, chargeReturned] = [BigInt(row.amount), BigInt(row.charge), BigInt(row.refunded), BigInt(row.charge_returned)];
  return {
    paymentId: row.id,
    voucherNo: row.voucher_no,
    // the trade number the payer's fund detail shows for the same movement (ledger/numbers.ts)
    tradeNo: tradeNumber(at, row.transfer_id),
    storeId: row.store_id,
    storeName: row.store_name,
    serial: row.serial,
    method: row.method,
    amount: Number(amount),
    charge: Number(charge),
    // a refund returns its share of the charge (server/ledger/README.md "Refunds"): the merchant bears only the net part, as the records show
    net: Number(amount - charge - (refunded - chargeReturned)),
    payerMasked: maskName(row.payer_name),
    at: at.toISOString(),
  };
}

export interface ChargeRow {
  id: string;
  state: Charge['state'];
  amount: string;
  payment_id: string | null;
  refusal_code: string | null;
  store_id: string;
}

export async function chargeView(db: Queryable, charge: ChargeRow): Promise<Charge> {
  return {
    chargeId: charge.id,
    state: charge.state,
    amount: Number(charge.amount),
    payment: charge.payment_id ? await merchantPaymentView(db, charge.payment_id) : null,
    refusalCode: charge.refusal_code,
  };
}
