import { CODES } from '../../../services/contract/answerCodes.ts';
import { maskMobile } from '../../../src/lib/phone.ts';
import { DomainError } from '../../errors.ts';
import type { FlowHandlers, Handler } from '../../handler.ts';
import { maskName, memberIdOf } from '../../entities/members.ts';
import { refundNo, tradeNumber } from '../../ledger/numbers.ts';

/**
 * The member's cashback (contract: services/contract/cashback.ts): their cashback records
 * (migration 028's `cashback_records`, one per payment that gave one) with the payment's merchant
 * and store, a record in full with its clawbacks (`cashback_refunds`), and the platform's running
 * campaigns. Every read names the signed-in member in its WHERE: someone else's record is not found.
 */

const iso = (at: Date | string) => new Date(at).toISOString();
const cursorOf = (cursor: string | undefined) => (cursor && /^\d{1,18}$/.test(cursor) ? cursor : null);

type ItemRow = {
  id: string; amount: string; merchant: string; store: string | null; created_at: Date; status: 'success';
  clawed_back: string; refund_status: 'success' | 'failed' | 'abnormal' | null;
};
const ITEM_SELECT = `
  SELECT r.id::text, r.cashback_amount::text AS amount, m.name AS merchant, s.name AS store, r.created_at, r.status,
         r.clawed_back::text, r.refund_status
    FROM cashback_records r
    JOIN merchant_payments p ON p.id = r.payment_id
    JOIN stores s ON s.id = p.store_id
    JOIN merchants m ON m.id = s.merchant_id`;
const item = (row: ItemRow) => ({
  id: row.id, amount: Number(row.amount), merchant: row.merchant, store: row.store, at: iso(row.created_at), status: row.status,
  clawedBack: Number(row.clawed_back), refundStatus: row.refund_status,
});

const list: Handler<'wallet/cashback/list'> = async (input, ctx) => {
  const { rows } = await ctx.db.query<ItemRow>(
    `${ITEM_SELECT} WHERE r.beneficiary_member_id = $1 AND ($2::bigint IS NULL OR r.id < $2::bigint) ORDER BY r.id DESC LIMIT $3`,
    [memberIdOf(ctx), cursorOf(input.cursor), input.pageSize + 1],
  );
  const page = rows.slice(0, input.pageSize);
  return { items: page.map(item), nextCursor: rows.length > input.pageSize ? page.at(-1)!.id : null };
};

/** A login as the member's own pages show it: the mobile "9** *** 001", an e-mail's first letter and its domain. */
const maskedLogin = (mobile: string | null, email: string | null) =>
  mobile ? maskMobile(mobile) : email ? email.replace(/^(.)[^@]*@/, '$1***@') : null;

const detail: Handler<'wallet/cashback/detail'> = async (input, ctx) => {
  const memberId = memberIdOf(ctx);
  const { rows } = await ctx.db.query<ItemRow & {
    cashback_no: string; payment_at: Date; transfer_id: string; trade_voucher_no: string; refund_transaction_no: string | null; refund_voucher_no: string | null;
    policy_id: string; policy_name: string; consumer_amount: string; funding_kind: string; funder: string | null; role: 'payer'; reason: 'merchantPayment';
    clawback_due: string; beneficiary_member_id: string; real_name: string | null; display_name: string; mobile: string | null; email: string | null;
  }>(
    `SELECT r.id::text, r.cashback_amount::text AS amount, m.name AS merchant, s.name AS store, r.created_at, r.status, r.clawed_back::text, r.refund_status,
            r.transaction_no AS cashback_no, p.created_at AS payment_at, p.transfer_id::text, r.trade_voucher_no, r.refund_transaction_no, r.refund_voucher_no,
            r.policy_id::text, c.name AS policy_name, r.consumer_amount::text, a.kind AS funding_kind, fm.name AS funder, r.beneficiary_role AS role, r.reason,
            r.clawback_due::text, r.beneficiary_member_id::text, me.real_name, me.display_name, me.mobile, me.email
       FROM cashback_records r
       JOIN merchant_payments p ON p.id = r.payment_id
       JOIN stores s ON s.id = p.store_id
       JOIN merchants m ON m.id = s.merchant_id
       JOIN cashback_policies c ON c.id = r.policy_id
       JOIN ledger_accounts a ON a.id = r.contributing_account_id
       LEFT JOIN merchants fm ON fm.id = c.merchant_id
       JOIN members me ON me.id = r.beneficiary_member_id
      WHERE r.id = $1 AND r.beneficiary_member_id = $2`,
    [input.id, memberId],
  );
  const row = rows[0];
  if (!row) throw new DomainError(CODES.notFound);
  const refunds = await ctx.db.query<{ refund_id: string; due: string; clawed_back: string; status: 'success' | 'failed' | 'abnormal'; created_at: Date }>(
    'SELECT refund_id::text, due::text, clawed_back::text, status, created_at FROM cashback_refunds WHERE cashback_id = $1 ORDER BY id',
    [row.id],
  );
  return {
    ...item(row),
    cashbackNo: row.cashback_no,
    transactionNo: tradeNumber(row.payment_at, row.transfer_id),
    tradeVoucherNo: row.trade_voucher_no,
    refundTransactionNo: row.refund_transaction_no,
    refundVoucherNo: row.refund_voucher_no,
    policyId: row.policy_id,
    policyName: row.policy_name,
    consumerAmount: Number(row.consumer_amount),
    // the merchant's settlement or the platform's marketing funding: who, never which account
    contributor: row.funding_kind === 'marketing_funding' || !row.funder ? { kind: 'platform' as const } : { kind: 'merchant' as const, name: row.funder },
    beneficiary: { memberId: row.beneficiary_member_id, name: maskName(row.real_name ?? row.display_name), login: maskedLogin(row.mobile, row.email), account: 'cashback' as const },
    role: row.role,
    reason: row.reason,
    clawbackDue: Number(row.clawback_due),
    refunds: refunds.rows.map((r) => ({ refundNo: refundNo(r.refund_id), due: Number(r.due), clawedBack: Number(r.clawed_back), status: r.status, at: iso(r.created_at) })),
  };
};

/** The platform's cashback policies running now that reach this member (every member's, or theirs alone), ending soonest first. */
const announcement: Handler<'wallet/cashback/announcement'> = async (_input, ctx) => {
  const { rows } = await ctx.db.query<{
    id: string; name: string; type: 'ratio' | 'random'; ratio_bp: number | null; min_cashback: string; max_cashback: string | null; min_payment: string; ends_at: Date | null;
  }>(
    `SELECT id::text, name, type, ratio_bp, min_cashback::text, max_cashback::text, min_payment::text, ends_at
       FROM cashback_policies
      WHERE merchant_id IS NULL AND status = 'active' AND starts_at <= now() AND (ends_at IS NULL OR ends_at > now())
        AND (member_id IS NULL OR member_id = $1)
      ORDER BY ends_at ASC NULLS LAST, id DESC LIMIT 50`,
    [memberIdOf(ctx)],
  );
  return {
    campaigns: rows.map((r) => ({
      id: r.id, name: r.name, type: r.type, ratioBp: r.ratio_bp, minCashback: Number(r.min_cashback), maxCashback: r.max_cashback === null ? null : Number(r.max_cashback),
      minPayment: Number(r.min_payment), endsAt: r.ends_at ? iso(r.ends_at) : null,
    })),
  };
};

export const cashbackHandlers = {
  'wallet/cashback/list': list,
  'wallet/cashback/detail': detail,
  'wallet/cashback/announcement': announcement,
} satisfies FlowHandlers<'cashback'>;
