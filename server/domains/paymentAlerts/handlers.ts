import { CODES } from '../../../services/contract/answerCodes.ts';
import type { AlertPayment } from '../../../services/contract/paymentAlerts.ts';
import { ALERT_WAIT_SECONDS } from '../../../services/contract/values.ts';
import { DomainError } from '../../errors.ts';
import type { FlowHandlers, Handler, HandlerContext } from '../../handler.ts';
import { recordsScope } from '../../entities/merchants.ts';
import { memberIdOf } from '../../auth/principal.ts';
import { decodeCursor, encodeCursor, GRACE_MS, type AlertCursor } from './cursor.ts';
import { paymentWatch, type TailPayment, type WakeUp } from './watch.ts';

/**
 * Live payment alerts by long polling through the gateway (so every call meets the session rules
 * and the roles like any other): `merchant/alerts/wait` answers the caller's new payments at once,
 * or holds the call until one commits (woken by watch.ts, no database connection held meanwhile)
 * or ALERT_WAIT_SECONDS pass. Long polling rather than server-sent events: it goes through the one
 * gateway endpoint, its envelope and its session check unchanged, and survives proxies that
 * buffer streams.
 *
 * A waiting call costs the database its first look only: woken, it is handed the payments the
 * watcher's one read found and answers those its caller may hear from memory; timed out, it
 * answers the cursor of its first look. A member holds at most ALERT_WAITS_PER_MEMBER waits and
 * the process ALERT_WAITS_PER_PROCESS (AGW10006 past either; the app tries again later).
 */

/** At most this many payments an answer; the rest come with the next call (the cursor does not pass them). */
const PAGE = 100;

/** How long a call is held; KW_ALERT_WAIT_MS shortens it (tests). */
const waitMs = () => Number(process.env.KW_ALERT_WAIT_MS) || ALERT_WAIT_SECONDS * 1000;

/** What the caller may hear about: the owner every store of its merchant, a clerk their store (their own collections without the permission). */
interface Audience { merchantId: string; storeId: string | null; cashierId: string | null }

async function audienceOf(ctx: HandlerContext): Promise<Audience> {
  // a clerk removed meanwhile is refused here (STF10009): checked at the start of a call and again
  // before a woken call answers anything (answerWoken)
  const scope = await recordsScope(ctx, ctx.db, { family: 'alerts' });
  if (scope.role === 'owner') return { merchantId: scope.merchant.id, storeId: null, cashierId: null };
  return { merchantId: scope.staff.merchant_id, storeId: scope.staff.store_id, cashierId: scope.staff.all_records ? null : scope.memberId };
}

/** How far back a resumed listener is brought up to date (a phone back from a tunnel, a screen reopened). */
const RESUME_WINDOW_MS = 10 * 60_000;

const NOW_MS = 'SELECT floor(extract(epoch FROM now()) * 1000)::bigint::text AS now_ms';

interface Row { id: string; store_id: string; store_name: string; amount: string; at_ms: string; seen: boolean }

