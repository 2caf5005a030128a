/**
 * The offline payment code (README "Payment code without signal"): a phone turns it on
 * (pay/paymentCode/enrolOffline) and derives `9 + device number + HOTP(secret, 30 s step)` itself;
 * the till's charge verifies it: once per step, only within the server's step ±1, only while the
 * enrolment lives (72 h from the last online contact, until logout or turning it off), each device
 * on its own. The password-free limit applies as to any payment code.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, envelope, startTestServer, type TestServer } from '../support/server.ts';
import { fund, payTokenDirect, verifyMember } from '../support/money.ts';
import { createMerchantDirect, ok, type Answer, type MerchantSetup } from '../support/merchant.ts';
import { checkInvariants } from '../../server/ledger/invariants.ts';
import { hashPaymentCode, newPaymentCode } from '../../server/merchantPayment/paymentCodes.ts';
import { WRONG_GUESSES_ALLOWED, offlineCodeAt, openSecret, otpOf } from '../../server/merchantPayment/offlineCodes.ts';
import { parseOfflineCodeKey } from '../../server/config.ts';
import { counterBytes, parseOfflineCode, truncatedDigits } from '../../services/offlinePaymentCode.ts';

interface Enrolled { deviceNo: string; secret: string; validUntil: string; stepSeconds: number }

describe('the offline code format', () => {
  it('is the RFC 4226 truncation: the RFC’s own HMAC-SHA-1 vector gives its HOTP value', () => {
    // RFC 4226 appendix D: secret "12345678901234567890", counter 0 → 755224 (6 digits) = 1284755224 mod 10^6
    const hmac = crypto.createHmac('sha1', '12345678901234567890').update(counterBytes(0)).digest();
    expect(truncatedDigits(hmac)).toBe(String(1284755224 % 10 ** 8).padStart(8, '0'));
    expect(Array.from(counterBytes(2 ** 40 + 258))).toEqual([0, 0, 1, 0, 0, 0, 1, 2]);
  });

  it('gives the README’s vector, and server-issued codes never look offline', () => {
    const secret = Buffer.alloc(32, 7);
    expect(offlineCodeAt('000123456', secret, 59_000_000)).toBe(`9000123456${otpOf(secret, 59_000_000)}`);
    expect(offlineCodeAt('000123456', secret, 59_000_000)).toBe('900012345697661022');
    for (let i = 0; i < 2000; i++) expect(parseOfflineCode(newPaymentCode())).toBeNull();
    expect(parseOfflineCode('900012345697661022')).toEqual({ deviceNo: '000123456', otp: '97661022' });
  });

  it('seals secrets under OFFLINE_CODE_KEY (32 bytes) and refuses a short key', () => {
    expect(parseOfflineCodeKey('00'.repeat(32)).length).toBe(32);
    expect(() => parseOfflineCodeKey('abcd')).toThrow(/32 bytes/);
  });
});

describe.each(engines)('offline payment codes on %s', (engine) => {
  let server: TestServer;
  let shop: MerchantSetup;
  let rival: MerchantSetup;
  let ana: string;
  let anaId: string;
  beforeAll(async () => {
    server = await startTestServer(engine);
    shop = await createMerchantDirect(server);
    rival = await createMerchantDirect(server);
    anaId = await verifyMember(server.db, '+244923000001', 'Ana Maria Demo');
    ana = await server.memberToken('+244923000001');
    await fund(server.db, anaId, 10_000n * 100n);
  }, 120_000);
  afterAll(() => server.close());

  const send = async (service: string, bizContent: object, token: string, requestNo?: string): Promise<Answer> => {
    const payload = envelope(service, bizContent, { token }, 'en');
    if (requestNo) payload.requestNo = requestNo;
    return (await server.app.inject({ method: 'POST', url: '/gatewayinner/api', payload })).json();
  };
  const enrol = async (token = ana, replaces?: string) => (await ok(server, 'pay/paymentCode/enrolOffline', { deviceId: 'phone-offline', ...(replaces ? { replaces } : {}) }, token)) as Enrolled;
  /** The server's step now (its clock decides, whatever the phone's says). */
  const stepNow = async () => Number((await server.db.query<{ c: string }>('SELECT floor(extract(epoch FROM now()) / 30)::bigint::text AS c')).rows[0]!.c);
  const codeOf = (device: Enrolled, step: number) => offlineCodeAt(device.deviceNo, Buffer.from(device.secret, 'base64url'), step);
  const charge = (code: string, amount: number, merchant = shop) => send('merchant/cashier/chargePaymentCode', { storeId: merchant.storeId, code, amount }, merchant.token);
  const device = async (deviceNo: string) => (await server.db.query<{ revoked_reason: string | null; last_counter: string; wrong_guesses: number }>(
    'SELECT revoked_reason, last_counter::text, wrong_guesses FROM payment_code_devices WHERE device_no = $1', [deviceNo])).rows[0]!;
  const available = async () => BigInt((await server.db.query<{ b: string }>("SELECT balance::text AS b FROM ledger_accounts WHERE member_id = $1 AND kind = 'available'", [anaId])).rows[0]!.b);
  const charges = async () => Number((await server.db.query<{ n: string }>('SELECT count(*)::text AS n FROM payment_code_charges WHERE member_id = $1', [anaId])).rows[0]!.n);

  it('enrols a phone with a 256-bit secret for 72 hours, kept sealed (not readable in the database)', async () => {
    const phone = await enrol();
    expect(phone.deviceNo).toMatch(/^\d{9}$/);
    expect(Buffer.from(phone.secret, 'base64url')).toHaveLength(32);
    expect(phone.stepSeconds).toBe(30);
    const life = new Date(phone.validUntil).getTime() - Date.now();
    expect(life).toBeGreaterThan(72 * 3_600_000 - 60_000);
    expect(life).toBeLessThanOrEqual(72 * 3_600_000);
    const { rows } = await server.db.query<{ secret_sealed: string; member_id: string }>('SELECT secret_sealed, member_id::text FROM payment_code_devices WHERE device_no = $1', [phone.deviceNo]);
    expect(rows[0]!.secret_sealed).not.toContain(phone.secret);
    expect(JSON.stringify((await server.db.query('SELECT * FROM payment_code_devices')).rows)).not.toContain(phone.secret);
    const key = crypto.createHash('sha256').update('kwanza-wallet development offline-code key').digest();
    expect(openSecret(key, phone.deviceNo, anaId, rows[0]!.secret_sealed).toString('base64url')).toBe(phone.secret);
    // the sealed secret opens only for its own row: copied onto another device number it fails
    expect(() => openSecret(key, '000000001', anaId, rows[0]!.secret_sealed)).toThrow();
  });

  it('charges an offline code once; the same code again, or an older one after it, is MCH10008 (a screenshot replayed)', async () => {
    const phone = await enrol();
    const now = await stepNow();
    const before = await available();
    const paidCode = codeOf(phone, now - 1);
    const first = await charge(paidCode, 1_500);
    expect(first.code).toBe('S0001');
    expect(first.bizContent.state).toBe('awaitingConfirmation'); // password-free is off: the member confirms
    expect((await charge(paidCode, 1_500)).code).toBe('MCH10008');
    expect((await charge(paidCode, 1_500, rival)).code).toBe('MCH10008');
    expect(await device(phone.deviceNo)).toMatchObject({ last_counter: String(now - 1), wrong_guesses: 0 });
    // the member sees the charge on that code once online, and confirms it
    const status = await send('pay/paymentCode/status', { code: paidCode }, ana);
    expect(status.bizContent).toMatchObject({ state: 'awaitingConfirmation', charge: { chargeId: first.bizContent.chargeId, amount: 1_500 } });
    const online = (await ok(server, 'pay/paymentCode/issue', { deviceId: 'phone-offline', offlineDeviceNo: phone.deviceNo }, ana)) as { waitingCharge: unknown; offline: unknown };
    expect(online.waitingCharge).toEqual({ chargeId: first.bizContent.chargeId, amount: 1_500, merchantName: shop.merchant.name, storeName: 'Loja Central' });
    expect(online.offline).toEqual({ deviceNo: phone.deviceNo, validUntil: expect.any(String) });
    const chargeId = first.bizContent.chargeId as string;
    const payToken = await payTokenDirect(server.db, anaId, { service: 'pay/paymentCode/confirm', amount: 1_500, counterparty: chargeId });
    expect((await send('pay/paymentCode/confirm', { chargeId, payToken }, ana)).code).toBe('S0001');
    expect(await available()).toBe(before - 1_500n);
    // the next step's code still pays (a later purchase); the step before the one charged does not
    expect((await charge(codeOf(phone, now - 2), 100)).code).toBe('MCH10008');
    const next = await charge(codeOf(phone, now), 100);
    expect(next.code).toBe('S0001');
  });

  it('refuses a code outside the server’s step ±1 (a phone’s clock far off, an old code written down)', async () => {
    const phone = await enrol();
    const now = await stepNow();
    expect((await charge(codeOf(phone, now - 3), 100)).code).toBe('MCH10008');
    expect((await charge(codeOf(phone, now + 3), 100)).code).toBe('MCH10008');
    // an hour-old code: refused, and nothing was spent by trying
    expect((await charge(codeOf(phone, now - 120), 100)).code).toBe('MCH10008');
    expect((await charge(codeOf(phone, now + 1), 100)).code).toBe('S0001'); // a phone 30 s ahead
    // codes out of the window are not the device's codes now: counted as wrong guesses, then forgiven by a good one
    expect(await device(phone.deviceNo)).toMatchObject({ wrong_guesses: 0, revoked_reason: null });
  });

  it('refuses codes of a phone turned off, logged out, replaced or past its 72 hours', async () => {
    const turnedOff = await enrol();
    expect((await ok(server, 'pay/paymentCode/turnOffOffline', { deviceNo: turnedOff.deviceNo }, ana))).toEqual({ turnedOff: true });
    expect((await charge(codeOf(turnedOff, await stepNow()), 100)).code).toBe('MCH10008');
    expect((await send('pay/paymentCode/turnOffOffline', { deviceNo: turnedOff.deviceNo }, ana)).code).toBe('MCH12003');
    // and refreshing it when the phone comes online says it is gone: the phone forgets its secret
    expect(((await ok(server, 'pay/paymentCode/issue', { deviceId: 'p', offlineDeviceNo: turnedOff.deviceNo }, ana)) as { offline: unknown }).offline).toBeNull();

    const session = await server.memberToken('+244923000001');
    const loggedOut = await enrol(session);
    const otherSession = await enrol(); // this phone's session stays: its enrolment too
    expect((await send('common/logout', {}, session)).code).toBe('S0001');
    expect(await device(loggedOut.deviceNo)).toMatchObject({ revoked_reason: 'loggedOut' });
    expect((await charge(codeOf(loggedOut, await stepNow()), 100)).code).toBe('MCH10008');
    expect((await charge(codeOf(otherSession, await stepNow()), 100)).code).toBe('S0001');

    const old = await enrol();
    const renewed = await enrol(ana, old.deviceNo);
    expect(await device(old.deviceNo)).toMatchObject({ revoked_reason: 'replaced' });
    expect((await charge(codeOf(old, await stepNow()), 100)).code).toBe('MCH10008');

    await server.db.query("UPDATE payment_code_devices SET expires_at = now() - interval '1 second' WHERE device_no = $1", [renewed.deviceNo]);
    expect((await charge(codeOf(renewed, await stepNow()), 100)).code).toBe('MCH10008');
    expect(((await ok(server, 'pay/paymentCode/issue', { deviceId: 'p', offlineDeviceNo: renewed.deviceNo }, ana)) as { offline: unknown }).offline).toBeNull();
  });

  it('keeps two phones of one member apart: each its own secret and steps, one revoked leaves the other', async () => {
    const [phoneA, phoneB] = [await enrol(), await enrol()];
    expect(phoneA.deviceNo).not.toBe(phoneB.deviceNo);
    expect(phoneA.secret).not.toBe(phoneB.secret);
    const now = await stepNow();
    // the same step on both phones: two different codes, both pay
    expect(codeOf(phoneA, now)).not.toBe(codeOf(phoneB, now));
    expect((await charge(codeOf(phoneA, now), 200)).code).toBe('S0001');
    expect((await charge(codeOf(phoneB, now), 200)).code).toBe('S0001');
    // phone A's secret with phone B's number (a code put together from two phones): refused
    expect((await charge(`9${phoneB.deviceNo}${codeOf(phoneA, now + 1).slice(10)}`, 200)).code).toBe('MCH10008');
    await ok(server, 'pay/paymentCode/turnOffOffline', { deviceNo: phoneA.deviceNo }, ana);
    expect((await charge(codeOf(phoneA, now + 1), 200)).code).toBe('MCH10008');
    expect((await charge(codeOf(phoneB, now + 1), 200)).code).toBe('S0001');
    // another member cannot turn off or refresh Ana's phone
    await verifyMember(server.db, '+244943000002', 'Bruno Manuel Demo');
    const bruno = await server.memberToken('+244943000002');
    expect((await send('pay/paymentCode/turnOffOffline', { deviceNo: phoneB.deviceNo }, bruno)).code).toBe('MCH12003');
    expect(((await ok(server, 'pay/paymentCode/issue', { deviceId: 'p', offlineDeviceNo: phoneB.deviceNo }, bruno)) as { offline: unknown }).offline).toBeNull();
    expect(await device(phoneB.deviceNo)).toMatchObject({ revoked_reason: null });
  });

  it('keeps at most five live phones a member: a sixth revokes the oldest', async () => {
    await server.db.query("UPDATE payment_code_devices SET revoked_at = now(), revoked_reason = 'turnedOff' WHERE member_id = $1 AND revoked_at IS NULL", [anaId]);
    const phones = [];
    for (let i = 0; i < 6; i++) phones.push(await enrol());
    expect(await device(phones[0]!.deviceNo)).toMatchObject({ revoked_reason: 'tooMany' });
    const { rows } = await server.db.query<{ n: string }>('SELECT count(*)::text AS n FROM payment_code_devices WHERE member_id = $1 AND revoked_at IS NULL', [anaId]);
    expect(rows[0]!.n).toBe('5');
  });

  it('revokes a phone after five wrong codes in a row against it (a till guessing); the till hears only MCH10008', async () => {
    const phone = await enrol();
    const now = await stepNow();
    const right = codeOf(phone, now);
    const wrong = (i: number) => `${right.slice(0, 10)}${String((Number(right.slice(10)) + 1 + i) % 10 ** 8).padStart(8, '0')}`;
    for (let i = 0; i < WRONG_GUESSES_ALLOWED - 1; i++) expect((await charge(wrong(i), 100)).code).toBe('MCH10008');
    expect(await device(phone.deviceNo)).toMatchObject({ wrong_guesses: WRONG_GUESSES_ALLOWED - 1, revoked_reason: null });
    expect((await charge(wrong(10), 100)).code).toBe('MCH10008');
    expect(await device(phone.deviceNo)).toMatchObject({ revoked_reason: 'guessed' });
    expect((await charge(right, 100)).code).toBe('MCH10008'); // even the right code now
    // an unknown device number is refused alike, and counts against nobody
    expect((await charge('9999999999' + '12345678', 100)).code).toBe('MCH10008');
  });

  it('pays within the password-free limit at once, and above it waits for the member (the limit keeps applying)', async () => {
    const payToken = await payTokenDirect(server.db, anaId, { service: 'pay/passwordFree/set', amount: 50_000, counterparty: 'passwordFree' });
    await ok(server, 'pay/passwordFree/set', { enabled: true, limit: 50_000, payToken }, ana);
    const phone = await enrol();
    const now = await stepNow();
    const before = await available();
    const under = await charge(codeOf(phone, now - 1), 50_000);
    expect(under.bizContent).toMatchObject({ state: 'paid' });
    expect(await available()).toBe(before - 50_000n);
    const over = await charge(codeOf(phone, now), 50_001);
    expect(over.bizContent).toMatchObject({ state: 'awaitingConfirmation' });
    expect(await available()).toBe(before - 50_000n);
    expect(await checkInvariants(server.db)).toMatchObject({ ok: true });
  });

  it('charges once when two tills charge the same offline code at the same moment: one charge, one MCH10008', async () => {
    const rounds = engine === 'postgres' ? 8 : 2;
    for (let i = 0; i < rounds; i++) {
      const phone = await enrol();
      const code = codeOf(phone, await stepNow());
      const before = await charges();
      const answers = await Promise.all([charge(code, 300 + i), charge(code, 300 + i, rival)]);
      expect(answers.map((a) => a.code).sort()).toEqual(['MCH10008', 'S0001']);
      expect(await charges()).toBe(before + 1);
      const { rows } = await server.db.query<{ n: string }>('SELECT count(*)::text AS n FROM payment_code_charges WHERE token_hash = $1', [hashPaymentCode(code)]);
      expect(rows[0]!.n).toBe('1');
    }
    expect(await checkInvariants(server.db)).toMatchObject({ ok: true });
  });

  it('ends the phones of the other sessions when the login password is changed (a stolen session’s phone stops paying)', async () => {
    const stolen = await server.memberToken('+244923000001');
    const thief = await enrol(stolen);
    const mine = await enrol();
    expect((await charge(codeOf(thief, await stepNow()), 100)).code).toBe('S0001');
    expect(await ok(server, 'wallet/password/setPwd', { oldPassword: 'Kwanza2026', password: 'OutraSenha7' }, ana)).toMatchObject({ changed: true });
    const next = (await stepNow()) + 1;
    expect((await charge(codeOf(thief, next), 100)).code).toBe('MCH10008');
    expect((await charge(codeOf(mine, next), 100)).code).toBe('S0001');
  });

  it('revokes every phone of the member when the login password is recovered (the remedy for a lost phone)', async () => {
    const [lost, other] = [await enrol(), await enrol()];
    const call = async (service: string, bizContent: object) =>
      (await server.app.inject({ method: 'POST', url: '/gatewayinner/api', remoteAddress: '10.8.0.38', payload: envelope(service, bizContent, {}, 'en') })).json() as Answer;
    expect((await call('fund/sms/sendSMS', { mobile: '923000001', purpose: 'recover' })).code).toBe('S0001');
    const { rows } = await server.db.query<{ body: string }>("SELECT body FROM outbox_messages WHERE destination = '+244923000001' ORDER BY id DESC LIMIT 1");
    const checked = await call('fund/sms/checkVerifyCode', { mobile: '923000001', purpose: 'recover', code: /\b(\d{6})\b/.exec(rows[0]!.body)![1]! });
    expect((await call('fund/password/find-loginPassword', { ticket: checked.bizContent.ticket, password: 'NovaSenha9' })).code).toBe('S0001');
    for (const phone of [lost, other]) {
      expect(await device(phone.deviceNo)).toMatchObject({ revoked_reason: 'loggedOut' });
      expect((await charge(codeOf(phone, await stepNow()), 100)).code).toBe('MCH10008');
    }
  });
});
