import { CODES, LEDGER_CODES, REQUEST_CODES } from '../../../services/contract/answerCodes.ts';
import type { MoneyRequestView, RequestStatus } from '../../../services/contract/moneyRequest.ts';
import { requestCounterparty } from '../../../src/lib/requestCounterparty.ts';
import type { Queryable } from '../../db/index.ts';
import { DomainError } from '../../errors.ts';
import type { FlowHandlers, Handler } from '../../handler.ts';
import { moneyTransaction } from '../../ledger/ledger.ts';
import { payloadHash } from '../../ledger/idempotent.ts';
import { purposeHash } from '../../ledger/payAuthorizations.ts';
import { hashToken } from '../../auth/sessions.ts';
import { maskName, memberIdOf, moneyMember } from '../../entities/members.ts';
import { addNotice } from '../../entities/memberNotices.ts';
import { countPayeeLookup } from '../../entities/payeeLookups.ts';
import { enqueueMessage } from '../../adapters/messages.ts';
import { messageText, normaliseLanguage } from '../../i18n.ts';
import { maskMobile } from '../../../src/lib/phone.ts';
import { formatKwanza } from '../../../src/lib/money.ts';

/**
 * Asking another member for money (README "Money requests"). Every change happens under a lock:
 * asking under the requester's member row (the hourly limit, one open request per payer and the
 * payer's block are read after it, so requests sent at once count one after another), paying,
 * declining and cancelling under the request's row (money_request_pay, migration 037).
 */

const PAY_SERVICE = 'wallet/moneyRequest/pay';
/** How long a request waits for the payer. */
export const REQUEST_HOURS = 48;
/**
 * Requests a member may send in any hour. Ten covers splitting a bill among a table of friends;
 * more an hour is what a spammer or a fraudster fishing for a careless tap needs.
 */
export const REQUESTS_PER_HOUR = 10;
/** Each list (sent, received) shows the latest this many. */
export const LISTED_REQUESTS = 50;

const e164 = (national: string) => `+244${national}`;
const national = (mobile: string | null) => (mobile ?? '').replace(/^\+244/, '');
const iso = (value: Date | string) => new Date(value).toISOString();
/** The purpose the payer's pay password confirms: this request (its counterparty is fixed), this amount. */
export const requestPurpose = (id: string, amount: number) => ({ service: PAY_SERVICE, amount, counterparty: requestCounterparty(id) });

interface RequestRow {
  id: string;
  requester_id: string;
  payer_id: string;
  amount: string;
  reason: string;
  status: RequestStatus;
  created_at: Date;
  expires_at: Date;
  closed_at: Date | null;
  transfer_id: string | null;
  requester_name: string;
  requester_mobile: string;
  payer_name: string;
  payer_mobile: string;
  requester_blocked: boolean;
}

/** A request with both sides, its status as the clock reads it (an open request past its hours is expired). */
const REQUEST_SELECT = `SELECT r.id::text, r.requester_id::text, r.payer_id::text, r.amount::text, r.reason,
    CASE WHEN r.status = 'open' AND r.expires_at <= now() THEN 'expired' ELSE r.status END AS status,
    r.created_at, r.expires_at, r.closed_at, r.transfer_id::text,
    q.real_name AS requester_name, q.mobile AS requester_mobile, p.real_name AS payer_name, p.mobile AS payer_mobile,
    EXISTS (SELECT 1 FROM money_request_blocks b WHERE b.member_id = r.payer_id AND b.blocked_id = r.requester_id) AS requester_blocked
  FROM money_requests r JOIN members q ON q.id = r.requester_id JOIN members p ON p.id = r.payer_id`;
/** The requests a member may see: the ones they sent, and the ones asked of them unless silenced by their block. */
const VISIBLE_TO = '(r.requester_id = $1 OR (r.payer_id = $1 AND NOT r.silenced))';

function toView(row: RequestRow, viewerId: string): MoneyRequestView {
  const asRequester = row.requester_id === viewerId;
  const other = asRequester ? { name: row.payer_name, mobile: row.payer_mobile } : { name: row.requester_name, mobile: row.requester_mobile };
  return {
    id: row.id,
    role: asRequester ? 'requester' : 'payer',
    status: row.status,
    amount: Number(row.amount),
    reason: row.reason,
    other: { maskedName: maskName(other.name), maskedMobile: maskMobile(national(other.mobile)) },
    createdAt: iso(row.created_at),
    expiresAt: iso(row.expires_at),
    closedAt: row.closed_at ? iso(row.closed_at) : null,
    transferId: row.transfer_id,
    // the requester is never told they are blocked
    requesterBlocked: asRequester ? false : row.requester_blocked,
  };
}

