/**
 * The member's payment code (pay/paymentCode/issue|status|confirm|decline): 18 digits bound to the
 * member and the device, two minutes of life, only their hash stored; the next code spends the
 * one before; a charge above the password-free limit waits for the member's pay password.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, envelope, startTestServer, type TestServer } from '../support/server.ts';
import { fund, payTokenByKeypad, payTokenDirect, verifyMember } from '../support/money.ts';
import { createMerchantDirect, ok, type Answer, type MerchantSetup } from '../support/merchant.ts';
import { checkInvariants } from '../../server/ledger/invariants.ts';
import { hashPaymentCode } from '../../server/merchantPayment/paymentCodes.ts';

const CONFIRM = 'pay/paymentCode/confirm';

describe.each(engines)('payment codes on %s', (engine) => {
  let server: TestServer;
  let shop: MerchantSetup;
  let ana: string;
  let anaId: string;
  beforeAll(async () => {
    server = await startTestServer(engine);
    shop = await createMerchantDirect(server);
    anaId = await verifyMember(server.db, '+244923000001', 'Ana Maria Demo');
    ana = await server.memberToken('+244923000001');
    await fund(server.db, anaId, 10_000n * 100n);
  }, 120_000);
  afterAll(() => server.close());

  const send = async (service: string, bizContent: object, token = ana, requestNo?: string): Promise<Answer> => {
    const payload = envelope(service, bizContent, { token }, 'en');
    if (requestNo) payload.requestNo = requestNo;
    return (await server.app.inject({ method: 'POST', url: '/gatewayinner/api', payload })).json();
  };
  const issue = async (deviceId = 'phone-1', token = ana) => (await ok(server, 'pay/paymentCode/issue', { deviceId }, token)) as { code: string; expiresAt: string; passwordFreeLimit: number };
  const status = async (code: string, token = ana) => (await send('pay/paymentCode/status', { code }, token)).bizContent;
  const charge = async (code: string, amount: number) => (await ok(server, 'merchant/cashier/chargePaymentCode', { storeId: shop.storeId, code, amount }, shop.token)) as { chargeId: string; state: string };
  const confirm = async (chargeId: string, amount: number, options: { payToken?: string; requestNo?: string; token?: string; memberId?: string } = {}) =>
    send(CONFIRM, { chargeId, payToken: options.payToken ?? await payTokenDirect(server.db, options.memberId ?? anaId, { service: CONFIRM, amount, counterparty: chargeId }) }, options.token ?? ana, options.requestNo);
  const cashierSees = async (chargeId: string) => (await ok(server, 'merchant/cashier/queryCharge', { chargeId }, shop.token)) as { state: string; refusalCode: string | null; payment: unknown };
  const available = async () => BigInt((await server.db.query<{ b: string }>("SELECT balance::text AS b FROM ledger_accounts WHERE member_id = $1 AND kind = 'available'", [anaId])).rows[0]!.b);

  it('issues 18 digits for two minutes, bound to the member and device; only their hash is stored', async () => {
    const issued = await issue('phone-xyz');
    expect(issued.code).toMatch(/^\d{18}$/);
    const life = new Date(issued.expiresAt).getTime() - Date.now();
    expect(life).toBeGreaterThan(115_000);
    expect(life).toBeLessThanOrEqual(120_000);
    expect(issued.passwordFreeLimit).toBe(0); // password-free payments are off
    const { rows } = await server.db.query<{ token_hash: string; member_id: string; device_id: string; state: string }>('SELECT token_hash, member_id::text, device_id, state FROM payment_codes WHERE member_id = $1', [anaId]);
    expect(rows).toEqual([{ token_hash: hashPaymentCode(issued.code), member_id: anaId, device_id: 'phone-xyz', state: 'active' }]);
    const everything = JSON.stringify((await server.db.query('SELECT * FROM payment_codes')).rows);
    expect(everything).not.toContain(issued.code);
    expect(await status(issued.code)).toEqual({ state: 'active', charge: null, receipt: null, refusalCode: null });
  });

  it('spends the code before when the next is issued; a replaced or expired code pays nothing', async () => {
    const first = await issue();
    const second = await issue('phone-2');
    expect(first.code).not.toBe(second.code);
    expect(await status(first.code)).toMatchObject({ state: 'replaced' });
    expect((await send('merchant/cashier/chargePaymentCode', { storeId: shop.storeId, code: first.code, amount: 100 }, shop.token)).code).toBe('MCH10008');
    await server.db.query('UPDATE payment_codes SET expires_at = now() WHERE token_hash = $1', [hashPaymentCode(second.code)]);
    expect(await status(second.code)).toMatchObject({ state: 'expired' });
    expect((await send('merchant/cashier/chargePaymentCode', { storeId: shop.storeId, code: second.code, amount: 100 }, shop.token)).code).toBe('MCH10008');
    const { rows } = await server.db.query<{ n: string }>("SELECT count(*)::text AS n FROM payment_codes WHERE member_id = $1 AND state = 'active'", [anaId]);
    expect(rows[0]!.n).toBe('1'); // one active code a member, even expired
  });

  it('ends with one active code when two are issued at the same moment', async () => {
    const [a, b] = await Promise.all([issue('phone-a'), issue('phone-b')]);
    const states = [await status(a.code), await status(b.code)].map((s) => s.state).sort();
    expect(states).toEqual(['active', 'replaced']);
  });

  it('tells the member only about their own codes (MCH10008 for anyone else’s or none)', async () => {
    const mine = await issue();
    await verifyMember(server.db, '+244943000002', 'Bruno Manuel Demo');
    const bruno = await server.memberToken('+244943000002');
    expect((await send('pay/paymentCode/status', { code: mine.code }, bruno)).code).toBe('MCH10008');
    expect((await send('pay/paymentCode/status', { code: '123456789012345678' })).code).toBe('MCH10008');
    expect((await send('pay/paymentCode/status', { code: '12345' })).code).toBe('AGW10003');
  });

  it('issues codes only to verified members with a pay password (FND10004, PAY10006)', async () => {
    await server.db.query("INSERT INTO members (member_type, mobile, display_name) VALUES ('individual', '+244923777888', 'Domingos')");
    const domingos = await server.memberToken('+244923777888');
    expect((await send('pay/paymentCode/issue', { deviceId: 'x' }, domingos)).code).toBe('FND10004');
    await server.db.query("UPDATE members SET verification_status = 'verified', real_name = 'Domingos Silva' WHERE mobile = '+244923777888'");
    expect((await send('pay/paymentCode/issue', { deviceId: 'x' }, domingos)).code).toBe('PAY10006');
  });

  it('a charge above the limit waits; the member confirms with the pay password and pays once', async () => {
    const { code } = await issue();
    const waiting = await charge(code, 7_500);
    expect(waiting.state).toBe('awaitingConfirmation');
    expect(await status(code)).toEqual({
      state: 'awaitingConfirmation', charge: { chargeId: waiting.chargeId, amount: 7_500, merchantName: shop.merchant.name, storeName: 'Loja Central' }, receipt: null, refusalCode: null,
    });
    const before = await available();
    const requestNo = `P${crypto.randomBytes(8).toString('hex')}`;
    // a confirmation for another amount, then a wrong one: the charge keeps waiting
    expect((await confirm(waiting.chargeId, 7_501, { payToken: await payTokenDirect(server.db, anaId, { service: CONFIRM, amount: 7_501, counterparty: waiting.chargeId }) })).code).toBe('FND10008');
    expect((await cashierSees(waiting.chargeId)).state).toBe('awaitingConfirmation');
    const payToken = await payTokenByKeypad(server, ana, { service: CONFIRM, amount: 7_500, counterparty: waiting.chargeId });
    const paid = await confirm(waiting.chargeId, 7_500, { payToken, requestNo });
    expect(paid.code).toBe('S0001');
    expect(paid.bizContent).toEqual({
      paymentId: expect.any(String), voucherNo: expect.stringMatching(/^MP/), merchantName: shop.merchant.name, storeName: 'Loja Central', amount: 7_500, paid: 7_500, cashback: 0, available: Number(before) - 7_500, at: expect.any(String),
    });
    expect(await available()).toBe(before - 7_500n);
    expect(await confirm(waiting.chargeId, 7_500, { payToken, requestNo })).toEqual(paid); // a lost answer, sent again
    expect(await available()).toBe(before - 7_500n);
    expect((await confirm(waiting.chargeId, 7_500)).code).toBe('MCH10013'); // a new request: nothing waits any more
    expect((await confirm(waiting.chargeId, 7_600, { requestNo })).code).toBe('FND10002');
    expect(await cashierSees(waiting.chargeId)).toMatchObject({ state: 'paid', refusalCode: null, payment: expect.objectContaining({ paymentId: paid.bizContent.paymentId, method: 'paymentCode' }) });
    expect(await status(code)).toMatchObject({ state: 'paid', receipt: paid.bizContent });
  });

  it('ends a waiting charge as refused when the member cannot pay it (FND10001), and the cashier is told why', async () => {
    const { code } = await issue();
    const waiting = await charge(code, Number(await available()) + 1);
    const refused = await confirm(waiting.chargeId, Number(await available()) + 1);
    expect(refused.code).toBe('FND10001');
    expect(await cashierSees(waiting.chargeId)).toEqual({ chargeId: waiting.chargeId, state: 'refused', amount: Number(await available()) + 1, payment: null, refusalCode: 'FND10001' });
    expect(await status(code)).toMatchObject({ state: 'refused', refusalCode: 'FND10001' });
  });

  it('lets the member decline a charge they do not recognise; the cashier sees it refused by the customer (MCH10018)', async () => {
    const { code } = await issue();
    const waiting = await charge(code, 300);
    const before = await available();
    expect((await send('pay/paymentCode/decline', { chargeId: waiting.chargeId })).bizContent).toEqual({ declined: true });
    expect(await cashierSees(waiting.chargeId)).toMatchObject({ state: 'refused', payment: null, refusalCode: 'MCH10018' });
    expect(await status(code)).toMatchObject({ state: 'refused', refusalCode: 'MCH10018' });
    expect(await available()).toBe(before);
    expect((await send('pay/paymentCode/decline', { chargeId: waiting.chargeId })).code).toBe('MCH10013');
    expect((await confirm(waiting.chargeId, 300)).code).toBe('MCH10013');
  });

  it('lets a waiting charge expire: confirming it then is MCH10008, and both screens say expired', async () => {
    const { code } = await issue();
    const waiting = await charge(code, 400);
    await server.db.query('UPDATE payment_code_charges SET expires_at = now() WHERE id = $1', [waiting.chargeId]);
    const before = await available();
    expect((await confirm(waiting.chargeId, 400)).code).toBe('MCH10008');
    expect(await available()).toBe(before);
    expect((await cashierSees(waiting.chargeId)).state).toBe('expired');
    expect(await status(code)).toMatchObject({ state: 'expired' });
    expect((await send('pay/paymentCode/decline', { chargeId: waiting.chargeId })).code).toBe('MCH10013');
  });

  it('lets only the member whose code was charged confirm or decline it (MCH10013)', async () => {
    const { code } = await issue();
    const waiting = await charge(code, 500);
    const bruno = await server.memberToken('+244943000002');
    const brunoId = (await server.db.query<{ id: string }>("SELECT id::text FROM members WHERE mobile = '+244943000002'")).rows[0]!.id;
    expect((await confirm(waiting.chargeId, 500, { token: bruno, memberId: brunoId })).code).toBe('MCH10013');
    expect((await send('pay/paymentCode/decline', { chargeId: waiting.chargeId }, bruno)).code).toBe('MCH10013');
    expect((await cashierSees(waiting.chargeId)).state).toBe('awaitingConfirmation');
  });

  it('tells the member the password-free limit with each code, within the cap', async () => {
    const payToken = await payTokenDirect(server.db, anaId, { service: 'pay/passwordFree/set', amount: 200_000, counterparty: 'passwordFree' });
    await ok(server, 'pay/passwordFree/set', { enabled: true, limit: 200_000, payToken }, ana);
    const { code, passwordFreeLimit } = await issue();
    expect(passwordFreeLimit).toBe(200_000);
    expect((await charge(code, 200_000)).state).toBe('paid');
    expect(await checkInvariants(server.db)).toMatchObject({ ok: true });
  });
});
