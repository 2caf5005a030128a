import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, envelope, startTestServer, type TestServer } from '../support/server.ts';
import { payTokenByKeypad, payTokenDirect, verifyMember } from '../support/money.ts';
import { solveCaptcha } from '../support/captcha.ts';
import { CODE_RULES } from '../../server/auth/oneTimeCodes.ts';
import { SIM_TEST_CARDS, bankSimulator, setSimulatorControls } from '../../server/adapters/bankSimulator.ts';
import type { BankAdapter } from '../../server/adapters/bank.ts';
import { bindCardDirect } from '../../server/domains/bindCard/handlers.ts';
import { topupOrderDirect } from '../../server/domains/topup/handlers.ts';
import { drainBankSettlement, runBankSettlementOnce, startBankSettlement } from '../../server/jobs/bankSettlement.ts';
import { checkInvariants } from '../../server/ledger/invariants.ts';

type Answer = { code: string; subMsg: string; bizContent: any }; // eslint-disable-line @typescript-eslint/no-explicit-any
const KZ = 100;
const simCard = (holder: string, note: RegExp) => SIM_TEST_CARDS.find((c) => c.holderName === holder && note.test(c.note))!;
const ANA_BAI = simCard('Ana Maria Demo', /^BAI/);
const BRUNO_BAI = simCard('Bruno Manuel Demo', /^BAI/);
const BRUNO_SOL = simCard('Bruno Manuel Demo', /Sol/);
const quietLog = { error: () => undefined };

