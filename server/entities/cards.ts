import { CARD_CODES } from '../../services/contract/answerCodes.ts';
import type { BoundCard } from '../../services/contract/shared.ts';
import type { Queryable } from '../db/index.ts';
import { DomainError } from '../errors.ts';
import { bankLabel } from './bankChannels.ts';

/**
 * A member's bound cards (table bank_cards): the bank's token for the card, its BIN and last four
 * digits, never the number. Bound by bindCard, listed and removed by cardList, used by topup and
 * withdrawal.
 */

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
