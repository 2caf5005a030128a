import crypto from 'node:crypto';
import { CODES, LEDGER_CODES, RECEIVE_CODES } from '../../../services/contract/answerCodes.ts';
import { ONE_TIME_CODE_HOURS } from '../../../services/contract/receiveCode.ts';
import { encodePersonalCode } from '../../../services/emvco.ts';
import type { Queryable } from '../../db/index.ts';
import { DomainError } from '../../errors.ts';
import type { FlowHandlers, Handler, InStatementSessionHandler } from '../../handler.ts';
import { moneyStatement } from '../../ledger/ledger.ts';
import { payloadHash } from '../../ledger/idempotent.ts';
import { purposeHash } from '../../ledger/payAuthorizations.ts';
import { hashToken } from '../../auth/sessions.ts';
import { maskName, memberIdOf } from '../../entities/members.ts';
import { countPayeeLookup } from '../../entities/payeeLookups.ts';

/**
 * A person's receive code (issue 26, part 1; README "Receive code"). The standing code and the
 * one-time codes live in `receive_codes` (migration 036); paying one is a transfer through
 * `wallet_transfer`, the one transfer path, in one statement that finds the code's owner under the
 * code's row lock (`receive_code_pay_in_session`).
 */
const PAY_SERVICE = 'wallet/receiveCode/payByCode';
/** Open one-time codes (unpaid, unexpired) a member may have at once: a stall's day of sales, not a flood of rows. */
export const OPEN_ONE_TIME_CODES_MAX = 20;

const newToken = () => crypto.randomBytes(16).toString('base64url');

interface Owner { id: string; maskedName: string }

/** The member who asks for a code: only a verified person (a company collects with a merchant account, spec §6). */
async function receivingPerson(db: Queryable, memberId: string): Promise<Owner> {
  const { rows: [member] } = await db.query<{ member_type: string; verification_status: string; real_name: string | null }>(
    "SELECT member_type, verification_status, real_name FROM members WHERE id = $1 AND status = 'active'",
    [memberId],
  );
  if (!member) throw new DomainError(CODES.forbidden, 403);
  if (member.member_type !== 'individual') throw new DomainError(RECEIVE_CODES.notAPerson);
  if (member.verification_status !== 'verified' || !member.real_name) throw new DomainError(RECEIVE_CODES.notVerified);
  return { id: memberId, maskedName: maskName(member.real_name) };
}

const shown = (owner: Owner, token: string) => ({ token, payload: encodePersonalCode({ token, maskedName: owner.maskedName }), maskedName: owner.maskedName });

/** The live standing code, made on the first ask; two first asks at once make one (the partial unique index). */
async function standingToken(db: Queryable, memberId: string): Promise<string> {
  const found = async () => (await db.query<{ token: string }>("SELECT token FROM receive_codes WHERE member_id = $1 AND kind = 'standing' AND revoked_at IS NULL", [memberId])).rows[0]?.token;
  const existing = await found();
  if (existing) return existing;
  await db.query(
    `INSERT INTO receive_codes (member_id, token, kind) VALUES ($1, $2, 'standing')
     ON CONFLICT (member_id) WHERE kind = 'standing' AND revoked_at IS NULL DO NOTHING`,
    [memberId, newToken()],
  );
  return (await found())!;
}

const myCode: Handler<'wallet/receiveCode/myCode'> = async (_input, ctx) => {
  const owner = await receivingPerson(ctx.db, memberIdOf(ctx));
  return shown(owner, await standingToken(ctx.db, owner.id));
};

/** The old code stops being payable when this commits (a payment in flight holds its row: the renewal waits for it). */
const renewCode: Handler<'wallet/receiveCode/renewCode'> = async (_input, ctx) => {
  const owner = await receivingPerson(ctx.db, memberIdOf(ctx));
  return ctx.db.transaction(async (tx) => {
    // two renewals at once take turns on the member's row (else the second's new row would meet the first's)
    await tx.query('SELECT id FROM members WHERE id = $1 FOR NO KEY UPDATE', [owner.id]);
    await tx.query("UPDATE receive_codes SET revoked_at = now() WHERE member_id = $1 AND kind = 'standing' AND revoked_at IS NULL", [owner.id]);
    const token = newToken();
    await tx.query("INSERT INTO receive_codes (member_id, token, kind) VALUES ($1, $2, 'standing')", [owner.id, token]);
    return shown(owner, token);
  });
};