describe.each(engines)('top-up from a bound card on %s', (engine) => {
  let server: TestServer;
  let bank: BankAdapter;
  let ana: string;
  let anaId: string;
  let anaCard: string;
  let bruno: string;
  let brunoId: string;
  let brunoCard: string;
  let brunoSolCard: string;
  beforeAll(async () => {
    server = await startTestServer(engine, { BANK_SETTLEMENT_DELAY_MS: '0' });
    bank = server.adapters.bank;
    anaId = await verifyMember(server.db, '+244923000001', 'Ana Maria Demo');
    brunoId = await verifyMember(server.db, '+244943000002', 'Bruno Manuel Demo');
    ana = await server.memberToken('+244923000001');
    bruno = await server.memberToken('+244943000002');
    anaCard = (await bindCardDirect(server.db, bank, anaId, { cardNo: ANA_BAI.cardNo, mobile: ANA_BAI.holderMobile })).cardId;
    brunoCard = (await bindCardDirect(server.db, bank, brunoId, { cardNo: BRUNO_BAI.cardNo, mobile: BRUNO_BAI.holderMobile })).cardId;
    brunoSolCard = (await bindCardDirect(server.db, bank, brunoId, { cardNo: BRUNO_SOL.cardNo, mobile: BRUNO_SOL.holderMobile })).cardId;
  });
  afterAll(() => server.close());

  const call = async (service: string, bizContent: object, token = ana, requestNo?: string): Promise<Answer> => {
    const payload = envelope(service, bizContent, { token }, 'en');
    if (requestNo) payload.requestNo = requestNo;
    return (await server.app.inject({ method: 'POST', url: '/gatewayinner/api', payload })).json();
  };
  const lastCode = async (mobile: string) => {
    const { rows } = await server.db.query<{ body: string }>('SELECT body FROM outbox_messages WHERE destination = $1 ORDER BY id DESC LIMIT 1', [mobile]);
    return /(\d{6})/.exec(rows[0]?.body ?? '')?.[1] ?? '';
  };
  const allowNewCode = (mobile: string) => server.db.query("UPDATE verification_codes SET created_at = created_at - interval '2 hours' WHERE destination = $1", [mobile]);
  const available = async (token: string) => (await call('wallet/accountBalance/queryAccountBalance', {}, token)).bizContent.available as number;
  const simBalance = async (cardNo: string) => BigInt((await server.db.query<{ balance: string }>('SELECT balance FROM bank_sim_cards WHERE card_no = $1', [cardNo])).rows[0]!.balance);
  /** The SMS and pay-password steps done directly, then confirmTopup through the gateway. */
  const confirmedTopup = async (memberId: string, token: string, cardId: string, amount: number, requestNo?: string) => {
    const orderNo = await topupOrderDirect(server.db, memberId, cardId, BigInt(amount));
    const payToken = await payTokenDirect(server.db, memberId, { service: 'wallet/topup/confirmTopup', amount, counterparty: cardId });
    return call('wallet/topup/confirmTopup', { orderNo, payToken }, token, requestNo);
  };
  const invariantsHold = async () => expect(await checkInvariants(server.db)).toMatchObject({ ok: true, totalBalance: '0', driftedAccounts: [], unbalancedTransfers: [], negativeAccounts: [] });

  it('SMS code to the card’s mobile, then the pay password; pending until the bank confirms, then credited once', async () => {
    await allowNewCode(ANA_BAI.holderMobile);
    const applied = await call('wallet/topup/applyTopup', { cardId: anaCard, amount: 10_000 * KZ });
    expect(applied.bizContent).toMatchObject({ state: 'AWAITING_CODE', amount: 1_000_000, mobileMasked: '923***001' });
    const orderNo = applied.bizContent.orderNo;
    const payToken = await payTokenByKeypad(server, ana, { service: 'wallet/topup/confirmTopup', amount: 10_000 * KZ, counterparty: anaCard });
    expect((await call('wallet/topup/confirmTopup', { orderNo, payToken })).code).toBe('TOP10002'); // code first
    const code = await lastCode(ANA_BAI.holderMobile);
    expect((await call('wallet/topup/verifyTopupCode', { orderNo, code: code === '000000' ? '111111' : '000000' })).code).toBe('COD10001');
    expect((await call('wallet/topup/verifyTopupCode', { orderNo, code })).bizContent).toEqual({ orderNo, state: 'CODE_VERIFIED' });
    const wrongAmount = await payTokenDirect(server.db, anaId, { service: 'wallet/topup/confirmTopup', amount: 10_001 * KZ, counterparty: anaCard });
    expect((await call('wallet/topup/confirmTopup', { orderNo, payToken: wrongAmount })).code).toBe('FND10008');
    const requestNo = `R${crypto.randomBytes(8).toString('hex')}`;
    const confirmed = await call('wallet/topup/confirmTopup', { orderNo, payToken }, ana, requestNo);
    expect(confirmed.bizContent).toMatchObject({ orderNo, state: 'PENDING', amount: 1_000_000, finishedAt: null, failReason: null, card: { cardId: anaCard, bankShort: 'BAI' } });
    expect(await available(ana)).toBe(0); // nothing before the bank says so
    const cardBefore = await simBalance(ANA_BAI.cardNo);

    // the first pass submits the debit; the bank settles on the next
    expect(await runBankSettlementOnce(server.db, bank)).toMatchObject({ submitted: 1, resolved: 0 });
    expect((await call('wallet/topup/queryTopup', { orderNo })).bizContent.state).toBe('PENDING');
    expect(await drainBankSettlement(server.db, bank)).toBe(0);
    const done = (await call('wallet/topup/queryTopup', { orderNo })).bizContent;
    expect(done).toMatchObject({ state: 'SUCCESS', failReason: null });
    expect(done.finishedAt).not.toBeNull();
    expect(await available(ana)).toBe(10_000 * KZ);
    expect(await simBalance(ANA_BAI.cardNo)).toBe(cardBefore - 1_000_000n);
    const { rows } = await server.db.query<{ balance: string }>("SELECT balance::text FROM ledger_accounts WHERE code = 'bank:0040:clearing'");
    expect(rows[0]!.balance).toBe('-1000000');

    // a replay answers the first answer and moves nothing; the order cannot be confirmed twice
    expect((await call('wallet/topup/confirmTopup', { orderNo, payToken }, ana, requestNo)).bizContent).toEqual(confirmed.bizContent);
    const again = await payTokenDirect(server.db, anaId, { service: 'wallet/topup/confirmTopup', amount: 10_000 * KZ, counterparty: anaCard });
    expect((await call('wallet/topup/confirmTopup', { orderNo, payToken: again })).code).toBe('TOP10003');
    await drainBankSettlement(server.db, bank);
    expect(await available(ana)).toBe(10_000 * KZ);
    const detail = (await call('wallet/fund/queryFundDetails', { shortcut: '7' })).bizContent.items;
    expect(detail[0]).toMatchObject({ direction: 'income', kind: 'topup', amount: 1_000_000 });
    await invariantsHold();
  });

  it('credits nothing when the bank fails: not enough money on the card, or the bank declines', async () => {
    const before = await available(bruno);
    const poor = await confirmedTopup(brunoId, bruno, brunoSolCard, 5_000 * KZ); // the card holds 1 000 Kz
    expect(poor.bizContent.state).toBe('PENDING');
    await drainBankSettlement(server.db, bank);
    await setSimulatorControls(server.db, { failAll: true });
    const declined = await confirmedTopup(brunoId, bruno, brunoCard, 100 * KZ);
    await drainBankSettlement(server.db, bank);
    await setSimulatorControls(server.db, { failAll: false });
    expect((await call('wallet/topup/queryTopup', { orderNo: poor.bizContent.orderNo }, bruno)).bizContent).toMatchObject({ state: 'FAILED', failReason: 'INSUFFICIENT_FUNDS' });
    expect((await call('wallet/topup/queryTopup', { orderNo: declined.bizContent.orderNo }, bruno)).bizContent).toMatchObject({ state: 'FAILED', failReason: 'DECLINED' });
    expect(await available(bruno)).toBe(before);
    expect(await simBalance(BRUNO_SOL.cardNo)).toBe(BRUNO_SOL.balance);
    const { rows } = await server.db.query("SELECT 1 FROM topups WHERE state = 'FAILED' AND transfer_id IS NOT NULL");
    expect(rows).toEqual([]);
    await invariantsHold();
  });

  it('applies the bank’s limits, the card’s own limits at the bank, and the level’s balance ceiling', async () => {
    await allowNewCode(BRUNO_BAI.holderMobile);
    expect(await call('wallet/topup/applyTopup', { cardId: brunoCard, amount: 500_001 * KZ }, bruno)).toMatchObject({ code: 'CRD10010', subMsg: 'perTransaction' });
    // the card at its bank allows 2 000 Kz per debit: the bank refuses, nothing is credited
    await server.db.query('UPDATE bank_sim_cards SET debit_per_operation = 200000 WHERE card_no = $1', [BRUNO_BAI.cardNo]);
    const limited = await confirmedTopup(brunoId, bruno, brunoCard, 3_000 * KZ);
    await drainBankSettlement(server.db, bank);
    expect((await call('wallet/topup/queryTopup', { orderNo: limited.bizContent.orderNo }, bruno)).bizContent).toMatchObject({ state: 'FAILED', failReason: 'LIMIT_EXCEEDED' });
    await server.db.query('UPDATE bank_sim_cards SET debit_per_operation = NULL WHERE card_no = $1', [BRUNO_BAI.cardNo]);
    // a level-I account holds at most 50 000 Kz, counting top-ups on their way
    await server.db.query("UPDATE members SET account_level = 'I' WHERE id = $1", [brunoId]);
    await allowNewCode(BRUNO_BAI.holderMobile);
    expect(await call('wallet/topup/applyTopup', { cardId: brunoCard, amount: 50_001 * KZ }, bruno)).toMatchObject({ code: 'FND10003', subMsg: 'maxBalance' });
    // two orders opened while nothing is on its way each fit; confirming both would not
    const first = await topupOrderDirect(server.db, brunoId, brunoCard, 30_000n * 100n);
    const second = await topupOrderDirect(server.db, brunoId, brunoCard, 30_000n * 100n);
    const confirm = async (orderNo: string) =>
      call('wallet/topup/confirmTopup', { orderNo, payToken: await payTokenDirect(server.db, brunoId, { service: 'wallet/topup/confirmTopup', amount: 30_000 * KZ, counterparty: brunoCard }) }, bruno);
    expect((await confirm(first)).bizContent.state).toBe('PENDING');
    expect(await confirm(second)).toMatchObject({ code: 'FND10003', subMsg: 'maxBalance' });
    await expect(topupOrderDirect(server.db, brunoId, brunoCard, 30_000n * 100n)).rejects.toMatchObject({ code: 'FND10003' });
    await drainBankSettlement(server.db, bank);
    await server.db.query("UPDATE members SET account_level = 'III' WHERE id = $1", [brunoId]);
    expect(await available(bruno)).toBe(30_000 * KZ);
    // someone else's card, an unknown order
    expect((await call('wallet/topup/applyTopup', { cardId: anaCard, amount: 100 }, bruno)).code).toBe('CRD10008');
    expect((await call('wallet/topup/queryTopup', { orderNo: 'TP999999999999' }, bruno)).code).toBe('TOP10001');
    await invariantsHold();
  });

  it('waits for the bank’s delay: not settled before it is due', async () => {
    await setSimulatorControls(server.db, { delayMs: 60_000 });
    const waiting = await confirmedTopup(anaId, ana, anaCard, 1 * KZ);
    for (let i = 0; i < 3; i++) await runBankSettlementOnce(server.db, bank, { leaseMs: 0 });
    expect((await call('wallet/topup/queryTopup', { orderNo: waiting.bizContent.orderNo })).bizContent.state).toBe('PENDING');
    await setSimulatorControls(server.db, { delayMs: null });
    expect(await drainBankSettlement(server.db, bank)).toBe(0); // `now` settles ahead of time
    expect((await call('wallet/topup/queryTopup', { orderNo: waiting.bizContent.orderNo })).bizContent.state).toBe('SUCCESS');
  });

  it('settlement resumes after a restart: the state is in tables', async () => {
    const first = startBankSettlement(server.db, bank, quietLog, 20);
    await first(); // the server stops
    const before = await available(ana);
    const pending = await confirmedTopup(anaId, ana, anaCard, 7 * KZ);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await call('wallet/topup/queryTopup', { orderNo: pending.bizContent.orderNo })).bizContent.state).toBe('PENDING');
    // a new process: a new bank adapter and a new job over the same database
    const second = startBankSettlement(server.db, bankSimulator(server.db, { defaultDelayMs: 0 }), quietLog, 20);
    try {
      for (let i = 0; i < 250 && (await call('wallet/topup/queryTopup', { orderNo: pending.bizContent.orderNo })).bizContent.state === 'PENDING'; i++) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    } finally {
      await second();
    }
    expect((await call('wallet/topup/queryTopup', { orderNo: pending.bizContent.orderNo })).bizContent.state).toBe('SUCCESS');
    expect(await available(ana)).toBe(before + 7 * KZ);
    await invariantsHold();
  });

  it('a bank answer applied twice credits once', async () => {
    const { resolveTopup } = await import('../../server/domains/topup/handlers.ts');
    const order = await confirmedTopup(anaId, ana, anaCard, 3 * KZ);
    const id = (await server.db.query<{ id: string }>('SELECT id::text FROM topups WHERE order_no = $1', [order.bizContent.orderNo])).rows[0]!.id;
    const before = await available(ana);
    const answers = await Promise.all([1, 2, 3].map(() => resolveTopup(server.db, id, { reference: order.bizContent.orderNo, state: 'SUCCEEDED', reason: null, settledAt: new Date() })));
    expect(answers.filter(Boolean)).toHaveLength(1);
    expect(await resolveTopup(server.db, id, { reference: order.bizContent.orderNo, state: 'FAILED', reason: 'DECLINED', settledAt: new Date() })).toBe(false);
    expect(await available(ana)).toBe(before + 3 * KZ);
    await invariantsHold();
  });

  it('a shared address that used up the public codes (sign-ups from a café) does not stop a member there from topping up or binding a card', async () => {
    const cafe = '10.44.0.1';
    const at = (service: string, bizContent: object, token?: string) =>
      server.app.inject({ method: 'POST', url: '/gatewayinner/api', remoteAddress: cafe, payload: envelope(service, bizContent, token ? { token } : {}, 'en') }).then((r) => r.json() as Answer);
    const signUps: string[] = [];
    for (let i = 0; i < CODE_RULES.perAddressPerHour + 1; i++) {
      const mobile = `9355${String(i).padStart(5, '0')}`;
      signUps.push((await at('register/sendAuthCode', { memberType: 'individual', mobile, captchaToken: await solveCaptcha(server, cafe, 'sendCode') })).code);
    }
    expect(signUps.slice(0, -1)).toEqual(Array(CODE_RULES.perAddressPerHour).fill('S0001'));
    expect(signUps.at(-1)).toBe('COD10005');
    // the member's own codes are counted per member, not with strangers' at the same address
    await allowNewCode(ANA_BAI.holderMobile);
    expect((await at('wallet/topup/applyTopup', { cardId: anaCard, amount: 100 * KZ }, ana)).bizContent).toMatchObject({ state: 'AWAITING_CODE' });
    const secondCard = SIM_TEST_CARDS.find((card) => card.holderName === 'Ana Maria Demo' && card.note.startsWith('BPC'))!;
    await allowNewCode(secondCard.holderMobile);
    expect((await at('wallet/card/inputMobile', { cardNo: secondCard.cardNo, mobile: secondCard.holderMobile.slice(4) }, ana)).code).toBe('S0001');
  });
});
