import type { Database } from '../../db/index.ts';

/**
 * Wakes the long-polling alert calls of this process when a payment to their merchant commits,
 * and hands them the payment, without a database connection per waiter and without a query per
 * waiter.
 *
 * One tail per process (per database): while at least one call waits, a single statement reads
 * the payments past the highest id it has seen (`merchant_payments` primary key, a short range
 * scan, with what an alert shows: store, its name, cashier, amount, time) every TICK_MS, and at
 * once when this process has just committed a payment (`callAnswered`, called by the registry
 * after a paying call answers). It hands each merchant's new payments to that merchant's waiters
 * only, and each waiter picks what its caller may hear in memory (handlers.ts): one query per
 * wake-up, whatever the number of waiters. Payments committed by other gateway processes are
 * found by the tail within TICK_MS, so several processes behind a load balancer need nothing
 * more. The tail looks back LOOKBACK ids and remembers what it has seen, so a payment whose id was
 * taken before another's but which committed after it still wakes its waiters; what the tail could
 * still miss, the next call's own query finds (the cursor, not the wake-up, decides what is
 * delivered: cursor.ts).
 *
 * It also counts the waits held in this process (`hold`): at most ALERT_WAITS_PER_MEMBER per
 * member and ALERT_WAITS_PER_PROCESS in all (server/config.ts). The counts are this process's
 * memory, so with N gateways the effective cap per member is N × ALERT_WAITS_PER_MEMBER.
 *
 * Not LISTEN/NOTIFY: a NOTIFY in the payment's transaction takes a database-wide lock at commit
 * that serialises every paying transaction's commit (PostgreSQL's async.c), which the payment path
 * (README "Merchant payments") cannot afford; and PGlite is one process anyway.
 */
const TICK_MS = 500;
const LOOKBACK = 256n;
const BATCH = 2_000;

/** A payment as the tail reads it: all an alert shows and all a waiter needs to tell whether its caller may hear of it. */
export interface TailPayment {
  id: string;
  storeId: string;
  storeName: string;
  cashierId: string | null;
  amount: string;
  /** created_at, in milliseconds since the epoch (the database's clock). */
  atMs: number;
}

/** One wake-up: a merchant's new payments, and what the waiters woken by the same read share. */
export interface WakeUp {
  payments: TailPayment[];
  /** `work` once per key for every waiter this read wakes (the role check of a member with several waits open). */
  once<T>(key: string, work: () => Promise<T>): Promise<T>;
}

type Waker = (wakeUp: WakeUp) => void;

/** Why a wait was not taken: the member holds ALERT_WAITS_PER_MEMBER already, or the process ALERT_WAITS_PER_PROCESS. */
export type WaitRefusal = 'member' | 'process';

class PaymentWatch {
  private readonly waiters = new Map<string, Set<Waker>>();
  private highest: bigint | null = null;
  private readonly recent = new Set<bigint>();
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;

  /** Waits held in this process, by member, and in all. */
  private readonly held = new Map<string, number>();
  private heldInAll = 0;

  constructor(private readonly db: Database) {}

