import crypto from 'node:crypto';
import { ACCOUNT_CODES } from '../../../services/contract/answerCodes.ts';
import { DomainError, transactionKeepingCountedRefusals } from '../../errors.ts';
import type { Handler, FlowHandlers } from '../../handler.ts';
import { CODE_RULES, consumeCode, issueCode } from '../../auth/oneTimeCodes.ts';
import { CaptchaPass } from '../../auth/captcha.ts';
import { countAccountLookup } from '../../auth/lookups.ts';
import { PASSWORD_FAILURES, countWrongPassword, findMember, lockedOut, maskDestination, openTicket, verifyPassword, type PasswordFailures } from '../../entities/memberAccounts.ts';
import { hashToken } from '../../auth/sessions.ts';
import { memberIdOf } from '../../auth/principal.ts';

/** The rebind ticket stays valid for the whole flow (15 minutes) rather than being used up at once. */
async function checkTicket(tx: Parameters<typeof openTicket>[0], memberId: string, ticket: string) {
  const { rows } = await tx.query(
    "SELECT 1 FROM flow_tickets WHERE token_hash = $1 AND purpose = 'rebind' AND member_id = $2 AND used_at IS NULL AND expires_at > now()",
    [hashToken(ticket), memberId],
  );
  if (rows.length === 0) throw new DomainError(ACCOUNT_CODES.ticketExpired);
}

async function memberMobile(tx: Parameters<typeof openTicket>[0], memberId: string): Promise<string | null> {
  const { rows } = await tx.query<{ mobile: string | null }>('SELECT mobile FROM members WHERE id = $1', [memberId]);
  return rows[0]?.mobile ?? null;
}

const advance: Handler<'selfservice/changemobile/advance'> = async (_input, ctx) => {
  const memberId = memberIdOf(ctx);
  const mobile = await memberMobile(ctx.db, memberId);
  const { rows } = await ctx.db.query<{ id: string; new_mobile: string; status: string }>(
    "SELECT id, new_mobile, status FROM mobile_change_requests WHERE member_id = $1 AND status = 'pending_review' ORDER BY created_at DESC LIMIT 1",
    [memberId],
  );
  const pending = rows[0];
  return {
    maskedMobile: mobile ? maskDestination(mobile) : null,
    pendingRequest: pending ? { requestId: pending.id, newMobile: maskDestination(pending.new_mobile), status: pending.status } : null,
  };
};

/** The login password, with the same five-try lock-out as log-in. */
const identityCheck: Handler<'selfservice/changemobile/identityCheck'> = async (input, ctx) => {
  const memberId = memberIdOf(ctx);
  return transactionKeepingCountedRefusals(ctx.db, async (tx) => {
    const { rows } = await tx.query<PasswordFailures & { login_password_hash: string | null }>(
      `SELECT login_password_hash, ${PASSWORD_FAILURES} FROM members WHERE id = $1 FOR UPDATE`,
      [memberId],
    );
    const row = rows[0]!;
    if (row.locked_until_seconds) throw lockedOut(row.locked_until_seconds);
    if (!row.login_password_hash || !(await verifyPassword(row.login_password_hash, input.password))) return countWrongPassword(tx, { table: 'members', id: memberId }, row.failed_logins);
    await tx.query('UPDATE members SET failed_logins = 0 WHERE id = $1', [memberId]);
    return { ticket: await openTicket(tx, memberId, 'rebind') };
  });
};

/** A member reaches at most this many numbers not yet theirs in a day (COD10005 past it). */
export const NEW_NUMBERS_PER_DAY = 3;

/**
 * Codes to the new number (and the old one). Every call needs a solved captcha, spent first; the
 * taken-number answer (MOB10001) is an account look-up; a member texts few new numbers a day.
 */
const getVerifyCode: Handler<'common/setting/getVerifyCode'> = async (input, ctx) => {
  const memberId = memberIdOf(ctx);
  const newMobile = `+244${input.newMobile}`;
  const pass = new CaptchaPass(ctx.ip, input.captchaToken);
  await ctx.db.transaction(async (tx) => {
    await checkTicket(tx, memberId, input.ticket);
    await pass.spend(tx);
  });
  await countAccountLookup(ctx.db, ctx.ip, newMobile, pass);
  return ctx.db.transaction(async (tx) => {
    await checkTicket(tx, memberId, input.ticket);
    const oldMobile = await memberMobile(tx, memberId);
    if (oldMobile === newMobile) throw new DomainError(ACCOUNT_CODES.sameMobile);
    if (await findMember(tx, { column: 'mobile', value: newMobile })) throw new DomainError(ACCOUNT_CODES.mobileTaken);
    await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`rebind-numbers:${memberId}`]);
    const { rows: reached } = await tx.query<{ n: number; again: boolean }>(
      `SELECT count(DISTINCT destination)::int AS n, bool_or(destination = $2) AS again FROM verification_codes
        WHERE member_id = $1 AND purpose = 'rebind' AND destination <> coalesce($3, '') AND created_at > now() - interval '1 day'`,
      [memberId, newMobile, oldMobile],
    );
    if (!reached[0]!.again && reached[0]!.n >= NEW_NUMBERS_PER_DAY) throw new DomainError(ACCOUNT_CODES.sendingTooMuch);
    await issueCode(tx, { channel: 'sms', destination: newMobile, purpose: 'rebind', memberId, clientIp: ctx.ip, language: ctx.language });
    if (input.oldNumberAvailable && oldMobile) {
      await issueCode(tx, { channel: 'sms', destination: oldMobile, purpose: 'rebind', memberId, clientIp: ctx.ip, language: ctx.language });
    }
    return { newSentTo: maskDestination(newMobile), oldSentTo: input.oldNumberAvailable && oldMobile ? maskDestination(oldMobile) : null, resendAfterSeconds: CODE_RULES.resendAfterSeconds };
  });
};

