import crypto from 'node:crypto';
import { CARD_CODES } from '../../../services/contract/answerCodes.ts';
import type { Database, Queryable } from '../../db/index.ts';
import { DomainError, transactionKeepingCountedRefusals } from '../../errors.ts';
import type { FlowHandlers, Handler, HandlerContext } from '../../handler.ts';
import type { BankAdapter, BinInfo } from '../../adapters/bank.ts';
import { issueCode, consumeCode } from '../../auth/oneTimeCodes.ts';
import { maskName, memberIdOf, moneyMember, requireVerified, type MoneyMember } from '../../entities/members.ts';
import { bankLabel, channelOf } from '../../entities/bankChannels.ts';
import { CARD_SELECT, maskMobile, toBoundCard, type CardRow } from '../../entities/cards.ts';

/**
 * Binding a bank card: checkCardBin (a debit card of a bank the wallet works with: its bank, no
 * name yet, as nothing says whose card it is) → inputMobile (the bank confirms the card is in the
 * member's verified name and has that mobile; an SMS code goes to the mobile, and the answer names
 * the holder as the bank has it) → verifyAuthCode (binds).
 * The wallet keeps the bank's token for the card, the BIN and the last four digits.
 */

const BIND_REQUEST_MINUTES = 15;
const e164 = (national: string) => `+244${national}`;

/** A verified member with a verified name: only they bind cards. */
async function binder(db: Queryable, ctx: HandlerContext): Promise<MoneyMember & { realName: string }> {
  const member = requireVerified(await moneyMember(db, { id: memberIdOf(ctx) }));
  if (!member.realName) throw new DomainError(CARD_CODES.holderNotMember);
  return member as MoneyMember & { realName: string };
}

/** The BIN's bank and type: unknown (CRD10001), credit (CRD10002), or a bank the wallet does not serve (CRD10009). */
async function debitBin(bank: BankAdapter, db: Queryable, cardNo: string): Promise<BinInfo> {
  const bin = await bank.lookupBin(cardNo);
  if (!bin) throw new DomainError(CARD_CODES.binUnknown);
  if (bin.cardType !== 'debit') throw new DomainError(CARD_CODES.creditCard);
  await channelOf(db, bin.bankCode);
  return bin;
}

const checkCardBin: Handler<'wallet/card/checkCardBin'> = async (input, ctx) => {
  // a verified member with a verified name binds; no holder name is answered here: nobody has
  // checked yet whose card this is (the bank does, at inputMobile)
  await binder(ctx.db, ctx);
  const bin = await debitBin(ctx.adapters.bank, ctx.db, input.cardNo);
  return { bin: bin.bin, bankCode: bin.bankCode, ...bankLabel(bin.bankCode), cardType: 'debit' as const, bindable: true as const };
};

const inputMobile: Handler<'wallet/card/inputMobile'> = async (input, ctx) => {
  const member = await binder(ctx.db, ctx);
  const bank = ctx.adapters.bank;
  const bin = await debitBin(bank, ctx.db, input.cardNo);
  const mobile = e164(input.mobile);
  // the bank is asked outside any transaction of ours
  const verified = await bank.verifyCard({ cardNo: input.cardNo, holderName: member.realName, mobile });
  if (verified.outcome !== 'ok') {
    const refusals = { unknownCard: CARD_CODES.cardUnknown, blocked: CARD_CODES.cardUnknown, holderMismatch: CARD_CODES.holderNotMember, mobileMismatch: CARD_CODES.mobileMismatch } as const;
    throw new DomainError(refusals[verified.outcome]);
  }
  if (verified.cardType !== 'debit') throw new DomainError(CARD_CODES.creditCard);
  return ctx.db.transaction(async (tx) => {
    const bound = await tx.query('SELECT 1 FROM bank_cards WHERE card_token = $1 AND removed_at IS NULL', [verified.token]);
    if (bound.rows.length > 0) throw new DomainError(CARD_CODES.alreadyBound);
    const bindId = crypto.randomUUID();
    await tx.query(
      `INSERT INTO card_bind_requests (id, member_id, card_token, bank_code, bin, last4, card_length, holder_mobile, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, now() + make_interval(mins => $9))`,
      [bindId, member.id, verified.token, bin.bankCode, bin.bin, input.cardNo.slice(-4), input.cardNo.length, mobile, BIND_REQUEST_MINUTES],
    );
    const issued = await issueCode(tx, { channel: 'sms', destination: mobile, purpose: 'bindCard', memberId: member.id, clientIp: ctx.ip, language: ctx.language });
    // the holder as the bank has the card: it matched this member's verified name
    return { bindId, mobileMasked: maskMobile(mobile), holderName: maskName(verified.holderName), ...issued };
  });
};

