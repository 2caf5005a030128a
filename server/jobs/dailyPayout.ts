import { PAYOUT_CODES } from '../../services/contract/answerCodes.ts';
import type { Database, Queryable } from '../db/index.ts';
import { DomainError } from '../errors.ts';
import { moneyTransaction } from '../ledger/ledger.ts';
import { payloadHash } from '../ledger/idempotent.ts';
import { moneyMember, requireVerified } from '../entities/members.ts';
import { activeCard } from '../entities/cards.ts';
import { channelOf } from '../entities/bankChannels.ts';
import { largestWithdrawal, startWithdrawal, withdrawalCap } from '../domains/withdrawal/handlers.ts';

/**
 * The merchants' daily payout (README "Daily payout"; migration 039): a merchant that switched it on
 * has its settlement withdrawn to its chosen card once a Luanda day, from its chosen time on.
 *
 * Each merchant's payout is one money transaction:
 *  1. a due merchant (on, its time passed, no payout row for the day) is picked with `FOR UPDATE
 *     SKIP LOCKED` on its settings row: another gateway's job takes the next merchant meanwhile;
 *  2. the owner's requestNo `dailyPayout:<merchant>:<day>` is claimed (`money_claim`, as every money
 *     call claims the envelope's): a gateway that read the merchant as due just before another
 *     committed its payout waits on that claim and then finds it taken;
 *  3. the amount is the largest a manual withdrawal to that card could be now (withdrawalCap: the
 *     settlement less what vouchers may need, the bank's and the level's limits, its charge
 *     included), and the withdrawal is started by `startWithdrawal`, the code a manual one runs:
 *     same charge, same hold, the bank settlement job sends it and resolves it (a refused payout
 *     gives the money back to the settlement, as a refused manual one does);
 *  4. the day's `daily_payouts` row (UNIQUE merchant and day) records the withdrawal, or why
 *     nothing was paid: `empty`, `belowMinimum`, `limitReached`, or the refusal's code.
 * A job killed mid-run loses nothing and pays nothing twice: the transaction rolls back whole, and
 * the next run (any gateway's) finds the merchant still due.
 */

/** The service name the payout's requestNo is claimed under (never a gateway service: no client can send it). */
export const DAILY_PAYOUT_SERVICE = 'job/dailyPayout';

export interface DailyPayoutTick {
  started: number;
  skipped: number;
}

export interface DailyPayoutOptions {
  /** The moment the job acts at (tests): its Luanda day and time of day decide who is due. Now by default. */
  at?: Date;
  /** Stop taking merchants after this long (the next tick goes on). */
  budgetMs?: number;
  /** Run inside each payout's transaction once its withdrawal is started, before it commits (tests: a kill mid-transaction). */
  beforeCommit?: () => Promise<void>;
  /** Told of an error that is no refusal (that merchant is left for the next run; the others go on). */
  onError?: (error: unknown, merchantId: string) => void;
}

/** The Luanda day (YYYY-MM-DD) and time of day (HH:MM:SS) of a moment: UTC+1 all year. */
export function luandaClock(at: Date): { day: string; time: string } {
  const local = new Date(at.getTime() + 3_600_000).toISOString();
  return { day: local.slice(0, 10), time: local.slice(11, 19) };
}

interface Due { merchant_id: string; owner: string; card_id: string }

type Outcome = { kind: 'none' } | { kind: 'taken'; merchantId: string } | { kind: 'started' | 'skipped'; merchantId: string };

/** Why nothing was paid, from what could be withdrawn. */
function nothingToPay(available: bigint, largestByBalance: bigint): string {
  if (available <= 0n) return 'empty';
  if (largestByBalance === 0n) return 'belowMinimum';
  return 'limitReached';
}

async function payoutOf(tx: Queryable, due: Due, day: string): Promise<{ state: 'started' | 'skipped'; reason: string | null; withdrawalId: string | null; balance: bigint }> {
  let balance = 0n;
  await tx.query('SAVEPOINT daily_payout');
  try {
    const member = requireVerified(await moneyMember(tx, { id: due.owner }));
    const card = await activeCard(tx, due.owner, due.card_id);
    const channel = await channelOf(tx, card.bank_code);
    // the job cannot choose a branch: such a card is refused when it is chosen, and here if its bank starts to need one
    if (channel.needsBranch) throw new DomainError(PAYOUT_CODES.cardNeedsBranch);
    const cap = await withdrawalCap(tx, due.owner, member, card, channel);
    balance = cap.available;
    if (cap.maxAmount === 0n) {
      await tx.query('RELEASE SAVEPOINT daily_payout');
      return { state: 'skipped', reason: nothingToPay(cap.available, largestWithdrawal(channel, cap.available, cap.available)), withdrawalId: null, balance };
    }
    const started = await startWithdrawal(tx, due.owner, member, { card, channel, amount: cap.maxAmount, branchCode: null });
    await tx.query('RELEASE SAVEPOINT daily_payout');
    return { state: 'started', reason: null, withdrawalId: started.withdrawalId, balance };
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    // refused as a manual withdrawal would be (a limit, the card removed, the money gone meanwhile): nothing held, the day recorded with why
    await tx.query('ROLLBACK TO SAVEPOINT daily_payout');
    return { state: 'skipped', reason: error.code, withdrawalId: null, balance };
  }
}

