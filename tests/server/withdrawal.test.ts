import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, envelope, startTestServer, type TestServer } from '../support/server.ts';
import { fund, payTokenByKeypad, payTokenDirect, verifyMember } from '../support/money.ts';
import { SIM_TEST_CARDS, bankSimulator, setSimulatorCard, setSimulatorControls } from '../../server/adapters/bankSimulator.ts';
import type { BankAdapter } from '../../server/adapters/bank.ts';
import { bindCardDirect } from '../../server/domains/bindCard/handlers.ts';
import { largestWithdrawal, resolveWithdrawal } from '../../server/domains/withdrawal/handlers.ts';
import { DEFAULT_CHANNEL, serviceCharge, type Channel } from '../../server/entities/bankChannels.ts';
import { drainBankSettlement, runBankSettlementOnce, startBankSettlement } from '../../server/jobs/bankSettlement.ts';
import { checkInvariants } from '../../server/ledger/invariants.ts';

type Answer = { code: string; subMsg: string; bizContent: any }; // eslint-disable-line @typescript-eslint/no-explicit-any
const KZ = 100;
const APPLY = 'wallet/withdraw/applyWithdraw';
const simCard = (holder: string, note: RegExp) => SIM_TEST_CARDS.find((c) => c.holderName === holder && note.test(c.note))!;
const ANA_BAI = simCard('Ana Maria Demo', /^BAI/);
const ANA_BPC = simCard('Ana Maria Demo', /^BPC/);
const quietLog = { error: () => undefined };

