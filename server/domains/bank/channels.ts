import { CARD_CODES } from '../../../services/contract/answerCodes.ts';
import type { BankRules, BoundCard } from '../../../services/contract/cardList.ts';
import type { Queryable } from '../../db/index.ts';
import { DomainError } from '../../errors.ts';
import { BRANCH_BANKS, OPERATING_BANKS, bankNamed } from '../../adapters/bankSimulator.ts';

/**
 * The banks the wallet works with and its rules per bank (table bank_channels): top-up and
 * withdrawal limits, whether a payout needs a branch, the withdrawal service charge.
 */
export interface Channel {
  bankCode: string;
  needsBranch: boolean;
  topupPerTransaction: bigint | null;
  topupDaily: bigint | null;
  withdrawMin: bigint;
  withdrawPerTransaction: bigint | null;
  withdrawDaily: bigint | null;
  chargeRateBp: number;
  chargeMin: bigint;
  chargeMax: bigint | null;
}

const KZ = 100n;
/**
 * Defaults (configuration; an operator's later change is kept). Limits: the upper end of the
 * instant-transfer limits of Instrutivo 02/2025 (data/angola/bna_limits.json: 500 000 Kz per
 * operation, 4 000 000 Kz a day). The charge (0.5 %, 50 Kz … 2 500 Kz) is the wallet's own
 * choice, not a published figure.
 */
export const DEFAULT_CHANNEL = {
  topupPerTransaction: 500_000n * KZ,
  topupDaily: 4_000_000n * KZ,
  withdrawMin: 100n * KZ,
  withdrawPerTransaction: 500_000n * KZ,
  withdrawDaily: 4_000_000n * KZ,
  chargeRateBp: 50,
  chargeMin: 50n * KZ,
  chargeMax: 2_500n * KZ,
} as const;

export async function seedBankChannels(db: Queryable): Promise<void> {
  const d = DEFAULT_CHANNEL;
  for (const bank of OPERATING_BANKS) {
    await db.query(
      `INSERT INTO bank_channels (bank_code, needs_branch, topup_per_transaction, topup_daily, withdraw_min, withdraw_per_transaction, withdraw_daily, charge_rate_bp, charge_min, charge_max)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) ON CONFLICT DO NOTHING`,
      [bank.code, (BRANCH_BANKS as readonly string[]).includes(bank.code), d.topupPerTransaction.toString(), d.topupDaily.toString(), d.withdrawMin.toString(),
        d.withdrawPerTransaction.toString(), d.withdrawDaily.toString(), d.chargeRateBp, d.chargeMin.toString(), d.chargeMax.toString()],
    );
  }
}

interface ChannelRow {
  bank_code: string; needs_branch: boolean; topup_per_transaction: string | null; topup_daily: string | null; withdraw_min: string;
  withdraw_per_transaction: string | null; withdraw_daily: string | null; charge_rate_bp: number; charge_min: string; charge_max: string | null;
}
const big = (v: string | null) => (v === null ? null : BigInt(v));
const toChannel = (r: ChannelRow): Channel => ({
  bankCode: r.bank_code,
  needsBranch: r.needs_branch,
  topupPerTransaction: big(r.topup_per_transaction),
  topupDaily: big(r.topup_daily),
  withdrawMin: BigInt(r.withdraw_min),
  withdrawPerTransaction: big(r.withdraw_per_transaction),
  withdrawDaily: big(r.withdraw_daily),
  chargeRateBp: r.charge_rate_bp,
  chargeMin: BigInt(r.charge_min),
  chargeMax: big(r.charge_max),
});

/** The enabled channel of a bank, or CRD10009. */
export async function channelOf(tx: Queryable, bankCode: string): Promise<Channel> {
  const { rows } = await tx.query<ChannelRow>('SELECT * FROM bank_channels WHERE bank_code = $1 AND enabled', [bankCode]);
  if (!rows[0]) throw new DomainError(CARD_CODES.bankNotSupported);
  return toChannel(rows[0]);
}

