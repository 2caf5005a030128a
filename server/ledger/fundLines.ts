import type { FundLine } from '../../services/contract/fundDetail.ts';
import { maskName } from '../entities/members.ts';
import { tradeNumber } from './numbers.ts';

/**
 * A member's ledger entries as the lines of a statement (the fund detail, a merchant's settlement
 * movements in the analysis), and the spec's date shortcuts as Luanda days, which every list of
 * money over a range (fund detail, records, analysis) reads the same way.
 */

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
  /**
   * A merchant payment's or its refund's (the payer's side; other queries may leave them out): the
   * merchant's trade name (on its code), the store, and the payment's receipt voucher.
   */
  merchant_name?: string | null;
  store_name?: string | null;
  payment_voucher?: string | null;
  /** A withdrawal's service charge, held and released with it (the line's amount includes it). */
  charge?: string | null;
  /** The other member's mobile (a transfer's), shown masked. */
  counterparty_mobile?: string | null;
}

const tradeNo = (row: LineRow) => tradeNumber(row.created_at, row.transfer_id);

/**
 * A person is masked (first name and initials); a merchant paid by code, or refunding a payment, is
 * shown by its trade name (the name its code carries: public, EMVCo field 59, shown to every payer
 * before paying), never the enterprise's legal name masked like a person's ("Loja D*** L***").
 */
function counterpartyOf(row: LineRow): string | null {
  if (row.merchant_name) return row.merchant_name;
  return row.counterparty ? maskName(row.counterparty) : null;
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
    charge: row.charge ? Number(row.charge) : null,
    at: new Date(row.created_at).toISOString(),
  };
}