  /**
   * Takes one of the member's waiting slots, or says which cap is reached. Checked and counted in
   * one synchronous step, so concurrent calls of one member cannot pass the cap together. The
   * answer releases the slot (once, however often it is called): call it in a `finally`.
   */
  hold(memberId: string, limits: { waitsPerMember: number; waitsPerProcess: number }): (() => void) | WaitRefusal {
    const mine = this.held.get(memberId) ?? 0;
    if (mine >= limits.waitsPerMember) return 'member';
    if (this.heldInAll >= limits.waitsPerProcess) return 'process';
    this.held.set(memberId, mine + 1);
    this.heldInAll += 1;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.heldInAll -= 1;
      const left = (this.held.get(memberId) ?? 1) - 1;
      if (left > 0) this.held.set(memberId, left);
      else this.held.delete(memberId);
    };
  }

  /** Waits held now, by this member or in all (tests and diagnostics). */
  holding(memberId?: string): number {
    return memberId === undefined ? this.heldInAll : (this.held.get(memberId) ?? 0);
  }

  /** Calls `wake` with the payments to `merchantId` the tail finds; answers the way to stop listening. */
  listen(merchantId: string, wake: Waker): () => void {
    let set = this.waiters.get(merchantId);
    if (!set) this.waiters.set(merchantId, (set = new Set()));
    set.add(wake);
    this.start();
    return () => {
      set.delete(wake);
      if (set.size === 0) this.waiters.delete(merchantId);
      if (this.waiters.size === 0) this.stop();
    };
  }

  /** A payment committed in this process: look now rather than at the next tick. */
  poke(): void {
    if (this.waiters.size > 0) void this.tail();
  }

  private start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.tail(), TICK_MS);
    this.timer.unref();
    void this.tail();
  }

  private stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    // idle, nobody needs the gap caught up: the next listener starts from the newest payment (each look reads its own)
    this.highest = null;
  }

  /** One tail at a time; a poke while it runs runs it once more after. */
  private tail(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = this.readTail()
      .catch(() => undefined) // a closed or unreachable database: the waiters' own time-out answers them
      .finally(() => {
        this.running = null;
        if (this.again && this.waiters.size > 0) {
          this.again = false;
          void this.tail();
        }
      });
    return this.running;
  }

  private async readTail(wake = true): Promise<void> {
    if (this.highest === null) {
      const { rows } = await this.db.query<{ highest: string }>('SELECT coalesce(max(id), 0)::text AS highest FROM merchant_payments');
      // a payment committing while the first wait starts is found by the waiter's own first query
      this.highest = BigInt(rows[0]!.highest);
      // what is already there wakes nobody
      await this.readTail(false);
      return;
    }
    const low = this.highest > LOOKBACK ? this.highest - LOOKBACK : 0n;
    const { rows } = await this.db.query<{ id: string; merchant_id: string; store_id: string; store_name: string; cashier_id: string | null; amount: string; at_ms: string }>(
      `SELECT p.id::text, p.merchant_id::text, p.store_id::text, s.name AS store_name, p.cashier_id::text, (p.amount - p.discount)::text AS amount,
              floor(extract(epoch FROM p.created_at) * 1000)::bigint::text AS at_ms
         FROM merchant_payments p JOIN stores s ON s.id = p.store_id
        WHERE p.id > $1 ORDER BY p.id LIMIT $2`,
      [low.toString(), BATCH],
      { prepareAs: 'payment_alerts_tail' },
    );
    const byMerchant = new Map<string, TailPayment[]>();
    for (const row of rows) {
      const id = BigInt(row.id);
      if (this.recent.has(id)) continue;
      this.recent.add(id);
      if (id > this.highest) this.highest = id;
      let payments = byMerchant.get(row.merchant_id);
      if (!payments) byMerchant.set(row.merchant_id, (payments = []));
      payments.push({ id: row.id, storeId: row.store_id, storeName: row.store_name, cashierId: row.cashier_id, amount: row.amount, atMs: Number(row.at_ms) });
    }
    for (const id of this.recent) if (id <= this.highest - LOOKBACK) this.recent.delete(id);
    if (!wake) return;
    const shared = new Map<string, Promise<unknown>>();
    const once = <T>(key: string, work: () => Promise<T>): Promise<T> => {
      let result = shared.get(key) as Promise<T> | undefined;
      if (!result) shared.set(key, (result = work()));
      return result;
    };
    for (const [merchantId, payments] of byMerchant) {
      for (const waker of [...(this.waiters.get(merchantId) ?? [])]) waker({ payments, once });
    }
  }
}

const watches = new WeakMap<Database, PaymentWatch>();

export function paymentWatch(db: Database): PaymentWatch {
  let watch = watches.get(db);
  if (!watch) watches.set(db, (watch = new PaymentWatch(db)));
  return watch;
}

/** The calls that commit a merchant payment when they answer. */
const PAYING_SERVICES: ReadonlySet<string> = new Set(['pay/merchant/pay', 'merchant/cashier/chargePaymentCode', 'pay/paymentCode/confirm', 'pay/groupPackage/buy']);

/** After a call has answered (its transaction committed): wake the waiters at once if it may have paid a merchant. */
export function callAnswered(service: string, db: Database): void {
  if (PAYING_SERVICES.has(service)) watches.get(db)?.poke();
}
