/**
 * The lottery, the server side (README "Lottery"; migration 032): operators make activities (bad
 * ones refused with their codes) committed to a seed; qualifying top-ups and merchant payments earn
 * draws once each (the quote shows them); a draw is idempotent on its requestNo, a lost answer is
 * found by drawResult, refusals say why; prizes reach the cashback account through the delivery job
 * once; the revealed seed reproduces every recorded draw and a changed seed is detected. On
 * PostgreSQL: 64 concurrent draws on the last 5 prizes, concurrent replays of one requestNo, and the
 * delivery job killed with SIGKILL mid-run.
 */
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, envelope, startTestServer, type TestServer } from '../support/server.ts';
import { fund, payTokenDirect, verifyMember } from '../support/money.ts';
import { createMerchantDirect, operatorOf, type Answer, type MerchantSetup } from '../support/merchant.ts';
import { pay, person, type Person } from '../support/records.ts';
import { checkInvariants } from '../../server/ledger/invariants.ts';
import { runPrizeDeliveryOnce } from '../../server/jobs/prizeDelivery.ts';
import { resolveTopup, topupOrderDirect } from '../../server/domains/topup/handlers.ts';
import { bindCardDirect } from '../../server/domains/bindCard/handlers.ts';
import { drainBankSettlement } from '../../server/jobs/bankSettlement.ts';
import { SIM_TEST_CARDS } from '../../server/adapters/bankSimulator.ts';
import { openMemberSession } from '../../server/auth/sessions.ts';
import { replayDraws, seedCommitment } from '../../services/lotteryDraw.ts';
import type { RecordedDraw } from '../../services/contract/lottery.ts';
import { moneyTransaction } from '../../server/ledger/ledger.ts';
import { REFUNDABLE_COLUMNS, refundLockedPayment, type RefundablePayment } from '../../server/merchantPayment/refund.ts';

const KZ = 100;
const ANA_BAI = SIM_TEST_CARDS.find((c) => c.holderName === 'Ana Maria Demo' && /^BAI/.test(c.note))!;
const HOUR = 3_600_000;
const CREATE = 'platform/lottery/create';
const DRAW = 'lottery/draw';

interface Drawn { seq: number; participant: number; drawNo: number; prize: { id: string; name: string; amount: number } | null; winningId: string | null; drawsLeft: number }

