import { CODES } from '../../../services/contract/answerCodes.ts';
import type { FundLineFacts, Receipt, ReceiptKey, ReceiptParty } from '../../../services/contract/fundDetail.ts';
import { maskMobile } from '../../../src/lib/phone.ts';
import type { Queryable } from '../../db/index.ts';
import { DomainError } from '../../errors.ts';
import type { Handler, FlowHandlers } from '../../handler.ts';
import { bankLabel } from '../../entities/bankChannels.ts';
import { maskCardNo } from '../../entities/cards.ts';
import { maskName, memberIdOf } from '../../entities/members.ts';
import { line, shortcutRange, type LineRow } from '../../ledger/fundLines.ts';
import { NUMBER_PREFIXES, transferVoucherNo } from '../../ledger/numbers.ts';

/** The id in a reference made of a prefix and the zero-padded id (RF…: a refund, MP…: a payment), for this line's kind only. */
const idIn = (kind: string, prefix: string) => `CASE WHEN t.kind = '${kind}' AND t.reference ~ '^${prefix}[0-9]{1,18}$' THEN substr(t.reference, ${prefix.length + 1})::bigint END`;

const LINE_SELECT = `
  SELECT e.id::text AS entry_id, t.id::text AS transfer_id, e.amount::text, e.balance_after::text, t.kind, t.reference, e.created_at,
         coalesce(om.real_name, om.display_name) AS counterparty, om.mobile AS counterparty_mobile,
         pm.name AS merchant_name, ps.name AS store_name, coalesce(mp.voucher_no, rp.voucher_no) AS payment_voucher, wd.charge::text AS charge
    FROM ledger_entries e
    JOIN ledger_accounts mine ON mine.id = e.account_id
    JOIN ledger_transfers t ON t.id = e.transfer_id
    JOIN ledger_accounts other ON other.id = CASE WHEN t.debit_account_id = e.account_id THEN t.credit_account_id ELSE t.debit_account_id END
    LEFT JOIN members om ON om.id = other.member_id AND other.member_id <> mine.member_id
    -- the payer's side of a merchant payment (found through the payer's own payments index)
    LEFT JOIN merchant_payments mp ON mp.payer_id = mine.member_id AND mp.transfer_id = t.id
    -- a refund to the payer: the refund (its number is RF + its id), then the payment it gives back
    LEFT JOIN merchant_refunds mr ON mr.id = ${idIn('merchant_refund', NUMBER_PREFIXES.refund)}
    LEFT JOIN merchant_payments rp ON rp.id = mr.payment_id AND rp.payer_id = mine.member_id
    LEFT JOIN stores ps ON ps.id = coalesce(mp.store_id, rp.store_id)
    LEFT JOIN merchants pm ON pm.id = ps.merchant_id
    -- a withdrawal's hold or release: its charge (its number is the reference)
    LEFT JOIN withdrawals wd ON t.kind IN ('withdraw_hold', 'withdraw_release') AND wd.withdraw_no = t.reference AND wd.member_id = mine.member_id`;

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

/** A card as the member's card list shows it: the bank and the masked number. */
type CardRow = { bank_code: string; bin: string; last4: string; card_length: number };
const cardOf = (row: CardRow | undefined) => (row ? { bankShort: bankLabel(row.bank_code).bankShort, maskedCardNo: maskCardNo(row.bin, row.last4, row.card_length) } : null);

/**
 * What a line's page shows besides its numbers, by kind of movement: a transfer's other person
 * (masked name and number); a top-up's card; a withdrawal's card, amount, charge and total; a
 * merchant payment's merchant, store and voucher; a refund's merchant and the voucher of the
 * payment it gives back. The references behind them (order and withdrawal numbers) are ours, not
 * the member's, and are not shown.
 */
async function factsOf(db: Queryable, memberId: string, row: LineRow): Promise<FundLineFacts> {
  switch (row.kind) {
    case 'transfer':
      return { type: 'transfer', name: row.counterparty ? maskName(row.counterparty) : null, mobile: row.counterparty_mobile ? maskMobile(row.counterparty_mobile) : null };
    case 'topup': {
      const { rows } = await db.query<CardRow>(
        'SELECT c.bank_code, c.bin, c.last4, c.card_length FROM topups o JOIN bank_cards c ON c.id = o.card_id WHERE o.order_no = $1 AND o.member_id = $2',
        [row.reference, memberId],
      );
      return { type: 'topup', card: cardOf(rows[0]) };
    }
    case 'withdraw_hold':
    case 'withdraw_release': {
      const { rows } = await db.query<CardRow & { amount: string; charge: string; state: 'PENDING' | 'SUCCESS' | 'FAILED' }>(
        `SELECT c.bank_code, c.bin, c.last4, c.card_length, w.amount::text, w.charge::text, w.state
           FROM withdrawals w JOIN bank_cards c ON c.id = w.card_id WHERE w.withdraw_no = $1 AND w.member_id = $2`,
        [row.reference, memberId],
      );
      const w = rows[0];
      if (!w) return { type: 'other' };
      const [amount, charge] = [Number(w.amount), Number(w.charge)];
      return { type: 'withdrawal', card: cardOf(w), amount, charge, total: amount + charge, state: w.state, returned: row.kind === 'withdraw_release' };
    }
    case 'merchant_pay':
      return row.merchant_name && row.payment_voucher ? { type: 'merchantPayment', merchant: row.merchant_name, store: row.store_name ?? null, voucherNo: row.payment_voucher } : { type: 'other' };
    case 'merchant_refund':
      return row.merchant_name && row.payment_voucher ? { type: 'refund', merchant: row.merchant_name, store: row.store_name ?? null, paymentVoucherNo: row.payment_voucher } : { type: 'other' };
    default:
      return { type: 'other' };
  }
}