describe.each(engines)('withdrawals on %s', (engine) => {
  let server: TestServer;
  let bank: BankAdapter;
  let ana: string;
  let anaId: string;
  let baiCard: string;
  let bpcCard: string;
  beforeAll(async () => {
    server = await startTestServer(engine, { BANK_SETTLEMENT_DELAY_MS: '0' });
    bank = server.adapters.bank;
    anaId = await verifyMember(server.db, '+244923000001', 'Ana Maria Demo');
    await verifyMember(server.db, '+244943000002', 'Bruno Manuel Demo');
    ana = await server.memberToken('+244923000001');
    baiCard = (await bindCardDirect(server.db, bank, anaId, { cardNo: ANA_BAI.cardNo, mobile: ANA_BAI.holderMobile })).cardId;
    bpcCard = (await bindCardDirect(server.db, bank, anaId, { cardNo: ANA_BPC.cardNo, mobile: ANA_BPC.holderMobile })).cardId;
    await fund(server.db, anaId, 150_000n * 100n);
  });
  afterAll(() => server.close());

  const call = async (service: string, bizContent: object, token = ana, requestNo?: string): Promise<Answer> => {
    const payload = envelope(service, bizContent, { token }, 'en');
    if (requestNo) payload.requestNo = requestNo;
    return (await server.app.inject({ method: 'POST', url: '/gatewayinner/api', payload })).json();
  };
  const balances = async () => {
    const b = (await call('wallet/accountBalance/queryAccountBalance', {})).bizContent;
    return { available: b.available as number, frozen: b.frozen as number };
  };
  const withdraw = async (amount: number, options: { cardId?: string; charge?: number; branchCode?: string; requestNo?: string; payToken?: string; service?: string } = {}) => {
    const cardId = options.cardId ?? baiCard;
    const service = options.service ?? APPLY;
    const charge = options.charge ?? (await call('wallet/withdraw/querySerivceCharge', { cardId, amount })).bizContent.charge;
    const payToken = options.payToken ?? await payTokenDirect(server.db, anaId, { service, amount, counterparty: cardId });
    return call(service, { cardId, amount, charge, payToken, ...(options.branchCode ? { branchCode: options.branchCode } : {}) }, ana, options.requestNo);
  };
  const status = async (withdrawNo: string) => (await call('wallet/withdraw/queryWithdrawStatus', { withdrawNo })).bizContent;
  const account = async (code: string) => (await server.db.query<{ balance: string }>('SELECT balance::text FROM ledger_accounts WHERE code = $1', [code])).rows[0]?.balance ?? '0';
  const usageToday = async () => (await server.db.query<{ amount: string }>("SELECT amount::text FROM member_outgoing_usage WHERE member_id = $1 AND day = (now() AT TIME ZONE 'UTC' + interval '1 hour')::date", [anaId])).rows[0]?.amount ?? '0';
  const invariantsHold = async () => expect(await checkInvariants(server.db)).toMatchObject({ ok: true, totalBalance: '0', driftedAccounts: [], unbalancedTransfers: [], negativeAccounts: [] });

  it('shows the balances, the cards, the charge before confirming and the limits that apply', async () => {
    const info = (await call('wallet/withdraw/queryWithdrawInfo', {})).bizContent;
    expect(info).toMatchObject({ available: 15_000_000, frozen: 0, verified: true });
    expect(info.cards.map((c: { bankCode: string; needBranch: boolean }) => [c.bankCode, c.needBranch])).toEqual([['0040', false], ['0010', true]]);
    expect((await call('wallet/withdraw/queryCardInfoList', {})).bizContent.cards).toEqual(info.cards);
    // 0.5 %, at least 50 Kz, at most 2 500 Kz, rounded up to the cêntimo
    expect((await call('wallet/withdraw/querySerivceCharge', { cardId: baiCard, amount: 20_000 * KZ })).bizContent).toEqual({ amount: 2_000_000, charge: 10_000, total: 2_010_000 });
    expect((await call('wallet/withdraw/querySerivceCharge', { cardId: baiCard, amount: 1_000 * KZ })).bizContent.charge).toBe(5_000);
    expect((await call('wallet/withdraw/querySerivceCharge', { cardId: baiCard, amount: 12_345_67 })).bizContent.charge).toBe(6_173);
    expect((await call('wallet/withdraw/querySerivceCharge', { cardId: baiCard, amount: 900_000 * KZ })).bizContent.charge).toBe(250_000);
    const limits = (await call('wallet/withdraw/queryLimits', { cardId: baiCard })).bizContent;
    expect(limits).toEqual({
      bankCode: '0040',
      bank: { min: 10_000, perTransaction: 50_000_000, daily: 400_000_000, usedToday: 0 },
      level: { level: 'III', perTransaction: 10_000_000, daily: 20_000_000, monthly: 100_000_000, usedToday: 0 },
      available: 15_000_000,
      maxAmount: 10_000_000, // the level's 100 000 Kz per transaction
    });
    expect((await call('wallet/withdraw/queryNeedBankBranch', { cardId: bpcCard })).bizContent).toEqual({ bankCode: '0010', needBranch: true });
    expect((await call('wallet/withdraw/queryNeedBankBranch', { cardId: baiCard })).bizContent).toEqual({ bankCode: '0040', needBranch: false });
  });

  it('holds amount + charge, and on the bank’s success pays out and earns the charge', async () => {
    const payToken = await payTokenByKeypad(server, ana, { service: APPLY, amount: 20_000 * KZ, counterparty: baiCard });
    const cardBefore = BigInt((await server.db.query<{ balance: string }>('SELECT balance FROM bank_sim_cards WHERE card_no = $1', [ANA_BAI.cardNo])).rows[0]!.balance);
    const applied = await withdraw(20_000 * KZ, { payToken });
    expect(applied.code).toBe('S0001');
    expect(applied.bizContent).toMatchObject({ state: 'PENDING', amount: 2_000_000, charge: 10_000, available: 15_000_000 - 2_010_000, frozen: 2_010_000 });
    expect(await balances()).toEqual({ available: 12_990_000, frozen: 2_010_000 });
    expect(await status(applied.bizContent.withdrawNo)).toMatchObject({ state: 'PENDING', finishedAt: null, failReason: null, branchCode: null, card: { cardId: baiCard, bankShort: 'BAI' } });
    await invariantsHold();
    expect(await drainBankSettlement(server.db, bank)).toBe(0);
    const done = await status(applied.bizContent.withdrawNo);
    expect(done).toMatchObject({ state: 'SUCCESS', failReason: null });
    expect(done.finishedAt).not.toBeNull();
    expect(await balances()).toEqual({ available: 12_990_000, frozen: 0 });
    expect(await account('fee_income')).toBe('10000');
    expect(await account('bank:0040:clearing')).toBe(String(-15_000_000 + 2_000_000));
    const cardAfter = BigInt((await server.db.query<{ balance: string }>('SELECT balance FROM bank_sim_cards WHERE card_no = $1', [ANA_BAI.cardNo])).rows[0]!.balance);
    expect(cardAfter - cardBefore).toBe(2_000_000n);
    const line = (await call('wallet/fund/queryFundDetails', { shortcut: '7' })).bizContent.items[0];
    expect(line).toMatchObject({ direction: 'expenditure', kind: 'withdraw_hold', amount: 2_010_000 });
    await invariantsHold();
  });

  it('releases the whole hold when the bank fails, and gives the day’s limit back', async () => {
    const before = await balances();
    const usage = await usageToday();
    await setSimulatorCard(server.db, ANA_BAI.cardNo, { forceFailure: true });
    const applied = await withdraw(5_000 * KZ);
    expect(applied.bizContent.state).toBe('PENDING');
    expect(await balances()).toEqual({ available: before.available - 505_000, frozen: 505_000 });
    expect(BigInt(await usageToday()) - BigInt(usage)).toBe(500_000n);
    await drainBankSettlement(server.db, bank);
    await setSimulatorCard(server.db, ANA_BAI.cardNo, { forceFailure: false });
    expect(await status(applied.bizContent.withdrawNo)).toMatchObject({ state: 'FAILED', failReason: 'DECLINED' });
    expect(await balances()).toEqual(before);
    expect(await usageToday()).toBe(usage);
    const line = (await call('wallet/fund/queryFundDetails', { shortcut: '7' })).bizContent.items[0];
    expect(line).toMatchObject({ direction: 'income', kind: 'withdraw_release', amount: 505_000 });
    await invariantsHold();
  });

  it('resolves a hold once, whatever answers arrive', async () => {
    const applied = await withdraw(100 * KZ);
    const id = (await server.db.query<{ id: string }>('SELECT id::text FROM withdrawals WHERE withdraw_no = $1', [applied.bizContent.withdrawNo])).rows[0]!.id;
    const outcomes = await Promise.all([
      resolveWithdrawal(server.db, id, { reference: applied.bizContent.withdrawNo, state: 'SUCCEEDED', reason: null, settledAt: new Date() }),
      resolveWithdrawal(server.db, id, { reference: applied.bizContent.withdrawNo, state: 'FAILED', reason: 'DECLINED', settledAt: new Date() }),
      resolveWithdrawal(server.db, id, { reference: applied.bizContent.withdrawNo, state: 'SUCCEEDED', reason: null, settledAt: new Date() }),
    ]);
    expect(outcomes.filter(Boolean)).toHaveLength(1);
    expect((await balances()).frozen).toBe(0);
    const { rows } = await server.db.query<{ n: string }>("SELECT count(*)::text AS n FROM ledger_transfers WHERE reference = $1 AND kind <> 'withdraw_hold'", [applied.bizContent.withdrawNo]);
    // the winner decides the postings: paid out = payout + charge, refused = one release
    const { rows: state } = await server.db.query<{ state: string }>('SELECT state FROM withdrawals WHERE id = $1', [id]);
    expect(rows[0]!.n).toBe(state[0]!.state === 'SUCCESS' ? '2' : '1');
    await drainBankSettlement(server.db, bank); // the bank's own answer later finds nothing to do
    expect((await server.db.query<{ n: string }>("SELECT count(*)::text AS n FROM ledger_transfers WHERE reference = $1 AND kind <> 'withdraw_hold'", [applied.bizContent.withdrawNo])).rows[0]!.n).toBe(rows[0]!.n);
    await invariantsHold();
  });

  it('asks for a branch when the bank needs one, from the bank’s own list', async () => {
    expect((await withdraw(1_000 * KZ, { cardId: bpcCard })).code).toBe('WDR10002');
    expect((await withdraw(1_000 * KZ, { cardId: bpcCard, branchCode: '9999' })).code).toBe('WDR10003');
    const provinces = (await call('fund/withdraw/queryAllProvCities', { bankCode: '0010' })).bizContent.provinces;
    expect(provinces.map((p: { name: string }) => p.name)).toEqual(['Luanda', 'Huambo', 'Benguela', 'Huíla']);
    expect(provinces[0].cities).toEqual(['Ingombota', 'Maianga', 'Talatona', 'Viana']);
    const branches = (await call('fund/withdraw/queryBranches', { bankCode: '0010', provinceId: 'luanda', city: 'Maianga' })).bizContent.branches;
    expect(branches).toEqual([{ branchCode: '0031', name: 'BPC Agência Maianga', address: 'Balcão simulado, Maianga', provinceId: 'luanda', city: 'Maianga' }]);
    expect((await call('fund/withdraw/queryAllProvCities', { bankCode: '0040' })).bizContent.provinces).toEqual([]);
    const applied = await withdraw(1_000 * KZ, { cardId: bpcCard, branchCode: '0031' });
    expect(applied.code).toBe('S0001');
    await drainBankSettlement(server.db, bank);
    expect(await status(applied.bizContent.withdrawNo)).toMatchObject({ state: 'SUCCESS', branchCode: '0031' });
    // a branch given for a bank that needs none is not kept
    const plain = await withdraw(100 * KZ, { branchCode: '0031' });
    expect((await status(plain.bizContent.withdrawNo)).branchCode).toBeNull();
    await drainBankSettlement(server.db, bank);
  });

  it('refuses: a changed charge, the bank’s minimum and maximum, the level, more than available, not verified', async () => {
    const before = await balances();
    expect(await withdraw(20_000 * KZ, { charge: 5_000 })).toMatchObject({ code: 'WDR10004', subMsg: '10000' });
    expect(await withdraw(99 * KZ)).toMatchObject({ code: 'CRD10010', subMsg: 'min' });
    await server.db.query("UPDATE bank_channels SET withdraw_per_transaction = 1000000 WHERE bank_code = '0040'");
    expect(await withdraw(10_001 * KZ)).toMatchObject({ code: 'CRD10010', subMsg: 'perTransaction' });
    await server.db.query("UPDATE bank_channels SET withdraw_per_transaction = 50000000, withdraw_daily = 2100000 WHERE bank_code = '0040'");
    expect(await withdraw(1_000 * KZ)).toMatchObject({ code: 'CRD10010', subMsg: 'daily' }); // 20 000 + 100 + 100 Kz already today (the release gave 5 000 back)
    await server.db.query("UPDATE bank_channels SET withdraw_daily = 400000000 WHERE bank_code = '0040'");
    expect(await withdraw(100_001 * KZ)).toMatchObject({ code: 'FND10003', subMsg: 'perTransaction' });
    await server.db.query('DELETE FROM member_outgoing_usage WHERE member_id = $1', [anaId]);
    await server.db.query("UPDATE account_level_limits SET per_transaction = NULL, daily = NULL, monthly = NULL WHERE level = 'III'");
    expect(await withdraw(before.available)).toMatchObject({ code: 'FND10001' }); // the charge does not fit
    await server.db.query("UPDATE account_level_limits SET per_transaction = 10000000, daily = 20000000, monthly = 100000000 WHERE level = 'III'");
    expect(await balances()).toEqual(before);
    const enterprise = await server.memberToken('loja@demo.ao');
    expect((await call(APPLY, { cardId: baiCard, amount: 10_000, charge: 5_000, payToken: 'x'.repeat(40) }, enterprise)).code).toBe('FND10004');
    await invariantsHold();
  });

  it('answers a replayed requestNo with the first answer and holds once; newWithdrawApply is the same call', async () => {
    const requestNo = `R${crypto.randomBytes(8).toString('hex')}`;
    const payToken = await payTokenDirect(server.db, anaId, { service: APPLY, amount: 300 * KZ, counterparty: baiCard });
    const first = await withdraw(300 * KZ, { requestNo, payToken });
    const afterFirst = await balances();
    const replays = await Promise.all([withdraw(300 * KZ, { requestNo, payToken }), withdraw(300 * KZ, { requestNo, payToken })]);
    for (const replay of replays) expect(replay.bizContent).toEqual(first.bizContent);
    expect(await balances()).toEqual(afterFirst);
    expect((await withdraw(301 * KZ, { requestNo })).code).toBe('FND10002');
    // a token for applyWithdraw does not pay newWithdrawApply
    const token = await payTokenDirect(server.db, anaId, { service: APPLY, amount: 200 * KZ, counterparty: baiCard });
    expect((await withdraw(200 * KZ, { service: 'wallet/withdraw/newWithdrawApply', payToken: token })).code).toBe('FND10008');
    expect((await withdraw(200 * KZ, { service: 'wallet/withdraw/newWithdrawApply' })).bizContent.state).toBe('PENDING');
    await drainBankSettlement(server.db, bank);
    const { rows } = await server.db.query<{ n: string }>("SELECT count(*)::text AS n FROM withdrawals WHERE amount = 30000");
    expect(rows[0]!.n).toBe('1');
    await invariantsHold();
  });

  it('settlement resumes after a restart', async () => {
    await setSimulatorControls(server.db, { paused: true });
    const first = startBankSettlement(server.db, bank, quietLog, 20);
    const pending = await withdraw(400 * KZ);
    await new Promise((resolve) => setTimeout(resolve, 100));
    await first(); // stopped with the payout submitted (or not) but unanswered
    expect((await status(pending.bizContent.withdrawNo)).state).toBe('PENDING');
    await setSimulatorControls(server.db, { paused: false });
    const second = startBankSettlement(server.db, bankSimulator(server.db, { defaultDelayMs: 0 }), quietLog, 20);
    try {
      for (let i = 0; i < 250 && (await status(pending.bizContent.withdrawNo)).state === 'PENDING'; i++) await new Promise((resolve) => setTimeout(resolve, 20));
    } finally {
      await second();
    }
    expect((await status(pending.bizContent.withdrawNo)).state).toBe('SUCCESS');
    expect((await balances()).frozen).toBe(0);
    expect((await server.db.query<{ n: string }>('SELECT count(*)::text AS n FROM bank_sim_operations WHERE reference = $1', [pending.bizContent.withdrawNo])).rows[0]!.n).toBe('1');
    await invariantsHold();
  });

  it('the development page drives the simulated bank', async () => {
    const page = (await server.app.inject({ method: 'GET', url: '/dev/bank' })).json();
    expect(page.cards.find((c: { cardNo: string }) => c.cardNo === ANA_BAI.cardNo)).toMatchObject({ bankCode: '0040', cardType: 'debit', holderName: 'Ana Maria Demo' });
    expect((await server.app.inject({ method: 'POST', url: `/dev/bank/cards/${ANA_BAI.cardNo}`, payload: { forceFailure: true } })).json()).toEqual({ ok: true });
    const failing = await withdraw(100 * KZ);
    expect((await server.app.inject({ method: 'POST', url: '/dev/bank/settle' })).json()).toEqual({ pendingLeft: 0 });
    expect((await status(failing.bizContent.withdrawNo)).state).toBe('FAILED');
    await server.app.inject({ method: 'POST', url: `/dev/bank/cards/${ANA_BAI.cardNo}`, payload: { forceFailure: false } });
    expect((await server.app.inject({ method: 'POST', url: '/dev/bank/controls', payload: { delayMs: -1 } })).statusCode).toBe(400);
    expect((await server.app.inject({ method: 'GET', url: '/dev/bank' })).json().operations[0]).toMatchObject({ reference: failing.bizContent.withdrawNo, kind: 'credit', state: 'FAILED', reason: 'DECLINED' });
  });

  it.runIf(engine === 'postgres')('concurrent withdrawals never overdraw, and concurrent settlers resolve each once', async () => {
    await server.db.query('DELETE FROM member_outgoing_usage WHERE member_id = $1', [anaId]);
    const { available } = await balances();
    const amount = Math.floor(available / 4); // four fit with their charges only if the charges are ignored: three do
    const answers = await Promise.all(Array.from({ length: 8 }, () => withdraw(amount)));
    const ok = answers.filter((a) => a.code === 'S0001');
    const charge = ok[0]!.bizContent.charge as number;
    expect(ok.length).toBe(Math.min(8, Math.floor(available / (amount + charge))));
    expect(answers.filter((a) => a.code !== 'S0001').every((a) => a.code === 'FND10001' || a.code === 'FND10003')).toBe(true);
    expect((await balances()).available).toBe(available - ok.length * (amount + charge));
    await Promise.all([runBankSettlementOnce(server.db, bank, { now: true }), runBankSettlementOnce(server.db, bank, { now: true })]);
    await Promise.all([drainBankSettlement(server.db, bank), drainBankSettlement(server.db, bank)]);
    for (const a of ok) expect((await status(a.bizContent.withdrawNo)).state).toBe('SUCCESS');
    expect((await balances()).frozen).toBe(0);
    await invariantsHold();
  });
});

