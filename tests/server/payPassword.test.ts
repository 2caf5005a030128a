import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, envelope, startTestServer, type TestServer } from '../support/server.ts';
import { enterPin as enter } from '../support/money.ts';

describe.each(engines)('pay password on %s', (engine) => {
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    server = await startTestServer(engine);
    token = await server.memberToken('+244923000001');
  });
  afterAll(() => server.close());
  const call = async (service: string, bizContent: object, as = token) =>
    (await server.app.inject({ method: 'POST', url: '/gatewayinner/api', remoteAddress: '10.7.0.1', payload: envelope(service, bizContent, { token: as }, 'en') })).json() as { code: string; subMsg: string; bizContent: any }; // eslint-disable-line @typescript-eslint/no-explicit-any
  const keypad = async (as = token) => (await call('common/getRandomKey', {}, as)).bizContent as { rsaPublicKey: string; mapArr: number[]; randKey: string };

  it('hands out a one-time key with a shuffled map', async () => {
    const one = await keypad();
    const two = await keypad();
    expect([...one.mapArr].sort()).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(one.randKey).not.toBe(two.randKey);
    expect(one.rsaPublicKey).not.toBe(two.rsaPublicKey);
  });

  it('sets a pay password once, refusing weak ones, and never keeps a key after use', async () => {
    for (const weak of ['111111', '123456', '654321', '258258', '121212']) expect((await call('wallet/password/setPayPwd', enter(weak, await keypad()))).code).toBe('PAY10004');
    const entry = enter('270419', await keypad());
    expect((await call('wallet/password/setPayPwd', entry)).code).toBe('S0001');
    expect((await call('wallet/password/setPayPwd', entry)).code).toBe('PAY10005');
    expect((await call('wallet/password/setPayPwd', enter('864209', await keypad()))).code).toBe('PAY10003');
    const kept = await server.db.query<{ n: string }>('SELECT count(*)::text AS n FROM keypad_keys WHERE used_at IS NOT NULL AND private_key IS NOT NULL');
    expect(kept.rows[0]!.n).toBe('0');
    const settings = await call('common/setting/main', {});
    expect(settings.bizContent).toMatchObject({ payPasswordSet: true, payLockedMinutes: null });
  });

  it('checks it, counts wrong entries and locks paying after five', async () => {
    expect((await call('wallet/paypassword/checkPayPwd', enter('270419', await keypad()))).code).toBe('S0001');
    for (const left of ['4', '3', '2', '1']) expect(await call('wallet/paypassword/checkPayPwd', enter('999000', await keypad()))).toMatchObject({ code: 'PAY10001', subMsg: left });
    expect(await call('wallet/paypassword/checkPayPwd', enter('999000', await keypad()))).toMatchObject({ code: 'PAY10002', subMsg: '30' });
    expect((await call('wallet/paypassword/checkPayPwd', enter('270419', await keypad()))).code).toBe('PAY10002');
    expect((await call('common/setting/main', {})).bizContent.payLockedMinutes).toBe(30);
  });

  it('refuses a key of another member and a key past its five minutes', async () => {
    const other = await server.memberToken('+244943000002');
    expect((await call('wallet/paypassword/validatePayPwd', enter('270419', await keypad(other)))).code).toBe('PAY10005');
    const late = await keypad();
    await server.db.query("UPDATE keypad_keys SET expires_at = now() - interval '1 second' WHERE id = $1", [late.randKey]);
    expect((await call('wallet/paypassword/validatePayPwd', enter('270419', late))).code).toBe('PAY10005');
    expect((await call('wallet/paypassword/validatePayPwd', { randKey: crypto.randomUUID(), cipher: 'x'.repeat(40) })).code).toBe('PAY10005');
  });

  it('resets a forgotten pay password with an SMS code, lifting the lock', async () => {
    expect((await call('wallet/paypassword/forgetPayPassword', { step: 'sendCode' })).bizContent.sentTo).toBe('+244 9** *** 001');
    const { rows } = await server.db.query<{ body: string }>("SELECT body FROM outbox_messages WHERE destination = '+244923000001' ORDER BY id DESC LIMIT 1");
    const code = /\b(\d{6})\b/.exec(rows[0]!.body)![1]!;
    const verified = await call('wallet/paypassword/forgetPayPassword', { step: 'verifyCode', code });
    expect(verified.code).toBe('S0001');
    expect((await call('wallet/password/setPayPwd', { ...enter('864209', await keypad()), resetTicket: verified.bizContent.resetTicket })).code).toBe('S0001');
    expect((await call('wallet/paypassword/checkPayPwd', enter('864209', await keypad()))).code).toBe('S0001');
  });
});