const queryFundDetail: Handler<'wallet/fund/queryFundDetail'> = async (input, ctx) => {
  const memberId = memberIdOf(ctx);
  const { rows } = await ctx.db.query<LineRow>(`${LINE_SELECT} WHERE e.id = $1 AND mine.member_id = $2`, [input.id, memberId]);
  const row = rows[0];
  if (!row) throw new DomainError(CODES.notFound);
  // a merchant payment's voucher is the one on its receipt (a refund's own line keeps its own; the payment's is in its facts)
  const voucherNo = row.kind === 'merchant_pay' && row.payment_voucher ? row.payment_voucher : transferVoucherNo(row.transfer_id);
  // a note is what the payer wrote on a transfer; other references are our own numbers
  const note = row.kind === 'transfer' ? row.reference : null;
  return { ...line(row), voucherNo, note, facts: await factsOf(ctx.db, memberId, row) };
};

/** A person as the other side sees them: masked name and number. */
const person = (name: string | null | undefined, mobile: string | null | undefined): ReceiptParty =>
  ({ type: 'person', name: name ? maskName(name) : null, detail: mobile ? maskMobile(mobile) : null });
const card = (shown: { bankShort: string; maskedCardNo: string } | null): ReceiptParty =>
  ({ type: 'card', name: shown?.bankShort ?? null, detail: shown?.maskedCardNo ?? null });

/** The condition finding the member's line a receipt key names ($1 the key, $2 the member), on their available account unless by the line's id. */
function receiptLineOf(key: ReceiptKey): [where: string, value: string] {
  if ('id' in key) return ['e.id = $1::bigint', key.id];
  const available = "mine.kind = 'available'";
  if ('transferId' in key) return [`${available} AND t.id = $1::bigint`, key.transferId];
  if ('orderNo' in key) return [`${available} AND t.kind = 'topup' AND t.reference = $1`, key.orderNo];
  if ('withdrawNo' in key) return [`${available} AND t.kind = 'withdraw_hold' AND t.reference = $1`, key.withdrawNo];
  return [`${available} AND t.id = (SELECT transfer_id FROM merchant_payments WHERE voucher_no = $1 AND payer_id = $2)`, key.voucherNo];
}

/**
 * A fund line's receipt (issue 26): the fund line's own facts arranged as payer and payee, the member
 * themselves masked as the other side sees them. Only a finished movement of the five kinds has
 * one: a withdrawal the bank refused (and its release), and any other line, answer not found, as
 * another member's line does.
 */
const queryReceipt: Handler<'wallet/fund/queryReceipt'> = async (input, ctx) => {
  const memberId = memberIdOf(ctx);
  const [where, key] = receiptLineOf(input);
  const { rows } = await ctx.db.query<LineRow>(`${LINE_SELECT} WHERE mine.member_id = $2 AND ${where} ORDER BY e.id LIMIT 1`, [key, memberId]);
  const row = rows[0];
  if (!row) throw new DomainError(CODES.notFound);
  const facts = await factsOf(ctx.db, memberId, row);
  const { rows: [self] } = await ctx.db.query<{ name: string | null; mobile: string | null }>(
    'SELECT coalesce(real_name, display_name) AS name, mobile FROM members WHERE id = $1', [memberId],
  );
  const me = person(self?.name, self?.mobile);
  const shown = line(row);
  const base = { id: shown.id, direction: shown.direction, amount: shown.amount, charge: 0, state: 'SUCCESS' as const, note: null, refundOf: null, at: shown.at, voucherNo: transferVoucherNo(row.transfer_id) };
  const outgoing = shown.direction === 'expenditure';
  let receipt: Receipt;
  switch (facts.type) {
    case 'transfer': {
      const other: ReceiptParty = { type: 'person', name: facts.name, detail: facts.mobile };
      receipt = { ...base, kind: 'transfer', from: outgoing ? me : other, to: outgoing ? other : me, note: row.reference || null };
      break;
    }
    case 'topup':
      receipt = { ...base, kind: 'topup', from: card(facts.card), to: me };
      break;
    case 'withdrawal':
      if (facts.returned || facts.state === 'FAILED') throw new DomainError(CODES.notFound);
      receipt = { ...base, kind: 'withdrawal', amount: facts.amount, charge: facts.charge, state: facts.state, from: me, to: card(facts.card) };
      break;
    case 'merchantPayment':
      receipt = { ...base, kind: 'merchantPayment', voucherNo: facts.voucherNo, from: me, to: { type: 'merchant', name: facts.merchant, detail: facts.store } };
      break;
    case 'refund':
      receipt = { ...base, kind: 'refund', from: { type: 'merchant', name: facts.merchant, detail: facts.store }, to: me, refundOf: facts.paymentVoucherNo };
      break;
    default:
      throw new DomainError(CODES.notFound);
  }
  return receipt;
};

export const fundDetailHandlers = {
  'wallet/fund/queryFundDetails': queryFundDetails,
  'wallet/fund/queryFundDetail': queryFundDetail,
  'wallet/fund/queryReceipt': queryReceipt,
} satisfies FlowHandlers<'fundDetail'>;
