import { CODES } from '../../../services/contract/answerCodes.ts';
import type { FundLine } from '../../../services/contract/fundDetail.ts';
import { DomainError } from '../../errors.ts';
import type { Handler, FlowHandlers } from '../../handler.ts';
import { maskName, memberIdOf } from '../members/moneyMembers.ts';
import { tradeNumber } from '../../ledger/tradeNumber.ts';

const LUANDA_OFFSET_MS = 3_600_000; // UTC+1 all year
const DAY_MS = 86_400_000;
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Spec §9 shortcuts as Luanda days [from, to], weeks from Monday. */
export function shortcutRange(code: string, now = Date.now()): { from: string; to: string } {
  const today = Math.floor((now + LUANDA_OFFSET_MS) / DAY_MS) * DAY_MS;
  const weekday = (new Date(today).getUTCDay() + 6) % 7; // Monday 0
  const date = new Date(today);
  const monthStart = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1);
  const lastMonthStart = Date.UTC(date.getUTCFullYear(), date.getUTCMonth() - 1, 1);
  const ranges: Record<string, [number, number]> = {
    '1': [today - DAY_MS, today - DAY_MS],
    '2': [today - weekday * DAY_MS, today],
    '3': [today - (weekday + 7) * DAY_MS, today - (weekday + 1) * DAY_MS],
    '4': [monthStart, today],
    '5': [lastMonthStart, monthStart - DAY_MS],
    '6': [today - 6 * DAY_MS, today],
    '7': [today, today],
    '8': [today - 29 * DAY_MS, today],
  };
  const [from, to] = ranges[code] ?? ranges['8']!;
  return { from: dayOf(from), to: dayOf(to) };
}

export interface LineRow {
  entry_id: string;
  transfer_id: string;
  amount: string;
  balance_after: string;
  kind: string;
  reference: string | null;
  created_at: Date;
  counterparty: string | null;
  /** A merchant payment's (the payer's side; other queries may leave them out): the name on the code, the store, the receipt's voucher. */
  merchant_name?: string | null;
  store_name?: string | null;
  payment_voucher?: string | null;
}

const LINE_SELECT = `
  SELECT e.id::text AS entry_id, t.id::text AS transfer_id, e.amount::text, e.balance_after::text, t.kind, t.reference, e.created_at,
         coalesce(om.real_name, om.display_name) AS counterparty, pm.name AS merchant_name, ps.name AS store_name, mp.voucher_no AS payment_voucher
    FROM ledger_entries e
    JOIN ledger_accounts mine ON mine.id = e.account_id
    JOIN ledger_transfers t ON t.id = e.transfer_id
    JOIN ledger_accounts other ON other.id = CASE WHEN t.debit_account_id = e.account_id THEN t.credit_account_id ELSE t.debit_account_id END
    LEFT JOIN members om ON om.id = other.member_id AND other.member_id <> mine.member_id
    -- the payer's side of a merchant payment (found through the payer's own payments index)
    LEFT JOIN merchant_payments mp ON mp.payer_id = mine.member_id AND mp.transfer_id = t.id
    LEFT JOIN stores ps ON ps.id = mp.store_id
    LEFT JOIN merchants pm ON pm.id = ps.merchant_id`;

const tradeNo = (row: LineRow) => tradeNumber(row.created_at, row.transfer_id);

/**
 * A person is masked (first name and initials); a merchant paid by code is shown by the name its
 * code carries (public: EMVCo field 59, shown to every payer before paying), not the enterprise's
 * legal name masked like a person's.
 */
function counterpartyOf(row: LineRow): string | null {
  if (row.merchant_name) return row.merchant_name;
  return row.counterparty ? maskName(row.counterparty) : null;
}

/** The seller on a line's detail: a merchant payment's merchant and store, as on the receipt. */
function sellerOf(row: LineRow, item: FundLine): string | null {
  if (item.direction !== 'expenditure') return null;
  if (row.merchant_name && row.store_name && row.store_name !== row.merchant_name) return `${row.merchant_name} · ${row.store_name}`;
  return item.counterparty;
}

export function line(row: LineRow): FundLine {
  const amount = BigInt(row.amount);
  const after = BigInt(row.balance_after);
  return {
    id: row.entry_id,
    direction: amount > 0n ? 'income' : 'expenditure',
    tradeNo: tradeNo(row),
    kind: row.kind,
    amount: Number(amount < 0n ? -amount : amount),
    balanceBefore: Number(after - amount),
    balanceAfter: Number(after),
    product: row.kind,
    counterparty: counterpartyOf(row),
    at: new Date(row.created_at).toISOString(),
  };
}

const queryFundDetails: Handler<'wallet/fund/queryFundDetails'> = async (input, ctx) => {
  const memberId = memberIdOf(ctx);
  const range = input.from && input.to ? { from: input.from, to: input.to } : shortcutRange(input.shortcut ?? '8');
  if (range.from > range.to) throw new DomainError(CODES.invalidParameters, 200, 'from');
  const { rows } = await ctx.db.query<LineRow>(
    `${LINE_SELECT}
      WHERE mine.member_id = $1 AND mine.kind = 'available'
        AND e.created_at >= ($2::date - interval '1 hour') AND e.created_at < ($3::date + interval '1 day' - interval '1 hour')
        AND ($4::bigint IS NULL OR e.id < $4::bigint)
      ORDER BY e.id DESC LIMIT $5`,
    [memberId, range.from, range.to, input.cursor && /^\d{1,18}$/.test(input.cursor) ? input.cursor : null, input.pageSize + 1],
  );
  const page = rows.slice(0, input.pageSize);
  return { items: page.map(line), nextCursor: rows.length > input.pageSize ? page.at(-1)!.entry_id : null, ...range };
};

const queryFundDetail: Handler<'wallet/fund/queryFundDetail'> = async (input, ctx) => {
  const memberId = memberIdOf(ctx);
  const { rows } = await ctx.db.query<LineRow>(`${LINE_SELECT} WHERE e.id = $1 AND mine.member_id = $2`, [input.id, memberId]);
  const row = rows[0];
  if (!row) throw new DomainError(CODES.notFound);
  const item = line(row);
  // a merchant payment's voucher is the one on its receipt
  const voucherNo = row.payment_voucher ?? `V${row.transfer_id.padStart(12, '0')}`;
  return { ...item, voucherNo, relatedAmount: item.amount, seller: sellerOf(row, item), note: row.reference };
};

export const fundDetailHandlers = {
  'wallet/fund/queryFundDetails': queryFundDetails,
  'wallet/fund/queryFundDetail': queryFundDetail,
} satisfies FlowHandlers<'fundDetail'>;