export async function enabledChannels(db: Queryable, bankCode?: string): Promise<Channel[]> {
  const { rows } = await db.query<ChannelRow>('SELECT * FROM bank_channels WHERE enabled AND ($1::text IS NULL OR bank_code = $1) ORDER BY bank_code', [bankCode ?? null]);
  return rows.map(toChannel);
}

/** The withdrawal service charge: amount × rate, rounded up to the cêntimo, within [min, max]. */
export function serviceCharge(channel: Pick<Channel, 'chargeRateBp' | 'chargeMin' | 'chargeMax'>, amount: bigint): bigint {
  const proportional = (amount * BigInt(channel.chargeRateBp) + 9_999n) / 10_000n;
  const floored = proportional < channel.chargeMin ? channel.chargeMin : proportional;
  return channel.chargeMax !== null && floored > channel.chargeMax ? channel.chargeMax : floored;
}

const num = (v: bigint | null) => (v === null ? null : Number(v));

export function bankLabel(bankCode: string): { bankShort: string; bankName: string } {
  const bank = bankNamed(bankCode);
  return { bankShort: bank?.short ?? bankCode, bankName: bank?.name ?? bankCode };
}

export function rulesOf(channel: Channel): BankRules {
  return {
    bankCode: channel.bankCode,
    ...bankLabel(channel.bankCode),
    needBranch: channel.needsBranch,
    topup: { perTransaction: num(channel.topupPerTransaction), daily: num(channel.topupDaily) },
    withdraw: { min: Number(channel.withdrawMin), perTransaction: num(channel.withdrawPerTransaction), daily: num(channel.withdrawDaily) },
    charge: { rateBp: channel.chargeRateBp, min: Number(channel.chargeMin), max: num(channel.chargeMax) },
  };
}

// ---------------------------------------------------------------------------------------------
// bound cards

export interface CardRow {
  id: string;
  member_id: string;
  card_token: string;
  bank_code: string;
  bin: string;
  last4: string;
  card_length: number;
  holder_mobile: string;
  bound_at: Date;
  needs_branch: boolean | null;
}

export const CARD_SELECT = `SELECT c.id::text, c.member_id::text, c.card_token, c.bank_code, c.bin, c.last4, c.card_length, c.holder_mobile, c.bound_at, ch.needs_branch
  FROM bank_cards c LEFT JOIN bank_channels ch ON ch.bank_code = c.bank_code`;

/** "6004 00** **** 1234": the BIN and the last four digits, nothing else. */
export function maskCardNo(bin: string, last4: string, length: number): string {
  const plain = `${bin}${'*'.repeat(Math.max(length - bin.length - last4.length, 0))}${last4}`;
  return plain.replace(/(.{4})(?=.)/g, '$1 ');
}

/** "+244923000001" → "923***001". */
export const maskMobile = (e164: string) => {
  const national = e164.replace(/^\+244/, '');
  return `${national.slice(0, 3)}***${national.slice(-3)}`;
};

export function toBoundCard(row: CardRow): BoundCard {
  return {
    cardId: row.id,
    bankCode: row.bank_code,
    ...bankLabel(row.bank_code),
    maskedCardNo: maskCardNo(row.bin, row.last4, row.card_length),
    last4: row.last4,
    cardType: 'debit',
    mobileMasked: maskMobile(row.holder_mobile),
    needBranch: row.needs_branch ?? false,
    boundAt: new Date(row.bound_at).toISOString(),
  };
}

/** One of the member's bound cards, or CRD10008. */
export async function activeCard(tx: Queryable, memberId: string, cardId: string): Promise<CardRow> {
  const { rows } = await tx.query<CardRow>(`${CARD_SELECT} WHERE c.id = $1 AND c.member_id = $2 AND c.removed_at IS NULL`, [cardId, memberId]);
  if (!rows[0]) throw new DomainError(CARD_CODES.cardNotFound);
  return rows[0];
}

export async function activeCards(db: Queryable, memberId: string): Promise<CardRow[]> {
  const { rows } = await db.query<CardRow>(`${CARD_SELECT} WHERE c.member_id = $1 AND c.removed_at IS NULL ORDER BY c.bound_at, c.id`, [memberId]);
  return rows;
}
