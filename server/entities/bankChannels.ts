import { CARD_CODES } from '../../services/contract/answerCodes.ts';
import type { BankRules } from '../../services/contract/shared.ts';
import type { Queryable } from '../db/index.ts';
import { DomainError } from '../errors.ts';
import { OPERATING_BANKS, bankNamed } from '../adapters/bank.ts';

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
 * instant-transfer limits of Instrutivo 02/2025 (services/data/angola/bna_limits.json: 500 000 Kz per
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

/**
 * A channel for every operating bank, with the defaults; `branchBanks` are the banks that route a
 * payout by branch (the bank's own rule: the start-up's seed passes the bank it runs with).
 */
export async function seedBankChannels(db: Queryable, options: { branchBanks: readonly string[] }): Promise<void> {
  const d = DEFAULT_CHANNEL;
  for (const bank of OPERATING_BANKS) {
    await db.query(
      `INSERT INTO bank_channels (bank_code, needs_branch, topup_per_transaction, topup_daily, withdraw_min, withdraw_per_transaction, withdraw_daily, charge_rate_bp, charge_min, charge_max)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) ON CONFLICT DO NOTHING`,
      [bank.code, options.branchBanks.includes(bank.code), d.topupPerTransaction.toString(), d.topupDaily.toString(), d.withdrawMin.toString(),
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
