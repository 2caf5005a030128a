import { CODES } from '../../../services/contract/answerCodes.ts';
import { DomainError } from '../../errors.ts';
import type { FlowHandlers, Handler } from '../../handler.ts';
import { memberIdOf } from '../../entities/members.ts';
import { tradeNumber } from '../../ledger/numbers.ts';

/**
 * The member's reductions (contract: services/contract/reduction.ts): their merchant payments whose
 * price a discount policy or a coupon lowered (`merchant_payments.discount` > 0, what each gave in
 * `payment_promotions`, migration 028), with the merchant and store. Every read names the
 * signed-in payer in its WHERE: someone else's payment is not found.
 */

const iso = (at: Date | string) => new Date(at).toISOString();

type Row = {
  id: string; amount: string; discount_total: string; discount: string | null; coupon: string | null; coupon_name: string | null;
  merchant: string; store: string | null; created_at: Date; voucher_no: string;
};
const SELECT = `
  SELECT p.id::text, p.amount::text, p.discount::text AS discount_total, pd.amount::text AS discount, pc.amount::text AS coupon, k.name AS coupon_name,
         m.name AS merchant, s.name AS store, p.created_at, p.voucher_no, d.name AS discount_name, p.transfer_id::text, p.refunded::text,
         cb.id::text AS cashback_id, cb.cashback_amount::text AS cashback
    FROM merchant_payments p
    JOIN stores s ON s.id = p.store_id
    JOIN merchants m ON m.id = s.merchant_id
    LEFT JOIN payment_promotions pd ON pd.payment_id = p.id AND pd.extension = 'discount'
    LEFT JOIN discount_policies d ON d.id = pd.policy_id
    LEFT JOIN payment_promotions pc ON pc.payment_id = p.id AND pc.extension = 'coupon'
    LEFT JOIN coupons k ON k.id = pc.policy_id
    LEFT JOIN cashback_records cb ON cb.payment_id = p.id`;

const item = (row: Row) => {
  const coupon = row.coupon === null ? 0 : Number(row.coupon);
  return {
    id: row.id,
    price: Number(row.amount),
    // what the merchant's discount took off: the payment's reduction less its coupon
    discount: row.discount === null ? Number(row.discount_total) - coupon : Number(row.discount),
    coupon: row.coupon === null ? null : { name: row.coupon_name ?? '', amount: coupon },
    paid: Number(row.amount) - Number(row.discount_total),
    merchant: row.merchant,
    store: row.store,
    at: iso(row.created_at),
    voucherNo: row.voucher_no,
  };
};

const list: Handler<'wallet/reduction/list'> = async (input, ctx) => {
  const cursor = input.cursor && /^\d{1,18}$/.test(input.cursor) ? input.cursor : null;
  const { rows } = await ctx.db.query<Row>(
    `${SELECT} WHERE p.payer_id = $1 AND p.discount > 0 AND ($2::bigint IS NULL OR p.id < $2::bigint) ORDER BY p.id DESC LIMIT $3`,
    [memberIdOf(ctx), cursor, input.pageSize + 1],
  );
  const page = rows.slice(0, input.pageSize);
  return { items: page.map(item), nextCursor: rows.length > input.pageSize ? page.at(-1)!.id : null };
};

const detail: Handler<'wallet/reduction/detail'> = async (input, ctx) => {
  const { rows } = await ctx.db.query<Row & { discount_name: string | null; transfer_id: string; refunded: string; cashback_id: string | null; cashback: string | null }>(
    `${SELECT} WHERE p.id = $1 AND p.payer_id = $2 AND p.discount > 0`,
    [input.id, memberIdOf(ctx)],
  );
  const row = rows[0];
  if (!row) throw new DomainError(CODES.notFound);
  return {
    ...item(row),
    discountName: row.discount_name,
    transactionNo: tradeNumber(row.created_at, row.transfer_id),
    refunded: Number(row.refunded),
    cashback: row.cashback_id && row.cashback ? { id: row.cashback_id, amount: Number(row.cashback) } : null,
  };
};

export const reductionHandlers = {
  'wallet/reduction/list': list,
  'wallet/reduction/detail': detail,
} satisfies FlowHandlers<'reduction'>;