/** Counted under the member's row lock, in one transaction, so two at once cannot both pass the ceiling. */
const makeOneTimeCode: Handler<'wallet/receiveCode/makeOneTimeCode'> = async (input, ctx) => {
  const owner = await receivingPerson(ctx.db, memberIdOf(ctx));
  const token = newToken();
  const note = input.note || null;
  const made = await ctx.db.transaction(async (tx) => {
    await tx.query('SELECT id FROM members WHERE id = $1 FOR NO KEY UPDATE', [owner.id]);
    const { rows: [open] } = await tx.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM receive_codes WHERE member_id = $1 AND kind = 'oneTime' AND spent_at IS NULL AND expires_at > now()",
      [owner.id],
    );
    if (open!.n >= OPEN_ONE_TIME_CODES_MAX) throw new DomainError(RECEIVE_CODES.tooManyOpenCodes);
    const { rows } = await tx.query<{ expires_at: Date }>(
      `INSERT INTO receive_codes (member_id, token, kind, amount, note, expires_at)
       VALUES ($1, $2, 'oneTime', $3, $4, now() + make_interval(hours => $5)) RETURNING expires_at`,
      [owner.id, token, input.amount, note, ONE_TIME_CODE_HOURS],
    );
    return rows[0]!;
  });
  return {
    token,
    payload: encodePersonalCode({ token, maskedName: owner.maskedName, amountCents: input.amount, ...(note ? { note } : {}) }),
    maskedName: owner.maskedName,
    amount: input.amount,
    note,
    expiresAt: new Date(made.expires_at).toISOString(),
  };
};

/**
 * Whom a scanned code pays, before the payer types anything: counted as a payee look-up (one budget
 * with the transfer's), and refused as paying it would be refused (renewed, paid, expired, their own).
 */
const resolveCode: Handler<'wallet/receiveCode/resolveCode'> = async (input, ctx) => {
  const payerId = memberIdOf(ctx);
  await countPayeeLookup(ctx.db, payerId);
  const { rows: [code] } = await ctx.db.query<{
    member_id: string; kind: 'standing' | 'oneTime'; amount: string | null; note: string | null; revoked: boolean; spent: boolean; expired: boolean;
    real_name: string | null; payable: boolean;
  }>(
    `SELECT c.member_id::text, c.kind, c.amount::text, c.note, c.revoked_at IS NOT NULL AS revoked, c.spent_at IS NOT NULL AS spent,
            coalesce(c.expires_at <= now(), false) AS expired, m.real_name,
            m.status = 'active' AND m.verification_status = 'verified' AND m.real_name IS NOT NULL AS payable
       FROM receive_codes c JOIN members m ON m.id = c.member_id WHERE c.token = $1`,
    [input.token],
  );
  if (!code || code.revoked) throw new DomainError(RECEIVE_CODES.codeUnknown);
  if (code.spent) throw new DomainError(RECEIVE_CODES.codeAlreadyPaid);
  if (code.expired) throw new DomainError(RECEIVE_CODES.codeExpired);
  if (!code.payable) throw new DomainError(LEDGER_CODES.payeeNotFound);
  if (code.member_id === payerId) throw new DomainError(LEDGER_CODES.payeeIsSelf);
  return { maskedName: maskName(code.real_name!), kind: code.kind, amount: code.amount === null ? null : Number(code.amount), note: code.note };
};

type PayAnswer = Awaited<ReturnType<Handler<typeof PAY_SERVICE>>>;

/**
 * Pays a code in one statement (migration 036): the session check, the code's row lock, a replay's
 * first answer, the code's refusals, then `wallet_transfer` to the owner's current number and a
 * one-time code spent by this request. The pay confirmation is for this service, amount and token,
 * so a confirmation given for one code pays no other.
 */
const payByCode: InStatementSessionHandler<typeof PAY_SERVICE>['handle'] = async (input, ctx) => {
  const session = ctx.session;
  const [outcome] = await moneyStatement<{ code: string; detail: string; answer: PayAnswer | null }>(
    ctx.db,
    'receive_code_pay_in_session',
    'SELECT * FROM receive_code_pay_in_session($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)',
    [session.tokenHash, session.idleSeconds, session.granularitySeconds, ctx.requestNo, payloadHash(PAY_SERVICE, input), hashToken(input.payToken),
      purposeHash({ service: PAY_SERVICE, amount: input.amount, counterparty: input.token }), input.token, input.amount, input.note],
  );
  if (outcome!.code === CODES.forbidden) throw new DomainError(CODES.forbidden, 403);
  if (outcome!.code !== CODES.ok) throw new DomainError(outcome!.code, 200, outcome!.detail || undefined);
  return outcome!.answer!;
};

export const receiveCodeHandlers = {
  'wallet/receiveCode/myCode': myCode,
  'wallet/receiveCode/renewCode': renewCode,
  'wallet/receiveCode/makeOneTimeCode': makeOneTimeCode,
  'wallet/receiveCode/resolveCode': resolveCode,
  [PAY_SERVICE]: { sessionCheck: 'inStatement', handle: payByCode },
} satisfies FlowHandlers<'receiveCode'>;