/** The caller's payments created since the cursor's `since`, those already delivered marked, and the database's clock. */
async function look(ctx: HandlerContext, audience: Audience, cursor: AlertCursor): Promise<{ payments: AlertPayment[]; cursor: AlertCursor }> {
  const clock = await ctx.db.query<{ now_ms: string }>(NOW_MS);
  const nowMs = Number(clock.rows[0]!.now_ms);
  // alerts are live news: a cursor from long ago (or a made-up one) resumes RESUME_WINDOW_MS back at
  // most — older payments are in the records — and never ahead of the database's clock
  cursor = { ...cursor, since: Math.min(Math.max(cursor.since, nowMs - RESUME_WINDOW_MS), nowMs) };
  const { rows } = await ctx.db.query<Row>(
    `SELECT p.id::text, p.store_id::text, s.name AS store_name, (p.amount - p.discount)::text AS amount,
            floor(extract(epoch FROM p.created_at) * 1000)::bigint::text AS at_ms, p.id = ANY($5::bigint[]) AS seen
       FROM merchant_payments p JOIN stores s ON s.id = p.store_id
      WHERE p.merchant_id = $1 AND p.created_at >= timestamptz 'epoch' + $2::bigint * interval '1 millisecond'
        AND ($3::bigint IS NULL OR p.store_id = $3::bigint) AND ($4::bigint IS NULL OR p.cashier_id = $4::bigint)
      ORDER BY p.created_at, p.id
      LIMIT $6`,
    // the delivered ones (at most MAX_SEEN) and one page more than is sent: enough to know some are left over
    [audience.merchantId, cursor.since, audience.storeId, audience.cashierId, cursor.seen.map(String), MAX_SEEN + PAGE + 1],
  );
  const fresh = rows.filter((row) => !row.seen);
  const delivered = fresh.slice(0, PAGE);
  // with payments left over, `since` stays put so that the next call still finds them
  const since = fresh.length > PAGE ? cursor.since : Math.max(cursor.since, nowMs - GRACE_MS);
  const deliveredIds = new Set(delivered.map((row) => row.id));
  const kept = bounded(rows.filter((row) => row.seen || deliveredIds.has(row.id)), since);
  return {
    payments: delivered.map((row) => ({ paymentId: row.id, storeId: row.store_id, storeName: row.store_name, amount: Number(row.amount), at: new Date(Number(row.at_ms)).toISOString() })),
    cursor: kept,
  };
}

/**
 * The cursor's delivered ids since `since`, at most MAX_SEEN (the cursor stays a few KB): for a
 * merchant paid more often than that in GRACE_MS, `since` moves up to the oldest id kept, and a
 * payment older than that still uncommitted would be missed (README "How it scales").
 */
const MAX_SEEN = 1_500;
function bounded(rows: { id: string; at_ms: string }[], since: number): AlertCursor {
  const inWindow = rows.filter((row) => Number(row.at_ms) >= since).sort((a, b) => Number(a.at_ms) - Number(b.at_ms));
  if (inWindow.length <= MAX_SEEN) return { since, seen: inWindow.map((row) => BigInt(row.id)) };
  const cutoff = Number(inWindow[inWindow.length - MAX_SEEN]!.at_ms);
  return { since: cutoff, seen: inWindow.filter((row) => Number(row.at_ms) >= cutoff).map((row) => BigInt(row.id)) };
}

const sameAudience = (a: Audience, b: Audience) => a.merchantId === b.merchantId && a.storeId === b.storeId && a.cashierId === b.cashierId;

const byTimeThenId = (a: TailPayment, b: TailPayment) => a.atMs - b.atMs || (BigInt(a.id) < BigInt(b.id) ? -1 : BigInt(a.id) > BigInt(b.id) ? 1 : 0);

/**
 * A woken call's answer from what the watcher read (no query of its own): the payments its caller
 * may hear (the audience's store and cashier) that the cursor has not delivered (created at or
 * after `since`, not in `seen`), delivered by adding them to `seen`. `since` stays: still true of
 * the cursor, and the next call's first look moves it on. Nothing for this caller: empty, and the
 * call waits on. Before answering a payment the caller's role is checked again, so a clerk removed
 * while waiting hears nothing (STF10009): one check per member per wake-up (`once`), however many
 * waits the member holds, and only for members with something to hear — so the role queries of a
 * wake-up are bounded by the payment's audience, at most ALERT_WAITS_PER_MEMBER calls each. A
 * changed audience (moved, permission changed), more than a page, or a cursor that would name more
 * than MAX_SEEN fall back to the database look.
 */
