import { PAYOUT_CODES } from '../../../services/contract/answerCodes.ts';
import type { PayoutLine, PayoutSettings } from '../../../services/contract/dailyPayout.ts';
import type { Queryable } from '../../db/index.ts';
import { DomainError } from '../../errors.ts';
import type { FlowHandlers, Handler } from '../../handler.ts';
import { merchantOf, type MerchantRow } from '../../entities/merchants.ts';
import { activeCard, activeCards, maskCardNo, toBoundCard } from '../../entities/cards.ts';
import { bankLabel, channelOf } from '../../entities/bankChannels.ts';
import { heldForVouchers } from '../../entities/groupPackages.ts';
import { settlementBalance } from '../../ledger/settlement.ts';

/**
 * The daily payout's settings and history (README "Daily payout"; migration 039), the owner's only
 * (merchantOf: a clerk STF10010, a removed clerk STF10009, anyone else MCH10003). The payout itself
 * is server/jobs/dailyPayout.ts: it reads these settings, once a Luanda day.
 */

/** Until the owner saves its own: off, at 18:00, to the settlement card chosen when the collection account was opened. */
const DEFAULT_TIME = '18:00';

interface LineRow {
  day: string; state: 'started' | 'skipped'; reason: string | null; withdraw_no: string | null; withdrawal_state: 'PENDING' | 'SUCCESS' | 'FAILED' | null;
  amount: string; charge: string; balance: string; bin: string; last4: string; card_length: number; bank_code: string; created_at: Date;
}

const STATUS = { PENDING: 'inProgress', SUCCESS: 'paid', FAILED: 'failed' } as const;

function toLine(row: LineRow): PayoutLine {
  return {
    day: row.day,
    status: row.state === 'skipped' || !row.withdrawal_state ? 'skipped' : STATUS[row.withdrawal_state],
    reason: row.reason,
    withdrawNo: row.withdraw_no,
    amount: Number(row.amount),
    charge: Number(row.charge),
    balance: Number(row.balance),
    maskedCardNo: maskCardNo(row.bin, row.last4, row.card_length),
    bankShort: bankLabel(row.bank_code).bankShort,
    at: new Date(row.created_at).toISOString(),
  };
}

async function settingsOf(db: Queryable, merchant: MerchantRow): Promise<PayoutSettings> {
  const { rows: [saved] } = await db.query<{ enabled: boolean; time: string; card_id: string }>(
    "SELECT enabled, to_char(payout_time, 'HH24:MI') AS time, card_id::text FROM daily_payout_settings WHERE merchant_id = $1",
    [merchant.id],
  );
  const cards = await activeCards(db, merchant.member_id);
  // the chosen card while it is still bound; else the settlement card while it is; else none (the owner picks one)
  const wanted = saved?.card_id ?? merchant.settlement_card_id;
  const card = cards.find((c) => c.id === wanted) ?? null;
  const { rows: recent } = await db.query<LineRow>(
    `SELECT d.business_day::text AS day, d.state, d.reason, w.withdraw_no, w.state AS withdrawal_state,
            coalesce(w.amount, 0)::text AS amount, coalesce(w.charge, 0)::text AS charge, d.balance::text,
            c.bin, c.last4, c.card_length, c.bank_code, d.created_at
       FROM daily_payouts d JOIN bank_cards c ON c.id = d.card_id LEFT JOIN withdrawals w ON w.id = d.withdrawal_id
      WHERE d.merchant_id = $1 ORDER BY d.business_day DESC LIMIT 10`,
    [merchant.id],
  );
  const [balance, held] = [await settlementBalance(db, merchant.member_id), await heldForVouchers(db, merchant.member_id)];
  const minimum = card ? (await channelOf(db, card.bank_code).catch(() => null))?.withdrawMin ?? 0n : 0n;
  return {
    // as saved: on with its card removed, the job records each day as refused (CRD10008) until another card is chosen
    enabled: saved?.enabled ?? false,
    time: saved?.time ?? DEFAULT_TIME,
    cardId: card?.id ?? null,
    cards: cards.map(toBoundCard),
    balance: Number(balance.available > held ? balance.available - held : 0n),
    minimum: Number(minimum),
    recent: recent.map(toLine),
  };
}

const queryPayout: Handler<'merchant/dailyPayout/query'> = async (_input, ctx) => {
  const merchant = await merchantOf(ctx);
  return settingsOf(ctx.db, merchant);
};

/** Saves the owner's choice: the card must be the owner's, bound, and at a bank that needs no branch (the job cannot pick one). */
const savePayout: Handler<'merchant/dailyPayout/save'> = async (input, ctx) => {
  const merchant = await merchantOf(ctx);
  const card = await activeCard(ctx.db, merchant.member_id, input.cardId);
  const channel = await channelOf(ctx.db, card.bank_code);
  if (channel.needsBranch) throw new DomainError(PAYOUT_CODES.cardNeedsBranch);
  await ctx.db.query(
    `INSERT INTO daily_payout_settings (merchant_id, enabled, payout_time, card_id, updated_by)
     VALUES ($1, $2, $3::time, $4, $5)
     ON CONFLICT (merchant_id) DO UPDATE SET enabled = excluded.enabled, payout_time = excluded.payout_time, card_id = excluded.card_id,
       updated_by = excluded.updated_by, updated_at = now()`,
    [merchant.id, input.enabled, input.time, card.id, merchant.member_id],
  );
  return settingsOf(ctx.db, merchant);
};

export const dailyPayoutHandlers = {
  'merchant/dailyPayout/query': queryPayout,
  'merchant/dailyPayout/save': savePayout,
} satisfies FlowHandlers<'dailyPayout'>;