async function payNext(db: Database, clock: { day: string; time: string }, options: DailyPayoutOptions, skip: readonly string[]): Promise<Outcome | { kind: 'failed'; merchantId: string }> {
  let picked: string | null = null;
  try {
    return await payIn(db, clock, options, skip, (merchantId) => (picked = merchantId));
  } catch (error) {
    if (picked === null) throw error;
    // not a refusal (a bug, a constraint): this merchant waits for the next run, the others go on
    options.onError?.(error, picked);
    return { kind: 'failed', merchantId: picked };
  }
}

async function payIn(db: Database, clock: { day: string; time: string }, options: DailyPayoutOptions, skip: readonly string[], picking: (merchantId: string) => void): Promise<Outcome> {
  return moneyTransaction(db, async (tx): Promise<Outcome> => {
    const { rows: [due] } = await tx.query<Due>(
      `SELECT s.merchant_id::text, m.member_id::text AS owner, s.card_id::text
         FROM daily_payout_settings s JOIN merchants m ON m.id = s.merchant_id
        WHERE s.enabled AND m.status = 'active' AND s.payout_time <= $2::time
          AND NOT EXISTS (SELECT 1 FROM daily_payouts d WHERE d.merchant_id = s.merchant_id AND d.business_day = $1::date)
          AND NOT (s.merchant_id = ANY($3::bigint[]))
        ORDER BY s.payout_time, s.merchant_id LIMIT 1 FOR UPDATE OF s SKIP LOCKED`,
      [clock.day, clock.time, skip],
    );
    if (!due) return { kind: 'none' };
    picking(due.merchant_id);
    const requestNo = `dailyPayout:${due.merchant_id}:${clock.day}`;
    const { rows: [claim] } = await tx.query<{ claimed: boolean }>('SELECT claimed FROM money_claim($1, $2, $3, $4)', [
      due.owner, requestNo, DAILY_PAYOUT_SERVICE, payloadHash(DAILY_PAYOUT_SERVICE, { merchantId: due.merchant_id, day: clock.day }),
    ]);
    // another gateway paid this day between our search and our lock
    if (!claim!.claimed) return { kind: 'taken', merchantId: due.merchant_id };
    const payout = await payoutOf(tx, due, clock.day);
    const { rows: [row] } = await tx.query<{ id: string }>(
      `INSERT INTO daily_payouts (merchant_id, business_day, state, reason, withdrawal_id, balance, card_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id::text`,
      [due.merchant_id, clock.day, payout.state, payout.reason, payout.withdrawalId, payout.balance.toString(), due.card_id],
    );
    await tx.query('SELECT money_answer($1, $2, $3, NULL)', [due.owner, requestNo, JSON.stringify({ dailyPayoutId: row!.id, state: payout.state, reason: payout.reason })]);
    await options.beforeCommit?.();
    return { kind: payout.state, merchantId: due.merchant_id };
  });
}

/** Pays every merchant due now, one transaction each, until none is left or the time budget is spent. */
export async function runDailyPayoutOnce(db: Database, options: DailyPayoutOptions = {}): Promise<DailyPayoutTick> {
  const tick: DailyPayoutTick = { started: 0, skipped: 0 };
  const until = Date.now() + (options.budgetMs ?? 50_000);
  const clock = luandaClock(options.at ?? new Date());
  // merchants that went wrong in this run are not picked again in it (the next run tries them again)
  const tried: string[] = [];
  while (Date.now() < until) {
    const outcome = await payNext(db, clock, options, tried);
    if (outcome.kind === 'none') break;
    if (outcome.kind === 'taken' || outcome.kind === 'failed') tried.push(outcome.merchantId);
    else tick[outcome.kind]++;
  }
  return tick;
}

/** Starts the job (every minute by default: a payout starts within a minute of its time); the answer stops it and waits for a run under way. */
export function startDailyPayout(db: Database, log: { error(obj: unknown, msg: string): void }, everyMs = 60_000): () => Promise<void> {
  let running: Promise<void> | null = null;
  const timer = setInterval(() => {
    if (running) return;
    running = runDailyPayoutOnce(db, { budgetMs: Math.max(1_000, everyMs - 1_000), onError: (error, merchantId) => log.error({ err: error, merchantId }, 'daily payout failed; tried again next run') })
      .then(() => undefined)
      .catch((error) => log.error({ err: error }, 'daily payout failed; will retry'))
      .finally(() => (running = null));
  }, everyMs);
  return async () => {
    clearInterval(timer);
    await running;
  };
}
