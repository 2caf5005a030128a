import type { Database } from '../../db/index.ts';

/**
 * Wakes the long-polling alert calls of this process when a payment to their merchant commits,
 * without a database connection per waiter and without a query per waiter while nothing happens.
 *
 * One tail per process (per database): while at least one call waits, a single statement reads
 * the payments past the highest id it has seen (`merchant_payments` primary key, a short range
 * scan) every TICK_MS, and at once when this process has just committed a payment
 * (`paymentCommitted`, called by the registry after a paying call answers). It wakes only the
 * waiters of the merchants it finds; each of them then runs its own query once. Payments committed
 * by other gateway processes are found by the tail within TICK_MS, so several processes behind a
 * load balancer need nothing more. The tail looks back LOOKBACK ids and remembers what it has
 * seen, so a payment whose id was taken before another's but which committed after it still
 * wakes its waiters; what the tail could still miss, the waiter's own query at the end of its wait
 * finds (the cursor, not the wake-up, decides what is delivered: cursor.ts).
 *
 * Not LISTEN/NOTIFY: a NOTIFY in the payment's transaction takes a database-wide lock at commit
 * that serialises every paying transaction's commit (PostgreSQL's async.c), which the payment path
 * (README "Merchant payments") cannot afford; and PGlite is one process anyway.
 */
const TICK_MS = 500;
const LOOKBACK = 256n;
const BATCH = 2_000;

type Waker = () => void;

class PaymentWatch {
  private readonly waiters = new Map<string, Set<Waker>>();
  private highest: bigint | null = null;
  private readonly recent = new Set<bigint>();
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;

  constructor(private readonly db: Database) {}

  /** Calls `wake` when a payment to `merchantId` may have committed; answers the way to stop listening. */
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
    const { rows } = await this.db.query<{ id: string; merchant_id: string }>(
      'SELECT id::text, merchant_id::text FROM merchant_payments WHERE id > $1 ORDER BY id LIMIT $2',
      [low.toString(), BATCH],
      { prepareAs: 'payment_alerts_tail' },
    );
    const merchants = new Set<string>();
    for (const row of rows) {
      const id = BigInt(row.id);
      if (this.recent.has(id)) continue;
      this.recent.add(id);
      merchants.add(row.merchant_id);
      if (id > this.highest) this.highest = id;
    }
    for (const id of this.recent) if (id <= this.highest - LOOKBACK) this.recent.delete(id);
    if (wake) for (const merchantId of merchants) for (const waker of [...(this.waiters.get(merchantId) ?? [])]) waker();
  }
}

const watches = new WeakMap<Database, PaymentWatch>();

export function paymentWatch(db: Database): PaymentWatch {
  let watch = watches.get(db);
  if (!watch) watches.set(db, (watch = new PaymentWatch(db)));
  return watch;
}

/** The calls that commit a merchant payment when they answer. */
const PAYING_SERVICES: ReadonlySet<string> = new Set(['pay/merchant/pay', 'merchant/cashier/chargePaymentCode', 'pay/paymentCode/confirm']);

/** After a call has answered (its transaction committed): wake the waiters at once if it may have paid a merchant. */
export function callAnswered(service: string, db: Database): void {
  if (PAYING_SERVICES.has(service)) watches.get(db)?.poke();
}
