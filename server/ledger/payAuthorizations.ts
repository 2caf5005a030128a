import crypto from 'node:crypto';
import { LEDGER_CODES } from '../../services/contract/answerCodes.ts';
import type { PaymentPurpose } from '../../services/contract/payPassword.ts';
import type { Queryable } from '../db/index.ts';
import { DomainError } from '../errors.ts';
import { hashToken } from '../auth/sessions.ts';

/** A pay-password confirmation is good for one payment, the one it was given for, for five minutes. */
const AUTHORIZATION_SECONDS = 300;

export const purposeHash = (purpose: PaymentPurpose) =>
  crypto.createHash('sha256').update(JSON.stringify([purpose.service, purpose.amount, purpose.counterparty])).digest('hex');

export async function authorizePayment(tx: Queryable, memberId: string, purpose: PaymentPurpose): Promise<string> {
  const token = crypto.randomBytes(32).toString('base64url');
  await tx.query(
    `INSERT INTO pay_authorizations (token_hash, member_id, purpose_hash, expires_at)
     VALUES ($1, $2, $3, now() + make_interval(secs => $4))`,
    [hashToken(token), memberId, purposeHash(purpose), AUTHORIZATION_SECONDS],
  );
  return token;
}

/** Spends the authorisation for exactly this payment, in the payment's own transaction (SQL: consume_pay_authorization). */
export async function consumePayAuthorization(tx: Queryable, memberId: string, token: string, purpose: PaymentPurpose): Promise<void> {
  const { rows } = await tx.query<{ ok: boolean }>('SELECT consume_pay_authorization($1, $2, $3) AS ok', [hashToken(token), memberId, purposeHash(purpose)]);
  if (!rows[0]?.ok) throw new DomainError(LEDGER_CODES.payAuthorizationInvalid);
}
