/**
 * The bank settlement job with several gateways (server/jobs/bankSettlement.ts): when a batch takes
 * longer than its lease, another gateway's pass claims the rows not yet handled; each row is taken
 * again just before its bank call, so the bank hears about each operation from one gateway, once.
 * One row's failure no longer abandons the rest of its batch.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIM_TEST_CARDS } from '../../server/adapters/bankSimulator.ts';
import type { BankAdapter, BankOperationRequest } from '../../server/adapters/bank.ts';
import { bindCardDirect } from '../../server/domains/bindCard/handlers.ts';
import { topupOrderDirect } from '../../server/domains/topup/handlers.ts';
import { drainBankSettlement, runBankSettlementOnce } from '../../server/jobs/bankSettlement.ts';
import { checkInvariants } from '../../server/ledger/invariants.ts';
import { verifyMember } from '../support/money.ts';
import { engines, startTestServer, type TestServer } from '../support/server.ts';

const ANA_BAI = SIM_TEST_CARDS.find((c) => c.holderName === 'Ana Maria Demo' && /^BAI/.test(c.note))!;

/** The simulator, with every call counted per reference, and calls to one reference that overlap in time caught. */
function countingBank(inner: BankAdapter, options: { callMs: number; failSubmitOf?: Set<string> }) {
  const submits = new Map<string, number>();
  const statuses = new Map<string, number>();
  const inFlight = new Set<string>();
  const overlapping: string[] = [];
  const around = async <T>(reference: string, call: () => Promise<T>): Promise<T> => {
    if (inFlight.has(reference)) overlapping.push(reference);
    inFlight.add(reference);
    try {
      await new Promise((resolve) => setTimeout(resolve, options.callMs));
      return await call();
    } finally {
      inFlight.delete(reference);
    }
  };
  const bank: BankAdapter = {
    ...inner,
    name: inner.name,
    processDue: inner.processDue?.bind(inner),
    submit: (request: BankOperationRequest) => around(request.reference, async () => {
      submits.set(request.reference, (submits.get(request.reference) ?? 0) + 1);
      if (options.failSubmitOf?.has(request.reference)) throw Object.assign(new Error('connect ETIMEDOUT (the bank)'), { code: 'ETIMEDOUT' });
      return inner.submit(request);
    }),
    status: (reference: string) => around(reference, async () => {
      statuses.set(reference, (statuses.get(reference) ?? 0) + 1);
      return inner.status(reference);
    }),
  };
  return { bank, submits, statuses, overlapping };
}

describe.each(engines)('bank settlement with several gateways on %s', (engine) => {
  let server: TestServer;
  let anaId: string;
  let anaCard: string;
  beforeAll(async () => {
    server = await startTestServer(engine, { BANK_SETTLEMENT_DELAY_MS: '0' });
    anaId = await verifyMember(server.db, '+244923000001', 'Ana Maria Demo');
    anaCard = (await bindCardDirect(server.db, server.adapters.bank, anaId, { cardNo: ANA_BAI.cardNo, mobile: ANA_BAI.holderMobile })).cardId;
  }, 60_000);
  afterAll(() => server.close());

  /**
   * Pending top-ups, made as confirmTopup leaves them (its pay password and limits are another
   * test's: tests/server/topup.test.ts); 1 Kz each, so the card's balance is never the question.
   */
  const pendingTopups = async (count: number): Promise<string[]> => {
    const orders: string[] = [];
    for (let i = 0; i < count; i++) orders.push(await topupOrderDirect(server.db, anaId, anaCard, 100n));
    await server.db.query("UPDATE topups SET state = 'PENDING', confirmed_at = now(), next_check_at = now() WHERE order_no = ANY($1::text[])", [orders]);
    return orders;
  };
  const states = async (orders: string[]) =>
    (await server.db.query<{ state: string; n: string }>('SELECT state, count(*)::text AS n FROM topups WHERE order_no = ANY($1::text[]) GROUP BY state', [orders])).rows;

  it('one row\'s failed bank call leaves the rest of its batch going, and that row is tried again after its lease', async () => {
    const orders = await pendingTopups(5);
    const failing = orders[0]!;
    const counted = countingBank(server.adapters.bank, { callMs: 0, failSubmitOf: new Set([failing]) });
    const errors: unknown[] = [];
    const first = await runBankSettlementOnce(server.db, counted.bank, { log: { error: (obj) => errors.push(obj) } });
    expect(first).toMatchObject({ submitted: 4, failed: 1, skipped: 0 });
    expect(errors).toEqual([expect.objectContaining({ table: 'topups', reference: failing })]);
    expect([...counted.submits.keys()].sort()).toEqual([...orders].sort());
    // its row lease (30 s) keeps it out of the next passes: the bank is not hammered
    const { rows } = await server.db.query<{ wait: number }>("SELECT extract(epoch FROM next_check_at - now())::float8 AS wait FROM topups WHERE order_no = $1", [failing]);
    expect(rows[0]!.wait).toBeGreaterThan(25);
    const healthy = countingBank(server.adapters.bank, { callMs: 0 });
    await runBankSettlementOnce(server.db, healthy.bank, { leaseMs: 0 });
    expect(healthy.submits.has(failing)).toBe(false);
    // once the lease is over
    await server.db.query("UPDATE topups SET next_check_at = now() WHERE order_no = $1", [failing]);
    expect(await drainBankSettlement(server.db, healthy.bank)).toBe(0);
    expect(healthy.submits.get(failing)).toBe(1);
    expect(await states(orders)).toEqual([{ state: 'SUCCESS', n: '5' }]);
  });

  it.runIf(engine === 'postgres')('two gateways settling at once, each batch outlasting its lease: every operation reaches the bank once, never two calls at a time', async () => {
    const orders = await pendingTopups(60);
    const counted = countingBank(server.adapters.bank, { callMs: 10 });
    const ticks: Array<{ submitted: number; skipped: number; failed: number }> = [];
    const gateway = async () => {
      for (let pass = 0; pass < 200; pass++) {
        // a 50 ms lease against a batch of 60 calls of 10 ms: the other gateway claims this batch's tail
        ticks.push(await runBankSettlementOnce(server.db, counted.bank, { leaseMs: 50 }));
        const left = await states(orders);
        if (left.every((row) => row.state !== 'PENDING')) return;
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    };
    await Promise.all([gateway(), gateway()]);

    expect(await states(orders)).toEqual([{ state: 'SUCCESS', n: '60' }]);
    expect(counted.submits.size).toBe(60);
    expect([...counted.submits.entries()].filter(([, calls]) => calls !== 1)).toEqual([]);
    expect(counted.overlapping).toEqual([]);
    // the leases did run out under the batches: rows were claimed twice, and the second claimer stood back
    expect(ticks.reduce((sum, tick) => sum + tick.skipped, 0)).toBeGreaterThan(0);
    expect(ticks.reduce((sum, tick) => sum + tick.failed, 0)).toBe(0);
    // credited once each
    const { rows } = await server.db.query<{ n: string }>("SELECT count(*)::text AS n FROM ledger_transfers WHERE idempotency_key = ANY(SELECT 'topup:' || id FROM topups WHERE order_no = ANY($1::text[]))", [orders]);
    expect(rows[0]!.n).toBe('60');
    expect(await checkInvariants(server.db)).toMatchObject({ ok: true });
  }, 60_000);
});