describe.each(engines)('the lottery on %s', (engine) => {
  let server: TestServer;
  let operator: string;
  let shop: MerchantSetup;

  const send = async (service: string, bizContent: object, token: string, options: { type?: string; requestNo?: string; language?: string } = {}): Promise<Answer> => {
    const payload = envelope(service, bizContent, token ? { token, type: options.type ?? 'LOGIN_TOKEN' } : {}, options.language ?? 'en');
    payload.requestNo = options.requestNo ?? `T${crypto.randomBytes(8).toString('hex')}`;
    return (await server.app.inject({ method: 'POST', url: '/gatewayinner/api', payload })).json();
  };
  const okOf = async (service: string, bizContent: object, token: string, options: { type?: string; requestNo?: string; language?: string } = {}) => {
    const answer = await send(service, bizContent, token, options);
    expect(answer.code, `${service}: ${answer.code} ${answer.subMsg ?? ''}`).toBe('S0001');
    return answer.bizContent;
  };
  const asOperator = (service: string, bizContent: object) => send(service, bizContent, operator, { type: 'SSO-AUTH' });
  const activityFields = (fields: Record<string, unknown> = {}) => ({
    name: 'Sorteio de Dezembro',
    rules: { pt: 'Cada carregamento de 5 000 Kz dá um sorteio.', en: 'Each top-up of 5,000 Kz gives one draw.', zh: '每充值5000宽扎获得一次抽奖。' },
    startsAt: new Date(Date.now() - 60_000).toISOString(),
    endsAt: new Date(Date.now() + 30 * 24 * HOUR).toISOString(),
    entry: 'consume', threshold: 5_000 * KZ, drawsPerEntry: 1,
    prizes: [{ name: '1 000 Kz', amount: 1_000 * KZ, quantity: 3, oddsPpm: 400_000 }, { name: '100 Kz', amount: 100 * KZ, quantity: 50, oddsPpm: 300_000 }],
    budget: 10_000 * KZ, regulatorReference: 'IGJ/AUT/2026/0417',
    ...fields,
  });
  const makeActivity = async (fields: Record<string, unknown> = {}) => {
    const answer = await asOperator(CREATE, activityFields(fields));
    expect(answer.code, answer.subMsg).toBe('S0001');
    return answer.bizContent.activityId as string;
  };
  /** Draws for a member the way they are earned: qualifying payments (the live consume activity's threshold each) at the test's shop. */
  const giveDraws = async (who: Person, activityId: string, entries: number) => {
    const { rows: [activity] } = await server.db.query<{ threshold: string }>('SELECT threshold::text FROM lottery_activities WHERE id = $1', [activityId]);
    await fund(server.db, who.id, BigInt(activity!.threshold) * BigInt(entries));
    for (let i = 0; i < entries; i++) await pay(server, who, shop, shop.storeId, Number(activity!.threshold));
  };
  const cashback = async (memberId: string) =>
    BigInt((await server.db.query<{ b: string }>("SELECT coalesce(sum(balance), 0)::text AS b FROM ledger_accounts WHERE member_id = $1 AND kind = 'cashback'", [memberId])).rows[0]!.b);
  const invariantsHold = async () => {
    const report = await checkInvariants(server.db);
    expect(report).toMatchObject({ ok: true, lotteryUnmatched: [], promotionsUnmatched: [], paymentsUnmatched: [] });
  };
  /** Every recorded draw of the activity, recomputed from its revealed seed. */
  const recompute = async (activityId: string) => {
    const verification = await okOf('lottery/verification', { activityId }, '');
    const { activity } = verification;
    let draws = verification.draws;
    for (let after = verification.nextAfterSeq; after !== null;) {
      const page = await okOf('lottery/verification', { activityId, afterSeq: after }, '');
      draws = [...draws, ...page.draws];
      after = page.nextAfterSeq;
    }
    return { activity, checks: activity.seed ? await replayDraws(activity.seed, activityId, activity.prizes, draws) : null, draws };
  };

  beforeAll(async () => {
    server = await startTestServer(engine);
    operator = await operatorOf(server);
    shop = await createMerchantDirect(server);
  }, 120_000);
  afterAll(() => server.close());

  it('operators make activities committed to a secret seed (bad ones refused, nothing written) and end them, revealing it', async () => {
    const refusal = async (fields: Record<string, unknown>) => (await asOperator(CREATE, activityFields(fields))).code;
    expect(await refusal({ prizes: [{ name: 'A', amount: 100, quantity: 1, oddsPpm: 600_000 }, { name: 'B', amount: 100, quantity: 1, oddsPpm: 400_001 }] })).toBe('LOT10010');
    expect(await refusal({ budget: 1_000 * KZ })).toBe('LOT10011');
    expect(await refusal({ endsAt: new Date(Date.now() - HOUR).toISOString() })).toBe('LOT10012');
    expect(await refusal({ startsAt: new Date(Date.now() - 2 * HOUR).toISOString() })).toBe('LOT10012');
    expect(await refusal({ startsAt: new Date(Date.now() - 4 * 60_000).toISOString(), endsAt: new Date(Date.now() - 60_000).toISOString() })).toBe('LOT10012');
    expect(await refusal({ prizes: Array.from({ length: 13 }, (_, i) => ({ name: `P${i}`, amount: 100, quantity: 1, oddsPpm: 1000 })) })).toBe('LOT10013');
    expect(await refusal({ regulatorReference: '' })).toBe('AGW10003');
    const ana = await person(server, 'Ana Sorteio Demo');
    expect((await send(CREATE, activityFields(), ana.token)).code).toBe('AGW10005');
    expect((await server.db.query('SELECT count(*)::int AS n FROM lottery_activities')).rows[0]).toEqual({ n: 0 });

    const fields = activityFields();
    const created = await send(CREATE, fields, operator, { type: 'SSO-AUTH', requestNo: 'LOTTERY-FORM-0001' });
    expect(created.code).toBe('S0001');
    const { activityId, seedCommitment: commitment } = created.bizContent;
    // the form sent again after a lost answer: the same activity, not a second one with its own budget
    expect((await send(CREATE, fields, operator, { type: 'SSO-AUTH', requestNo: 'LOTTERY-FORM-0001' })).bizContent).toEqual(created.bizContent);
    expect((await send(CREATE, { ...fields, budget: 20_000 * KZ }, operator, { type: 'SSO-AUTH', requestNo: 'LOTTERY-FORM-0001' })).code).toBe('FND10002');
    expect((await server.db.query('SELECT count(*)::int AS n FROM lottery_activities')).rows[0]).toEqual({ n: 1 });
    const { rows: [stored] } = await server.db.query<{ seed: string }>('SELECT seed FROM lottery_activities WHERE id = $1', [activityId]);
    expect(await seedCommitment(stored!.seed)).toBe(commitment);
    // the member sees the commitment and the regulator's reference, never the seed while it runs
    const page = await okOf('lottery/activity', { activityId }, ana.token, { language: 'pt' });
    expect(page).toMatchObject({ eligible: true, drawsLeft: 0, drawsUsed: 0, activity: { status: 'live', seed: null, seedCommitment: commitment, regulatorReference: 'IGJ/AUT/2026/0417', rules: 'Cada carregamento de 5 000 Kz dá um sorteio.' } });
    expect(JSON.stringify(await okOf('lottery/activities', {}, ''))).not.toContain(stored!.seed);
    // neither the seed nor the prize table can be changed once made
    await expect(server.db.query("UPDATE lottery_activities SET seed = repeat('0', 64) WHERE id = $1", [activityId])).rejects.toThrow(/never change/);
    await expect(server.db.query('UPDATE lottery_prizes SET odds_ppm = 1 WHERE activity_id = $1', [activityId])).rejects.toThrow(/never changes/);
    // ended: the seed revealed, draws refused
    const ended = await asOperator('platform/lottery/end', { activityId });
    expect(ended.bizContent).toEqual({ activityId, seed: stored!.seed });
    expect((await asOperator('platform/lottery/end', { activityId })).code).toBe('LOT10002');
    expect((await okOf('lottery/activity', { activityId }, ana.token)).activity).toMatchObject({ status: 'ended', seed: stored!.seed });
    expect((await send(DRAW, { activityId }, ana.token)).code).toBe('LOT10002');
    // one that ended by its time cannot be ended again
    const timed = await makeActivity();
    await server.db.query("UPDATE lottery_activities SET ends_at = now() - interval '1 second' WHERE id = $1", [timed]);
    expect((await asOperator('platform/lottery/end', { activityId: timed })).code).toBe('LOT10002');
    expect((await send(DRAW, { activityId: timed }, ana.token)).code).toBe('LOT10002');
    const audit = (await server.db.query<{ action: string }>("SELECT action FROM operator_audit WHERE subject_type = 'lotteryActivity' AND subject_id = $1 ORDER BY id", [activityId])).rows;
    expect(audit.map((a) => a.action)).toEqual(['lottery.create', 'lottery.end']);
    expect((await send('lottery/activity', { activityId: '99999999' }, ana.token)).code).toBe('LOT10005');
  });

  it('a qualifying merchant payment and top-up earn draws once (the quote shows them); enterprises earn none and may not draw', async () => {
    await server.db.query('UPDATE lottery_activities SET ended_at = now() WHERE ended_at IS NULL');
    const consume = await makeActivity({ entry: 'consume', threshold: 5_000 * KZ, drawsPerEntry: 2 });
    const recharge = await makeActivity({ entry: 'recharge', threshold: 2_000 * KZ, drawsPerEntry: 1 });
    const shop = await createMerchantDirect(server);
    const ana = await person(server, 'Ana Compra Demo');
    await fund(server.db, ana.id, 100_000n * BigInt(KZ));
    const quote = await okOf('pay/merchant/quote', { serial: shop.storeSerial, amount: 5_000 * KZ }, ana.token, { language: 'pt' });
    expect(quote.adjustments).toEqual([{ extension: 'draw', kind: 'draw', amount: 2, reference: `lottery:${consume}`, name: 'Sorteio de Dezembro' }]);
    expect(quote.payable).toBe(5_000 * KZ);
    const small = await okOf('pay/merchant/quote', { serial: shop.storeSerial, amount: 4_999 * KZ }, ana.token);
    expect(small.adjustments).toEqual([]);
    await pay(server, ana, shop, shop.storeId, 5_000 * KZ);
    await pay(server, ana, shop, shop.storeId, 4_999 * KZ);
    await pay(server, ana, shop, shop.storeId, 9_000 * KZ);
    expect(await okOf('lottery/activity', { activityId: consume }, ana.token)).toMatchObject({ drawsLeft: 4, drawsUsed: 0 });
    // a payment's earning posted again changes nothing (once per source)
    const { rows: [first] } = await server.db.query<{ id: string }>('SELECT min(id)::text AS id FROM merchant_payments WHERE payer_id = $1', [ana.id]);
    expect((await server.db.query("SELECT lottery_earn($1, 'merchantPayment', $2, 500000) AS n", [ana.id, first!.id])).rows[0]).toEqual({ n: 0 });
    expect(await okOf('lottery/activity', { activityId: consume }, ana.token)).toMatchObject({ drawsLeft: 4 });
    // a payment refunded whole takes back what it earned and is not used yet; a draw made stays made
    for (let i = 0; i < 3; i++) await okOf(DRAW, { activityId: consume }, ana.token);
    const refundWhole = async (paymentId: string) => moneyTransaction(server.db, async (tx) => {
      const { rows: [payment] } = await tx.query<RefundablePayment>(`SELECT ${REFUNDABLE_COLUMNS} FROM merchant_payments p WHERE p.id = $1 FOR UPDATE OF p`, [paymentId]);
      const amount = BigInt(payment!.amount) - BigInt(payment!.discount) - BigInt(payment!.refunded);
      return refundLockedPayment(tx, payment!, { amount, ownerMember: shop.memberId, merchant: { id: shop.merchantId, name: 'Loja' }, refundedBy: shop.memberId, requestNo: `R${paymentId}` });
    });
    const earning = await server.db.query<{ id: string }>("SELECT id::text FROM merchant_payments WHERE payer_id = $1 AND amount >= 500000 ORDER BY id", [ana.id]);
    await refundWhole(earning.rows[0]!.id);
    expect(await okOf('lottery/activity', { activityId: consume }, ana.token)).toMatchObject({ drawsLeft: 0, drawsUsed: 3 });
    await refundWhole(earning.rows[1]!.id);
    expect(await okOf('lottery/activity', { activityId: consume }, ana.token)).toMatchObject({ drawsLeft: 0, drawsUsed: 3 });
    expect((await server.db.query('SELECT sum(taken_back)::int AS n FROM lottery_earnings WHERE member_id = $1', [ana.id])).rows[0]).toEqual({ n: 1 });

    // a top-up credited by the bank's answer earns the recharge activity's draw, once however often the answer comes
    const anaDemo = await verifyMember(server.db, '+244923000001', 'Ana Maria Demo');
    const demoToken = await server.memberToken('+244923000001');
    const { cardId } = await bindCardDirect(server.db, server.adapters.bank, anaDemo, { cardNo: ANA_BAI.cardNo, mobile: ANA_BAI.holderMobile });
    const topUp = async (amount: number) => {
      const orderNo = await topupOrderDirect(server.db, anaDemo, cardId, BigInt(amount));
      const payToken = await payTokenDirect(server.db, anaDemo, { service: 'wallet/topup/confirmTopup', amount, counterparty: cardId });
      await okOf('wallet/topup/confirmTopup', { orderNo, payToken }, demoToken);
      await drainBankSettlement(server.db, server.adapters.bank);
      return (await server.db.query<{ id: string; state: string }>('SELECT id::text, state FROM topups WHERE order_no = $1', [orderNo])).rows[0]!;
    };
    const big = await topUp(2_000 * KZ);
    expect(big.state).toBe('SUCCESS');
    await topUp(1_999 * KZ);
    // the bank's answer again: nothing more
    expect(await resolveTopup(server.db, big.id, { state: 'SUCCEEDED', reason: null } as never)).toBe(false);
    expect(await okOf('lottery/activity', { activityId: recharge }, demoToken)).toMatchObject({ drawsLeft: 1 });
    expect(await okOf('lottery/activity', { activityId: consume }, demoToken)).toMatchObject({ drawsLeft: 0 });

    // an enterprise: no draws earned, the page says it may not join, a draw is refused
    const { rows: [company] } = await server.db.query<{ id: string }>(
      "INSERT INTO members (member_type, email, display_name) VALUES ('enterprise', $1, 'Empresa Demo, Lda') RETURNING id::text", [`e${crypto.randomBytes(4).toString('hex')}@empresa.ao`]);
    const companyToken = await openMemberSession(server.db, company!.id, { idleMs: HOUR, lifetimeMs: HOUR });
    expect((await server.db.query("SELECT lottery_earn($1, 'merchantPayment', 424242, 900000) AS n", [company!.id])).rows[0]).toEqual({ n: 0 });
    expect(await okOf('lottery/activity', { activityId: consume }, companyToken)).toMatchObject({ eligible: false, drawsLeft: 0 });
    expect((await send(DRAW, { activityId: consume }, companyToken)).code).toBe('LOT10003');
    await invariantsHold();
  });

  it('draws: idempotent on requestNo, found again after a lost answer, refused when none are left; prizes delivered once; every draw recomputed', async () => {
    await server.db.query('UPDATE lottery_activities SET ended_at = now() WHERE ended_at IS NULL');
    await runPrizeDeliveryOnce(server.db); // earlier tests' prizes out of the way
    const activityId = await makeActivity({
      prizes: [{ name: 'Grande', amount: 1_000 * KZ, quantity: 2, oddsPpm: 300_000 }, { name: 'Pequeno', amount: 100 * KZ, quantity: 10, oddsPpm: 300_000 }],
    });
    const people: Person[] = [await person(server, 'Ana Maria Sorteio'), await person(server, 'Bruno Sorteio Demo'), await person(server, 'Carla Sorteio Demo')];
    for (const p of people) await giveDraws(p, activityId, 6);
    const [ana] = people as [Person, Person, Person];
    // the same requestNo answers the same draw, never a second one
    const first: Drawn = await okOf(DRAW, { activityId }, ana.token, { requestNo: 'LUCKY-ANA-0001' });
    expect(first).toMatchObject({ seq: 1, drawNo: 1, drawsLeft: 5 });
    expect(await okOf(DRAW, { activityId }, ana.token, { requestNo: 'LUCKY-ANA-0001' })).toEqual(first);
    expect((await okOf('lottery/drawResult', { activityId, requestNo: 'LUCKY-ANA-0001' }, ana.token)).draw).toMatchObject({ seq: 1, drawNo: 1, prize: first.prize });
    expect((await okOf('lottery/drawResult', { activityId, requestNo: 'NEVER-SENT-01' }, ana.token)).draw).toBeNull();
    expect((await send(DRAW, { activityId: '1' }, ana.token, { requestNo: 'LUCKY-ANA-0001' })).code).toBe('FND10002');
    // everyone draws until none are left
    const outcomes: Drawn[] = [first];
    for (const p of people) {
      for (;;) {
        const answer = await send(DRAW, { activityId }, p.token);
        if (answer.code === 'LOT10001') break;
        expect(answer.code).toBe('S0001');
        outcomes.push(answer.bizContent);
      }
    }
    expect(outcomes).toHaveLength(18);
    expect(await okOf('lottery/activity', { activityId }, ana.token)).toMatchObject({ drawsLeft: 0, drawsUsed: 6 });
    const won = outcomes.filter((o) => o.prize);
    expect(won.length).toBeGreaterThan(0);
    expect(won.length).toBeLessThan(18);
    expect(won.filter((o) => o.prize!.name === 'Grande').length).toBeLessThanOrEqual(2);

    // the winners list: masked names, the last 20; the member's own records waiting until the job runs
    const list = await okOf('lottery/winners', { activityId }, ana.token);
    expect(list.winners).toHaveLength(won.length);
    expect(list.winners.every((w: { name: string }) => /^\S\*\*\*( \S\*\*\*)*$/.test(w.name))).toBe(true);
    expect(list.mine.every((w: { status: string }) => w.status === 'waiting')).toBe(true);
    const before = await Promise.all(people.map((p) => cashback(p.id)));
    expect(await runPrizeDeliveryOnce(server.db)).toEqual({ sent: won.length, postponed: 0, failed: 0 });
    expect(await runPrizeDeliveryOnce(server.db)).toEqual({ sent: 0, postponed: 0, failed: 0 });
    let records = 0;
    for (const [i, p] of people.entries()) {
      const mine = (await okOf('lottery/winners', { activityId }, p.token)).mine as Array<{ amount: number; status: string }>;
      records += mine.length;
      expect(mine.every((w) => w.status === 'sent')).toBe(true);
      expect(await cashback(p.id)).toBe(before[i]! + BigInt(mine.reduce((sum, w) => sum + w.amount, 0)));
    }
    expect(records).toBe(won.length);
    await invariantsHold();

    // while it runs nothing can be recomputed; ended, every recorded draw is what the seed says
    expect((await recompute(activityId)).checks).toBeNull();
    await asOperator('platform/lottery/end', { activityId });
    const { checks } = await recompute(activityId);
    expect(checks).toHaveLength(18);
    expect(checks!.every((c) => c.matches)).toBe(true);
    // a recorded outcome changed, or a draw left out of the record, is found
    const { activity: revealed, draws: recorded } = await recompute(activityId);
    const changed = recorded.map((d: RecordedDraw) => (d.seq === 4 ? { ...d, prizeId: d.prizeId ? null : revealed.prizes[0].id } : d));
    const changedChecks = await replayDraws(revealed.seed, activityId, revealed.prizes, changed);
    expect(changedChecks.filter((c) => !c.matches).map((c) => [c.seq, c.problem])).toEqual(expect.arrayContaining([[4, 'outcome']]));
    const leftOut = await replayDraws(revealed.seed, activityId, revealed.prizes, recorded.filter((d: RecordedDraw) => d.seq !== 2));
    expect(leftOut.some((c) => c.problem === 'sequence')).toBe(true);
    // a seed changed after the commitment (someone with the database, past the trigger) is detected
    const { rows: [row] } = await server.db.query<{ seed: string; seed_commitment: string }>('SELECT seed, seed_commitment FROM lottery_activities WHERE id = $1', [activityId]);
    const forged = crypto.randomBytes(32).toString('hex');
    await server.db.query('ALTER TABLE lottery_activities DISABLE TRIGGER lottery_activities_frozen');
    await server.db.query('UPDATE lottery_activities SET seed = $2 WHERE id = $1', [activityId, forged]);
    await server.db.query('ALTER TABLE lottery_activities ENABLE TRIGGER lottery_activities_frozen');
    const tampered = await recompute(activityId);
    expect(await seedCommitment(tampered.activity.seed)).not.toBe(row!.seed_commitment);
    expect(tampered.activity.seedCommitment).toBe(row!.seed_commitment);
  });

  it('a member who cannot receive a prize now is tried again, then failed; an operator sends it again', async () => {
    await server.db.query('UPDATE lottery_activities SET ended_at = now() WHERE ended_at IS NULL');
    const activityId = await makeActivity({ prizes: [{ name: 'Certo', amount: 500 * KZ, quantity: 5, oddsPpm: 1_000_000 }] });
    const dora = await person(server, 'Dora Sorteio Demo');
    await giveDraws(dora, activityId, 1);
    const drawn: Drawn = await okOf(DRAW, { activityId }, dora.token);
    expect(drawn.prize).toMatchObject({ name: 'Certo', amount: 500 * KZ });
    await server.db.query("UPDATE members SET status = 'locked' WHERE id = $1", [dora.id]);
    for (let i = 0; i < 5; i++) {
      await server.db.query('UPDATE lottery_winnings SET next_attempt_at = now() WHERE id = $1', [drawn.winningId]);
      await runPrizeDeliveryOnce(server.db);
    }
    const listed = await asOperator('platform/lottery/deliveries', { activityId });
    expect(listed.bizContent.deliveries[0]).toMatchObject({ id: drawn.winningId, status: 'failed', attempts: 5, lastError: 'member locked' });
    expect((await asOperator('platform/lottery/list', {})).bizContent.activities.find((a: { id: string }) => a.id === activityId))
      .toMatchObject({ drawsMade: 1, awarded: 500 * KZ, deliveries: { waiting: 0, sent: 0, failed: 1 } });
    // sent again while still locked: its tries start again from 0, so one more try does not fail it
    expect((await asOperator('platform/lottery/retry', { winningId: drawn.winningId })).bizContent).toEqual({ winningId: drawn.winningId, status: 'waiting' });
    expect((await asOperator('platform/lottery/retry', { winningId: drawn.winningId })).code).toBe('LOT10014');
    expect(await runPrizeDeliveryOnce(server.db)).toEqual({ sent: 0, postponed: 1, failed: 0 });
    await server.db.query("UPDATE members SET status = 'active' WHERE id = $1", [dora.id]);
    await server.db.query('UPDATE lottery_winnings SET next_attempt_at = now() WHERE id = $1', [drawn.winningId]);
    expect(await runPrizeDeliveryOnce(server.db)).toMatchObject({ sent: 1 });
    expect(await cashback(dora.id)).toBe(500n * BigInt(KZ));
    // the wallet counts a prize as cashback received
    expect((await okOf('wallet/member/getUserAssets', {}, dora.token)).cashbackTotal).toBe(500 * KZ);
    await invariantsHold();
  });

  it('a record whose posting fails is postponed and counted, and the others are delivered in the same run', async () => {
    await server.db.query('UPDATE lottery_activities SET ended_at = now() WHERE ended_at IS NULL');
    await runPrizeDeliveryOnce(server.db);
    const activityId = await makeActivity({ prizes: [{ name: 'Sempre', amount: 20 * KZ, quantity: 10, oddsPpm: 1_000_000 }] });
    const fil = await person(server, 'Filipe Sorteio Demo');
    await giveDraws(fil, activityId, 3);
    for (let i = 0; i < 3; i++) await okOf(DRAW, { activityId }, fil.token);
    let calls = 0;
    const errors: string[] = [];
    const tick = await runPrizeDeliveryOnce(server.db, {
      beforeCommit: async () => { if (calls++ === 0) throw new Error('disk full'); },
      onError: (_error, winningId) => errors.push(winningId),
    });
    expect(tick).toEqual({ sent: 2, postponed: 1, failed: 0 });
    const { rows } = await server.db.query<{ id: string; status: string; attempts: number; last_error: string | null }>(
      'SELECT id::text, status, attempts, last_error FROM lottery_winnings WHERE activity_id = $1 ORDER BY id', [activityId]);
    expect(rows.filter((r) => r.status === 'waiting')).toEqual([{ id: errors[0], status: 'waiting', attempts: 1, last_error: 'internal' }]);
    expect(await cashback(fil.id)).toBe(40n * BigInt(KZ));
    await invariantsHold();
  });

  describe.runIf(engine === 'postgres')('under concurrency', () => {
    it('64 concurrent draws on the last 5 prizes award exactly 5, and the seed replays them', async () => {
      await server.db.query('UPDATE lottery_activities SET ended_at = now() WHERE ended_at IS NULL');
      const activityId = await makeActivity({ prizes: [{ name: 'Último', amount: 200 * KZ, quantity: 5, oddsPpm: 1_000_000 }], budget: 1_000 * KZ });
      const players = await Promise.all(Array.from({ length: 16 }, (_, i) => person(server, `Jogador ${i} Demo`)));
      for (const p of players) await giveDraws(p, activityId, 4);
      const answers = await Promise.all(players.flatMap((p) => Array.from({ length: 4 }, () => send(DRAW, { activityId }, p.token))));
      expect(answers.map((a) => a.code).filter((c) => c !== 'S0001')).toEqual([]);
      expect(answers.filter((a) => a.bizContent.prize).length).toBe(5);
      expect((await server.db.query('SELECT left_count FROM lottery_prizes WHERE activity_id = $1', [activityId])).rows[0]).toEqual({ left_count: 0 });
      expect(answers.map((a) => a.bizContent.seq).sort((x, y) => x - y)).toEqual(Array.from({ length: 64 }, (_, i) => i + 1));
      await asOperator('platform/lottery/end', { activityId });
      const { checks } = await recompute(activityId);
      expect(checks!.filter((c) => c.prizeId).map((c) => c.seq)).toEqual([1, 2, 3, 4, 5]);
      expect(checks!.every((c) => c.matches)).toBe(true);
      await invariantsHold();
    });

    it('one requestNo sent 8 times at once draws once', async () => {
      await server.db.query('UPDATE lottery_activities SET ended_at = now() WHERE ended_at IS NULL');
      const activityId = await makeActivity({ prizes: [{ name: 'Meio', amount: 100 * KZ, quantity: 50, oddsPpm: 500_000 }] });
      const eva = await person(server, 'Eva Repete Demo');
      await giveDraws(eva, activityId, 3);
      const answers = await Promise.all(Array.from({ length: 8 }, () => send(DRAW, { activityId }, eva.token, { requestNo: 'SAME-DRAW-0001' })));
      expect(new Set(answers.map((a) => JSON.stringify(a.bizContent))).size).toBe(1);
      expect(answers[0]!.bizContent).toMatchObject({ drawNo: 1, drawsLeft: 2 });
      expect((await server.db.query('SELECT count(*)::int AS n FROM lottery_draws WHERE activity_id = $1', [activityId])).rows[0]).toEqual({ n: 1 });
      await invariantsHold();
    });

    it('the delivery job killed with SIGKILL mid-run, then run again (twice at once), delivers each prize once', async () => {
      await server.db.query('UPDATE lottery_activities SET ended_at = now() WHERE ended_at IS NULL');
      const activityId = await makeActivity({ prizes: [{ name: 'Todos', amount: 10 * KZ, quantity: 300, oddsPpm: 1_000_000 }], drawsPerEntry: 10, budget: 3_000 * KZ });
      const winners = await Promise.all(Array.from({ length: 10 }, (_, i) => person(server, `Premiado ${i} Demo`)));
      for (const p of winners) await giveDraws(p, activityId, 3);
      for (const p of winners) for (let i = 0; i < 30; i++) await okOf(DRAW, { activityId }, p.token);
      const sent = async () => (await server.db.query<{ n: number }>("SELECT count(*)::int AS n FROM lottery_winnings WHERE activity_id = $1 AND status = 'sent'", [activityId])).rows[0]!.n;
      expect(await sent()).toBe(0);
      const { rows: [{ d: database }] } = await server.db.query<{ d: string }>('SELECT current_database() AS d') as { rows: [{ d: string }] };
      const databaseUrl = new URL(process.env.TEST_DATABASE_URL!);
      databaseUrl.pathname = `/${database}`;
      const job = spawn(process.execPath, ['--import', 'tsx', 'tests/support/prizeDeliveryProcess.ts'], { env: { ...process.env, DATABASE_URL: databaseUrl.toString(), PAUSE_MS: '15' }, stdio: 'ignore' });
      for (let i = 0; i < 600 && (await sent()) < 40; i++) await new Promise((r) => setTimeout(r, 25));
      job.kill('SIGKILL');
      await new Promise((r) => job.once('exit', r));
      const atKill = await sent();
      expect(atKill).toBeGreaterThan(0);
      expect(atKill).toBeLessThan(300);
      const [a, b] = await Promise.all([runPrizeDeliveryOnce(server.db), runPrizeDeliveryOnce(server.db)]);
      expect(a.sent + b.sent).toBe(300 - atKill);
      expect(await sent()).toBe(300);
      const { rows: [transfers] } = await server.db.query<{ n: number; keys: number }>(
        "SELECT count(*)::int AS n, count(DISTINCT idempotency_key)::int AS keys FROM ledger_transfers WHERE kind = 'lottery_prize' AND idempotency_key IN (SELECT 'lottery:prize:' || id FROM lottery_winnings WHERE activity_id = $1)", [activityId]);
      expect(transfers).toEqual({ n: 300, keys: 300 });
      for (const p of winners) expect(await cashback(p.id)).toBe(300n * BigInt(KZ));
      await invariantsHold();
    }, 120_000);
  });
});