async function visibleRequest(db: Queryable, memberId: string, id: string): Promise<MoneyRequestView> {
  const { rows } = await db.query<RequestRow>(`${REQUEST_SELECT} WHERE r.id = $2 AND ${VISIBLE_TO}`, [memberId, id]);
  if (!rows[0]) throw new DomainError(REQUEST_CODES.requestNotFound);
  return toView(rows[0], memberId);
}

/** Locks one request of this member's side (`payer`: not silenced) and answers its status now; anyone else's is not found. */
async function lockOwnRequest(tx: Queryable, memberId: string, id: string, side: 'requester' | 'payer'): Promise<{ status: RequestStatus; requesterId: string; payerId: string; amount: string }> {
  const { rows } = await tx.query<{ status: RequestStatus; requester_id: string; payer_id: string; amount: string }>(
    `SELECT CASE WHEN status = 'open' AND expires_at <= now() THEN 'expired' ELSE status END AS status, requester_id::text, payer_id::text, amount::text
       FROM money_requests WHERE id = $1 AND ${side === 'requester' ? 'requester_id = $2' : 'payer_id = $2 AND NOT silenced'} FOR UPDATE`,
    [id, memberId],
  );
  const row = rows[0];
  if (!row) throw new DomainError(REQUEST_CODES.requestNotFound);
  return { status: row.status, requesterId: row.requester_id, payerId: row.payer_id, amount: row.amount };
}

const requireOpen = (status: RequestStatus) => {
  if (status !== 'open') throw new DomainError(REQUEST_CODES.requestClosed, 200, status);
};

/**
 * Asks a member for money. Only a verified individual asks, only an active verified member other
 * than oneself is asked (the payee check's own codes). Under the requester's row lock: a retried
 * send answers the request it made; at most REQUESTS_PER_HOUR an hour; one open request per payer.
 * A payer who blocks the requester gets nothing: the request is kept silenced (README).
 */
const createRequest: Handler<'wallet/moneyRequest/create'> = async (input, ctx) => {
  const requesterId = memberIdOf(ctx);
  // counted in its own statement, before the transaction: a refusal (no such member) must not undo
  // the count, or asking would tell without limit which numbers are verified members
  await countPayeeLookup(ctx.db, requesterId);
  return moneyTransaction(ctx.db, async (tx) => {
    const { rows: [requester] } = await tx.query<{ member_type: string; verified: boolean; real_name: string | null; mobile: string | null }>(
      `SELECT member_type, verification_status = 'verified' AS verified, real_name, mobile FROM members WHERE id = $1 AND status = 'active' FOR NO KEY UPDATE`,
      [requesterId],
    );
    if (!requester?.verified || !requester.real_name || !requester.mobile) throw new DomainError(LEDGER_CODES.verificationNeeded);
    if (requester.member_type !== 'individual') throw new DomainError(REQUEST_CODES.individualsOnly);

    // a retried send answers the request it made; the same requestNo with another request is a client bug (FND10002)
    const { rows: [made] } = await tx.query<{ id: string; mobile: string; amount: string; reason: string }>(
      `SELECT r.id::text, p.mobile, r.amount::text, r.reason FROM money_requests r JOIN members p ON p.id = r.payer_id
        WHERE r.requester_id = $1 AND r.create_request_no = $2`,
      [requesterId, ctx.requestNo],
    );
    if (made) {
      if (made.mobile !== e164(input.mobile) || Number(made.amount) !== input.amount || made.reason !== input.reason) throw new DomainError(LEDGER_CODES.requestNoReused);
      return visibleRequest(tx, requesterId, made.id);
    }

    const payer = await moneyMember(tx, { mobile: e164(input.mobile) });
    if (!payer?.verified || !payer.realName) throw new DomainError(LEDGER_CODES.payeeNotFound);
    if (payer.id === requesterId) throw new DomainError(LEDGER_CODES.payeeIsSelf);

    const { rows: [usage] } = await tx.query<{ sent: number; minutes_left: number }>(
      `SELECT count(*)::int AS sent, coalesce(ceil(extract(epoch FROM min(created_at) + interval '1 hour' - now()) / 60), 0)::int AS minutes_left
         FROM money_requests WHERE requester_id = $1 AND created_at > now() - interval '1 hour'`,
      [requesterId],
    );
    if (usage!.sent >= REQUESTS_PER_HOUR) throw new DomainError(REQUEST_CODES.tooManyRequests, 200, String(Math.max(1, usage!.minutes_left)));
    const { rows: open } = await tx.query(
      // silenced ones count too: a requester must not learn from this answer that they were blocked
      "SELECT 1 FROM money_requests WHERE requester_id = $1 AND payer_id = $2 AND status = 'open' AND expires_at > now()",
      [requesterId, payer.id],
    );
    if (open.length) throw new DomainError(REQUEST_CODES.alreadyAsked);
    const { rows: blocks } = await tx.query('SELECT 1 FROM money_request_blocks WHERE member_id = $1 AND blocked_id = $2', [payer.id, requesterId]);
    const silenced = blocks.length > 0;

    const { rows: [inserted] } = await tx.query<{ id: string }>(
      `INSERT INTO money_requests (requester_id, payer_id, amount, reason, create_request_no, silenced, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, now() + make_interval(hours => $7)) RETURNING id::text`,
      [requesterId, payer.id, input.amount, input.reason, ctx.requestNo, silenced, REQUEST_HOURS],
    );
    const id = inserted!.id;
    if (!silenced) {
      const requesterName = maskName(requester.real_name);
      await addNotice(tx, { memberId: payer.id, kind: 'moneyRequested', ref: id, params: { amount: input.amount, counterpart: requesterName } });
      const { rows: [payerRow] } = await tx.query<{ language: string }>('SELECT language FROM members WHERE id = $1', [payer.id]);
      const language = normaliseLanguage(payerRow?.language);
      // the reason stays out of the SMS: a stranger's free text with our name on it is a phishing tool
      await enqueueMessage(tx, {
        channel: 'sms', destination: payer.mobile!, language,
        body: messageText(language, 'moneyRequest.sms.requested', {
          requester: requesterName, mobile: maskMobile(national(requester.mobile)), amount: formatKwanza(input.amount, language),
          link: `${ctx.config.publicUrl}/app/moneyRequest/${id}`, hours: String(REQUEST_HOURS),
        }),
      });
    }
    return visibleRequest(tx, requesterId, id);
  });
};

