import crypto from 'node:crypto';
import { ACCOUNT_CODES } from '../../../services/contract/answerCodes.ts';
import { DomainError, transactionKeepingCountedRefusals } from '../../errors.ts';
import type { Handler, FlowHandlers } from '../../handler.ts';
import { sameName } from '../../adapters/identityRegistry.ts';
import { memberIdOf } from '../../auth/principal.ts';
import { addNotice } from '../../entities/memberNotices.ts';

export const NAME_TRIES = 3;

const maskNif = (nif: string) => `${nif.slice(0, 3)}******${nif.slice(9, 11)}${nif.slice(-1).padStart(3, '*')}`;

/** Step 1: an individual, not yet verified, gives a B.I. number the registry knows and nobody else uses. */
const identityAuth: Handler<'common/certification/identityAuth'> = async (input, ctx) => {
  const memberId = memberIdOf(ctx);
  // the registry is another service: asked before the transaction (never while it holds locks), judged inside it
  const person = await ctx.adapters.identityRegistry.lookup(input.nif);
  return ctx.db.transaction(async (tx) => {
    const { rows } = await tx.query<{ member_type: string; verification_status: string }>('SELECT member_type, verification_status FROM members WHERE id = $1 FOR UPDATE', [memberId]);
    const member = rows[0]!;
    if (member.member_type !== 'individual') throw new DomainError(ACCOUNT_CODES.individualsOnly);
    if (member.verification_status === 'verified') throw new DomainError(ACCOUNT_CODES.alreadyVerified);
    const taken = await tx.query('SELECT 1 FROM members WHERE nif = $1 AND id <> $2', [input.nif, memberId]);
    if (taken.rows.length > 0) throw new DomainError(ACCOUNT_CODES.nifTaken);
    if (!person) throw new DomainError(ACCOUNT_CODES.nifNotFound);
    if (person.documentExpired) throw new DomainError(ACCOUNT_CODES.documentExpired);
    await tx.query('UPDATE identity_checks SET closed_at = now() WHERE member_id = $1 AND closed_at IS NULL', [memberId]);
    const checkId = crypto.randomUUID();
    await tx.query("INSERT INTO identity_checks (id, member_id, nif, expires_at) VALUES ($1, $2, $3, now() + interval '15 minutes')", [checkId, memberId, input.nif]);
    await tx.query("UPDATE members SET verification_status = 'pending' WHERE id = $1", [memberId]);
    return { checkId, nifMasked: maskNif(input.nif) };
  });
};

/** Step 2: the name as the registry has it. A match verifies and raises the account to level III. */
const getRealName: Handler<'wallet/card/getRealName'> = async (input, ctx) => {
  const memberId = memberIdOf(ctx);
  // the registry is asked before the transaction, with the check's B.I. number (it never changes once
  // the check is open); the transaction locks the check and judges the answer
  const { rows: opened } = await ctx.db.query<{ nif: string }>('SELECT nif FROM identity_checks WHERE id = $1 AND member_id = $2', [input.checkId, memberId]);
  const person = opened[0] ? await ctx.adapters.identityRegistry.lookup(opened[0].nif) : null;
  return transactionKeepingCountedRefusals(ctx.db, async (tx) => {
    const { rows } = await tx.query<{ nif: string; name_attempts: number }>(
      'SELECT nif, name_attempts FROM identity_checks WHERE id = $1 AND member_id = $2 AND closed_at IS NULL AND expires_at > now() FOR UPDATE',
      [input.checkId, memberId],
    );
    const check = rows[0];
    if (!check) throw new DomainError(ACCOUNT_CODES.ticketExpired);
    if (person && sameName(person.fullName, input.fullName)) {
      await tx.query("UPDATE identity_checks SET closed_at = now(), outcome = 'verified' WHERE id = $1", [input.checkId]);
      const taken = await tx.query('SELECT 1 FROM members WHERE nif = $1 AND id <> $2', [check.nif, memberId]);
      if (taken.rows.length > 0) throw new DomainError(ACCOUNT_CODES.nifTaken);
      await tx.query(
        `UPDATE members SET verification_status = 'verified', account_level = 'III', nif = $2, real_name = $3, display_name = $3, verified_at = now()
          WHERE id = $1`,
        [memberId, check.nif, person.fullName],
      );
      await addNotice(tx, { memberId, kind: 'verificationResult', ref: input.checkId, params: { subject: 'personal', outcome: 'verified' } });
      return { status: 'verified' as const, accountLevel: 'III' as const, realName: person.fullName };
    }
    const attempts = check.name_attempts + 1;
    if (attempts >= NAME_TRIES) {
      await tx.query("UPDATE identity_checks SET name_attempts = $2, closed_at = now(), outcome = 'failed' WHERE id = $1", [input.checkId, attempts]);
      await tx.query("UPDATE members SET verification_status = 'failed' WHERE id = $1", [memberId]);
      // kept with the refusal (commit: true), as the failure itself is
      await addNotice(tx, { memberId, kind: 'verificationResult', ref: input.checkId, params: { subject: 'personal', outcome: 'failed' } });
      throw new DomainError(ACCOUNT_CODES.verificationFailed, 200, '', { commit: true });
    }
    await tx.query('UPDATE identity_checks SET name_attempts = $2 WHERE id = $1', [input.checkId, attempts]);
    throw new DomainError(ACCOUNT_CODES.nameMismatch, 200, String(NAME_TRIES - attempts), { commit: true });
  });
};

export const personalVerificationHandlers = {
  'common/certification/identityAuth': identityAuth,
  'wallet/card/getRealName': getRealName,
} satisfies FlowHandlers<'personalVerification'>;