describe('withdrawal charge and the largest withdrawal', () => {
  const channel = { ...DEFAULT_CHANNEL, bankCode: '0040', needsBranch: false } satisfies Channel;
  it('is 0.5 % rounded up to the cêntimo, within 50 Kz … 2 500 Kz', () => {
    expect([1n, 1_000_000n, 1_000_001n, 2_000_000n, 50_000_000n, 60_000_000n].map((a) => serviceCharge(channel, a))).toEqual([5_000n, 5_000n, 5_001n, 10_000n, 250_000n, 250_000n]);
  });
  it('finds the largest amount whose amount + charge fits the funds', () => {
    for (const funds of [10_000n, 15_000n, 1_005_000n, 1_005_001n, 2_010_000n, 123_456_789n]) {
      const best = largestWithdrawal(channel, funds, funds);
      if (best > 0n) expect(best + serviceCharge(channel, best)).toBeLessThanOrEqual(funds);
      expect(best + 1n + serviceCharge(channel, best + 1n) > funds || best + 1n < channel.withdrawMin).toBe(true);
    }
    expect(largestWithdrawal(channel, 10_000n, 10_000n)).toBe(0n); // under the minimum with its charge
    expect(largestWithdrawal(channel, 1_005_000n, 1_005_000n)).toBe(1_000_000n);
    expect(largestWithdrawal(channel, 100_000_000n, 10_000_000n)).toBe(10_000_000n);
  });
});