const getRequest: Handler<'wallet/moneyRequest/get'> = async (input, ctx) => visibleRequest(ctx.db, memberIdOf(ctx), input.id);

const listRequests: Handler<'wallet/moneyRequest/list'> = async (_input, ctx) => {
  const memberId = memberIdOf(ctx);
  const sent = await ctx.db.query<RequestRow>(`${REQUEST_SELECT} WHERE r.requester_id = $1 ORDER BY r.id DESC LIMIT ${LISTED_REQUESTS}`, [memberId]);
  const received = await ctx.db.query<RequestRow>(`${REQUEST_SELECT} WHERE r.payer_id = $1 AND NOT r.silenced ORDER BY r.id DESC LIMIT ${LISTED_REQUESTS}`, [memberId]);
  return { sent: sent.rows.map((row) => toView(row, memberId)), received: received.rows.map((row) => toView(row, memberId)) };
};

type PaidAnswer = Awaited<ReturnType<Handler<typeof PAY_SERVICE>>>;

/**
 * Pays a request through money_request_pay (migration 037): the request locked, then the transfer
 * (wallet_transfer, the one transfer path, idempotent on the payer's requestNo) and the request
 * marked paid, with the requester's notice, all in one transaction.
 */
const payRequest: Handler<typeof PAY_SERVICE> = async (input, ctx) => {
  const payerId = memberIdOf(ctx);
  const outcome = await moneyTransaction(ctx.db, async (tx) => {
    const { rows: [result] } = await tx.query<{ code: string; detail: string; answer: PaidAnswer | null }>(
      'SELECT * FROM money_request_pay($1, $2, $3, $4, $5, $6, $7)',
      [payerId, input.id, ctx.requestNo, payloadHash(PAY_SERVICE, input), hashToken(input.payToken), purposeHash(requestPurpose(input.id, input.amount)), input.amount],
    );
    if (result!.code === CODES.ok) {
      const { rows: [request] } = await tx.query<{ requester_id: string; payer_name: string }>(
        'SELECT r.requester_id::text, p.real_name AS payer_name FROM money_requests r JOIN members p ON p.id = r.payer_id WHERE r.id = $1',
        [input.id],
      );
      await addNotice(tx, { memberId: request!.requester_id, kind: 'moneyRequestPaid', ref: input.id, params: { amount: input.amount, counterpart: maskName(request!.payer_name) } });
      // the request's own notice says it (who paid what was asked, and opens the request with its
      // receipt): the generic "money received" the transfer's trigger wrote would tell it twice
      await tx.query("DELETE FROM member_notices WHERE member_id = $1 AND kind = 'transferReceived' AND ref = $2", [request!.requester_id, result!.answer!.transferId]);
    }
    return result!;
  });
  if (outcome.code !== CODES.ok) throw new DomainError(outcome.code, 200, outcome.detail || undefined);
  return outcome.answer!;
};