async function answerWoken(ctx: HandlerContext, audience: Audience, cursor: AlertCursor, wakeUps: WakeUp[]): Promise<{ payments: AlertPayment[]; cursor: AlertCursor; audience: Audience }> {
  const heard = wakeUps.flatMap((wakeUp) => wakeUp.payments).filter((payment) => payment.atMs >= cursor.since
    && (audience.storeId === null || payment.storeId === audience.storeId) && (audience.cashierId === null || payment.cashierId === audience.cashierId));
  const delivered = heard.length > 0 ? new Set(cursor.seen.map(String)) : null;
  const fresh = new Map<string, TailPayment>();
  for (const payment of heard) if (!delivered!.has(payment.id)) fresh.set(payment.id, payment);
  if (fresh.size === 0) return { payments: [], cursor, audience };
  const memberId = memberIdOf(ctx);
  const now = await wakeUps[wakeUps.length - 1]!.once(`audience:${memberId}`, () => audienceOf(ctx));
  if (!sameAudience(now, audience) || fresh.size > PAGE || cursor.seen.length + fresh.size > MAX_SEEN) return { ...(await look(ctx, now, cursor)), audience: now };
  const payments = [...fresh.values()].sort(byTimeThenId);
  return {
    payments: payments.map((p) => ({ paymentId: p.id, storeId: p.storeId, storeName: p.storeName, amount: Number(p.amount), at: new Date(p.atMs).toISOString() })),
    cursor: { since: cursor.since, seen: [...cursor.seen, ...payments.map((p) => BigInt(p.id))] },
    audience,
  };
}

const waitAlerts: Handler<'merchant/alerts/wait'> = async (input, ctx) => {
  const cursor = input.after === undefined ? null : decodeCursor(input.after);
  if (input.after !== undefined && !cursor) throw new DomainError(CODES.invalidParameters, 200, 'after');
  if (!cursor) {
    const audience = await audienceOf(ctx);
    // listening starts now: what is already there counts as delivered, not announced
    const clock = await ctx.db.query<{ now_ms: string }>(NOW_MS);
    const since = Number(clock.rows[0]!.now_ms) - GRACE_MS;
    const { rows } = await ctx.db.query<{ id: string; at_ms: string }>(
      `SELECT p.id::text, floor(extract(epoch FROM p.created_at) * 1000)::bigint::text AS at_ms FROM merchant_payments p
        WHERE p.merchant_id = $1 AND p.created_at >= timestamptz 'epoch' + $2::bigint * interval '1 millisecond'
          AND ($3::bigint IS NULL OR p.store_id = $3::bigint) AND ($4::bigint IS NULL OR p.cashier_id = $4::bigint)`,
      [audience.merchantId, since, audience.storeId, audience.cashierId],
    );
    return { payments: [], cursor: encodeCursor(bounded(rows, since)) };
  }

  // a call that may be held takes a slot first (no query spent on a refused one) and gives it back however it ends
  const watch = paymentWatch(ctx.db);
  const slot = watch.hold(memberIdOf(ctx), ctx.config.alerts);
  if (typeof slot === 'string') throw new DomainError(CODES.tooManyRequests, 429, slot);
  try {
    let audience = await audienceOf(ctx);
    const wakeUps: WakeUp[] = [];
    let wake: () => void = () => {};
    const stop = watch.listen(audience.merchantId, (wakeUp) => {
      wakeUps.push(wakeUp);
      wake();
    });
    try {
      const deadline = Date.now() + waitMs();
      let found = await look(ctx, audience, cursor);
      for (;;) {
        if (found.payments.length > 0 || Date.now() >= deadline) return { payments: found.payments, cursor: encodeCursor(found.cursor) };
        if (wakeUps.length === 0) {
          await new Promise<void>((resolve) => {
            const timer = setTimeout(resolve, Math.max(0, deadline - Date.now()));
            wake = () => { clearTimeout(timer); resolve(); };
          });
          wake = () => {};
        }
        if (wakeUps.length > 0) ({ audience, ...found } = await answerWoken(ctx, audience, found.cursor, wakeUps.splice(0)));
      }
    } finally {
      stop();
    }
  } finally {
    slot();
  }
};

export const paymentAlertsHandlers = {
  'merchant/alerts/wait': waitAlerts,
} satisfies FlowHandlers<'paymentAlerts'>;