const preCheck: Handler<'selfservice/changemobile/preCheck'> = async (input, ctx) => {
  const memberId = memberIdOf(ctx);
  const newMobile = `+244${input.newMobile}`;
  return transactionKeepingCountedRefusals(ctx.db, async (tx) => {
    await checkTicket(tx, memberId, input.ticket);
    const oldMobile = await memberMobile(tx, memberId);
    await tx.query('SAVEPOINT before_codes');
    await consumeCode(tx, { destination: newMobile, purpose: 'rebind', code: input.newCode });
    let route: 'direct' | 'review' = 'review';
    if (input.oldCode && oldMobile) {
      try {
        await consumeCode(tx, { destination: oldMobile, purpose: 'rebind', code: input.oldCode });
      } catch (error) {
        // a wrong old-number code must not spend the right new-number code: undo both, count only the wrong one
        await tx.query('ROLLBACK TO SAVEPOINT before_codes');
        await consumeCode(tx, { destination: oldMobile, purpose: 'rebind', code: input.oldCode });
        throw error;
      }
      route = 'direct';
    }
    const requestId = crypto.randomUUID();
    await tx.query(
      "INSERT INTO mobile_change_requests (id, member_id, old_mobile, new_mobile, route, status) VALUES ($1, $2, $3, $4, $5, 'verified')",
      [requestId, memberId, oldMobile, newMobile, route],
    );
    await tx.query("UPDATE flow_tickets SET used_at = now() WHERE token_hash = $1 AND purpose = 'rebind'", [hashToken(input.ticket)]);
    return { requestId, route };
  });
};

const bindingMobile: Handler<'common/setting/bindingMobile'> = async (input, ctx) => {
  const memberId = memberIdOf(ctx);
  return ctx.db.transaction(async (tx) => {
    const { rows } = await tx.query<{ new_mobile: string }>(
      "UPDATE mobile_change_requests SET status = 'completed', decided_at = now(), decided_by = 'self' WHERE id = $1 AND member_id = $2 AND route = 'direct' AND status = 'verified' RETURNING new_mobile",
      [input.requestId, memberId],
    );
    const request = rows[0];
    if (!request) throw new DomainError(ACCOUNT_CODES.requestNotFound);
    if (await findMember(tx, { column: 'mobile', value: request.new_mobile })) throw new DomainError(ACCOUNT_CODES.mobileTaken);
    await tx.query('UPDATE members SET mobile = $2 WHERE id = $1', [memberId, request.new_mobile]);
    return { mobile: request.new_mobile };
  });
};

const queryImgFiles: Handler<'selfservice/changemobile/queryImgFiles'> = async (input, ctx) => {
  const memberId = memberIdOf(ctx);
  const { rows } = await ctx.db.query<{ id: string; original_name: string; content_type: string }>(
    `SELECT f.id, f.original_name, f.content_type FROM mobile_change_requests r
       JOIN uploaded_files f ON f.id = ANY (r.file_ids) AND f.member_id = r.member_id
      WHERE r.id = $1 AND r.member_id = $2 ORDER BY f.created_at`,
    [input.requestId, memberId],
  );
  return { files: rows.map((r) => ({ fileId: r.id, fileName: r.original_name, contentType: r.content_type })) };
};

/** The photos must be the member's own images; the request then waits for an operator. */
const submit: Handler<'selfservice/changemobile/submit'> = async (input, ctx) => {
  const memberId = memberIdOf(ctx);
  return ctx.db.transaction(async (tx) => {
    const { rows: owned } = await tx.query<{ n: string }>(
      "SELECT count(*)::text AS n FROM uploaded_files WHERE id = ANY ($1::uuid[]) AND member_id = $2 AND content_type LIKE 'image/%'",
      [input.fileIds, memberId],
    );
    if (Number(owned[0]!.n) !== new Set(input.fileIds).size) throw new DomainError(ACCOUNT_CODES.photosMissing);
    const { rows } = await tx.query(
      `UPDATE mobile_change_requests SET status = 'pending_review', file_ids = $3::uuid[], submitted_at = now()
        WHERE id = $1 AND member_id = $2 AND route = 'review' AND status = 'verified' RETURNING id`,
      [input.requestId, memberId, input.fileIds],
    );
    if (rows.length === 0) throw new DomainError(ACCOUNT_CODES.requestNotFound);
    return { status: 'pending_review' as const };
  });
};

export const changeMobileHandlers = {
  'selfservice/changemobile/advance': advance,
  'selfservice/changemobile/identityCheck': identityCheck,
  'common/setting/getVerifyCode': getVerifyCode,
  'selfservice/changemobile/preCheck': preCheck,
  'common/setting/bindingMobile': bindingMobile,
  'selfservice/changemobile/queryImgFiles': queryImgFiles,
  'selfservice/changemobile/submit': submit,
} satisfies FlowHandlers<'changeMobile'>;