const declineRequest: Handler<'wallet/moneyRequest/decline'> = async (input, ctx) => {
  const payerId = memberIdOf(ctx);
  return moneyTransaction(ctx.db, async (tx) => {
    const request = await lockOwnRequest(tx, payerId, input.id, 'payer');
    requireOpen(request.status);
    await closeDeclined(tx, input.id, request.requesterId, payerId, request.amount);
    return visibleRequest(tx, payerId, input.id);
  });
};

/** Declines an open request and tells the requester. */
async function closeDeclined(tx: Queryable, id: string, requesterId: string, payerId: string, amount: string): Promise<void> {
  await tx.query("UPDATE money_requests SET status = 'declined', closed_at = now() WHERE id = $1", [id]);
  const { rows: [payer] } = await tx.query<{ real_name: string }>('SELECT real_name FROM members WHERE id = $1', [payerId]);
  await addNotice(tx, { memberId: requesterId, kind: 'moneyRequestDeclined', ref: id, params: { amount: Number(amount), counterpart: maskName(payer!.real_name) } });
}

const cancelRequest: Handler<'wallet/moneyRequest/cancel'> = async (input, ctx) => {
  const requesterId = memberIdOf(ctx);
  return moneyTransaction(ctx.db, async (tx) => {
    const request = await lockOwnRequest(tx, requesterId, input.id, 'requester');
    requireOpen(request.status);
    await tx.query("UPDATE money_requests SET status = 'cancelled', closed_at = now() WHERE id = $1", [input.id]);
    return visibleRequest(tx, requesterId, input.id);
  });
};

/**
 * The payer blocks or unblocks this request's requester. The requester's member row is locked
 * first, as asking locks it, so a block and requests sent at the same moment are ordered: a
 * request that came first is open and is declined here; one that comes after finds the block.
 */
const blockRequester: Handler<'wallet/moneyRequest/block'> = async (input, ctx) => {
  const payerId = memberIdOf(ctx);
  return moneyTransaction(ctx.db, async (tx) => {
    const { rows: [seen] } = await tx.query<{ requester_id: string }>('SELECT requester_id::text FROM money_requests WHERE id = $1 AND payer_id = $2 AND NOT silenced', [input.id, payerId]);
    if (!seen) throw new DomainError(REQUEST_CODES.requestNotFound);
    await tx.query('SELECT id FROM members WHERE id = $1 FOR NO KEY UPDATE', [seen.requester_id]);
    if (!input.blocked) {
      await tx.query('DELETE FROM money_request_blocks WHERE member_id = $1 AND blocked_id = $2', [payerId, seen.requester_id]);
      return visibleRequest(tx, payerId, input.id);
    }
    await tx.query('INSERT INTO money_request_blocks (member_id, blocked_id) VALUES ($1, $2) ON CONFLICT DO NOTHING', [payerId, seen.requester_id]);
    const { rows: open } = await tx.query<{ id: string; amount: string }>(
      `SELECT id::text, amount::text FROM money_requests
        WHERE requester_id = $1 AND payer_id = $2 AND status = 'open' AND expires_at > now() AND NOT silenced ORDER BY id FOR UPDATE`,
      [seen.requester_id, payerId],
    );
    for (const request of open) await closeDeclined(tx, request.id, seen.requester_id, payerId, request.amount);
    return visibleRequest(tx, payerId, input.id);
  });
};

export const moneyRequestHandlers = {
  'wallet/moneyRequest/create': createRequest,
  'wallet/moneyRequest/get': getRequest,
  'wallet/moneyRequest/list': listRequests,
  [PAY_SERVICE]: payRequest,
  'wallet/moneyRequest/decline': declineRequest,
  'wallet/moneyRequest/cancel': cancelRequest,
  'wallet/moneyRequest/block': blockRequester,
} satisfies FlowHandlers<'moneyRequest'>;