/** Binds a verified card to a member (also the load tests' way in, after the bank has verified it). */
export async function bindCard(tx: Queryable, request: { memberId: string; cardToken: string; bankCode: string; bin: string; last4: string; cardLength: number; holderMobile: string }): Promise<CardRow> {
  // one binding per card at a time, even when two members (or two taps) try at once
  await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`card:${request.cardToken}`]);
  const bound = await tx.query('SELECT 1 FROM bank_cards WHERE card_token = $1 AND removed_at IS NULL', [request.cardToken]);
  if (bound.rows.length > 0) throw new DomainError(CARD_CODES.alreadyBound);
  const { rows } = await tx.query<{ id: string }>(
    `INSERT INTO bank_cards (member_id, card_token, bank_code, bin, last4, card_length, card_type, holder_mobile)
     VALUES ($1, $2, $3, $4, $5, $6, 'debit', $7) RETURNING id::text`,
    [request.memberId, request.cardToken, request.bankCode, request.bin, request.last4, request.cardLength, request.holderMobile],
  );
  return (await tx.query<CardRow>(`${CARD_SELECT} WHERE c.id = $1`, [rows[0]!.id])).rows[0]!;
}

const verifyAuthCode: Handler<'wallet/card/verifyAuthCode'> = async (input, ctx) => {
  const memberId = memberIdOf(ctx);
  return transactionKeepingCountedRefusals(ctx.db, async (tx) => {
    const { rows } = await tx.query<{ card_token: string; bank_code: string; bin: string; last4: string; card_length: number; holder_mobile: string }>(
      `SELECT card_token, bank_code, bin, last4, card_length, holder_mobile FROM card_bind_requests
        WHERE id = $1 AND member_id = $2 AND bound_card_id IS NULL AND expires_at > now() FOR UPDATE`,
      [input.bindId, memberId],
    );
    const request = rows[0];
    if (!request) throw new DomainError(CARD_CODES.bindExpired);
    await consumeCode(tx, { destination: request.holder_mobile, purpose: 'bindCard', code: input.code });
    requireVerified(await moneyMember(tx, { id: memberId }));
    const card = await bindCard(tx, {
      memberId, cardToken: request.card_token, bankCode: request.bank_code, bin: request.bin, last4: request.last4, cardLength: request.card_length, holderMobile: request.holder_mobile,
    });
    await tx.query('UPDATE card_bind_requests SET bound_card_id = $2 WHERE id = $1', [input.bindId, card.id]);
    return { card: toBoundCard(card) };
  });
};

export const bindCardHandlers = {
  'wallet/card/checkCardBin': checkCardBin,
  'wallet/card/inputMobile': inputMobile,
  'wallet/card/verifyAuthCode': verifyAuthCode,
} satisfies FlowHandlers<'bindCard'>;

/**
 * For load tests and the benchmark: binds a simulator card to a member as the three steps would
 * (the bank verifies holder and mobile; the SMS step is skipped). Answers the bound card.
 */
export async function bindCardDirect(db: Database, bank: BankAdapter, memberId: string, card: { cardNo: string; mobile: string }) {
  const member = await moneyMember(db, { id: memberId });
  if (!member?.realName) throw new Error('the member has no verified name');
  const bin = await debitBin(bank, db, card.cardNo);
  const verified = await bank.verifyCard({ cardNo: card.cardNo, holderName: member.realName, mobile: card.mobile });
  if (verified.outcome !== 'ok') throw new Error(`the bank refused the card: ${verified.outcome}`);
  return toBoundCard(await db.transaction((tx) => bindCard(tx, {
    memberId, cardToken: verified.token, bankCode: bin.bankCode, bin: bin.bin, last4: card.cardNo.slice(-4), cardLength: card.cardNo.length, holderMobile: card.mobile,
  })));
}
