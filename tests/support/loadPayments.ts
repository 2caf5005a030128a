/**
 * Money calls prepared in bulk for the load tests and the benchmark (tests/bench/transfers.ts, the
 * failover test tests/cluster/failover.ts): each a pay-password confirmation written directly
 * (argon2 and the keypad per call would measure the hash, not the money path), 1 Kz each.
 */
import crypto from 'node:crypto';
import type { Queryable } from '../../server/db/index.ts';
import { hashToken } from '../../server/auth/sessions.ts';
import type { LoadMember } from './money.ts';
import type { LoadMerchant } from '../bench/merchants.ts';

export const LOAD_AMOUNT = 100; // 1 Kz
export const TRANSFER_SERVICE = 'wallet/transfer/doTransfer';
export const PAY_SERVICE = 'pay/merchant/pay';

export interface PreparedTransfer { payer: LoadMember; payee: LoadMember; payToken: string }
/** A prepared merchant payment; `payable` and `cashback` what its quote says when a promotion applies (left out: the price, not checked). */
export interface PreparedMerchantPayment { payer: LoadMember; merchant: LoadMerchant; payToken: string; payable?: number; cashback?: number }

export const purposeHash = (counterparty: string, service = TRANSFER_SERVICE) => crypto.createHash('sha256').update(JSON.stringify([service, LOAD_AMOUNT, counterparty])).digest('hex');

/** Pay-password confirmations for `count` random transfers, inserted in bulk. */
export async function prepareTransfers(db: Queryable, members: LoadMember[], count: number): Promise<PreparedTransfer[]> {
  const prepared: PreparedTransfer[] = [];
  for (let start = 0; start < count; start += 5_000) {
    const batch: PreparedTransfer[] = [];
    for (let i = start; i < Math.min(count, start + 5_000); i++) {
      const payer = members[crypto.randomInt(members.length)]!;
      let payee = members[crypto.randomInt(members.length)]!;
      if (payee === payer) payee = members[(members.indexOf(payer) + 1) % members.length]!;
      batch.push({ payer, payee, payToken: crypto.randomBytes(24).toString('base64url') });
    }
    await db.query(
      `INSERT INTO pay_authorizations (token_hash, member_id, purpose_hash, expires_at)
       SELECT * FROM unnest($1::text[], $2::bigint[], $3::text[], $4::timestamptz[])`,
      [batch.map((p) => hashToken(p.payToken)), batch.map((p) => p.payer.id), batch.map((p) => purposeHash(p.payee.mobile)), batch.map(() => new Date(Date.now() + 3_600_000))],
    );
    prepared.push(...batch);
  }
  return prepared;
}

/** Pay-password confirmations for `count` payments of random members to random merchants of `merchants`, inserted in bulk. */
export async function prepareMerchantPayments(db: Queryable, members: LoadMember[], merchants: LoadMerchant[], count: number, quoted: { payable?: number; cashback?: number } = {}): Promise<PreparedMerchantPayment[]> {
  const prepared: PreparedMerchantPayment[] = [];
  for (let start = 0; start < count; start += 5_000) {
    const batch: PreparedMerchantPayment[] = [];
    for (let i = start; i < Math.min(count, start + 5_000); i++) {
      batch.push({ payer: members[crypto.randomInt(members.length)]!, merchant: merchants[crypto.randomInt(merchants.length)]!, payToken: crypto.randomBytes(24).toString('base64url'), ...quoted });
    }
    await db.query(
      `INSERT INTO pay_authorizations (token_hash, member_id, purpose_hash, expires_at)
       SELECT * FROM unnest($1::text[], $2::bigint[], $3::text[], $4::timestamptz[])`,
      [batch.map((p) => hashToken(p.payToken)), batch.map((p) => p.payer.id), batch.map((p) => purposeHash(p.merchant.serial, PAY_SERVICE)), batch.map(() => new Date(Date.now() + 3_600_000))],
    );
    prepared.push(...batch);
  }
  return prepared;
}
