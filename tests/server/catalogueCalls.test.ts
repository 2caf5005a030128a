/**
 * The spec §7 calls that completed the catalogue (issue 13): the app's addresses and versions,
 * the login password changed while signed in, the pay password changed with the current one and
 * reset with a bound card and the bank's mobile, and a code requested with a captcha token.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, envelope, startTestServer, type TestServer } from '../support/server.ts';
import { enterPin as enter, verifyMember } from '../support/money.ts';

type Answer = { code: string; subMsg: string; bizContent: any }; // eslint-disable-line @typescript-eslint/no-explicit-any

describe.each(engines)('catalogue calls on %s', (engine) => {
  let server: TestServer;
  let token: string;
  const ip = '10.13.0.1';
  beforeAll(async () => {
    server = await startTestServer(engine, { PUBLIC_URL: 'https://carteira.example.ao' });
    token = await server.memberToken('+244923000001');
  });
  afterAll(() => server.close());
  const call = async (service: string, bizContent: object, as: string | null = token, language = 'en'): Promise<Answer> =>
    (await server.app.inject({ method: 'POST', url: '/gatewayinner/api', remoteAddress: ip, payload: envelope(service, bizContent, { token: as ?? '' }, language) })).json();
  const keypad = async (as = token) => (await call('common/getRandomKey', {}, as)).bizContent as { rsaPublicKey: string; mapArr: number[]; randKey: string };
  const lastCode = async (destination: string) => {
    const { rows } = await server.db.query<{ body: string }>('SELECT body FROM outbox_messages WHERE destination = $1 ORDER BY id DESC LIMIT 1', [destination]);
    return /\b(\d{6})\b/.exec(rows[0]!.body)![1]!;
  };

  describe('the app itself', () => {
    it('answers the H5 address and the CommonUrl item on the gateway and by GET on the legacy transport', async () => {
      expect((await call('common/getTTJUrl', {}, null)).bizContent).toEqual({ ttjUrl: 'https://carteira.example.ao/' });
      const legacy = (await server.app.inject({ method: 'GET', url: '/api/ccservice/common/getTTJUrl' })).json();
      expect(legacy).toMatchObject({ status: 0, body: { ttjUrl: 'https://carteira.example.ao/' } });
      const urls = (await call('common/getCommonUrl', {}, null)).bizContent;
      expect(urls).toMatchObject({ gatewayUrl: 'https://carteira.example.ao/gatewayinner/api', downloadUrl: 'https://carteira.example.ao/app/download', customerServiceUrl: 'https://carteira.example.ao/app/helpdoc' });
      expect((await server.app.inject({ method: 'GET', url: '/api/ccservice/common/getCommonUrl' })).json().body).toEqual(urls);
    });

    it('gives the customer-service address: the help page unless a provider is configured', async () => {
      expect((await call('wechat/customer/getAliCustomUrl', {}, null)).bizContent).toEqual({ url: 'https://carteira.example.ao/app/helpdoc', provider: 'helpPage' });
      const other = await startTestServer('pglite', { CUSTOMER_SERVICE_URL: 'https://chat.example.ao/kwanza' });
      try {
        const answer = (await other.app.inject({ method: 'POST', url: '/api/ccservice/wechat/customer/getAliCustomUrl', payload: {} })).json();
        expect(answer).toMatchObject({ status: 0, body: { url: 'https://chat.example.ao/kwanza', provider: 'configured' } });
      } finally {
        await other.close();
      }
    });

    it('tells a shell whether to update: none, optional, or required below the oldest supported version', async () => {
      const latest = await call('appVersionAction/getLatestAppVersion', { platform: 'android' }, null, 'pt');
      expect(latest.bizContent).toMatchObject({ platform: 'android', version: '2.4.0', minSupported: '2.0.0', update: 'none' });
      expect(latest.bizContent.releaseNotes).toMatch(/transferências/);
      expect((await call('appVersionAction/getLatestAppVersion', { platform: 'ios', currentVersion: '2.10.0' }, null)).bizContent.update).toBe('none');
      expect((await call('appVersionAction/getLatestAppVersion', { platform: 'ios', currentVersion: '2.3.9' }, null)).bizContent.update).toBe('optional');
      expect((await call('appVersionAction/getLatestAppVersion', { platform: 'ios', currentVersion: '1.9.12' }, null)).bizContent.update).toBe('required');
      await server.db.query("INSERT INTO app_versions (platform, version, min_supported, download_url, released_at) VALUES ('ios', '2.5.0', '2.4.0', 'https://apps.example/ios', now())");
      expect((await call('appVersionAction/getLatestAppVersion', { platform: 'ios', currentVersion: '2.3.9' }, null)).bizContent).toMatchObject({ version: '2.5.0', update: 'required' });
      expect((await call('appVersionAction/getLatestAppVersion', { platform: 'windows' }, null)).code).toBe('AGW10003');
      const legacy = (await server.app.inject({ method: 'GET', url: '/api/ccservice/appVersionAction/getLatestAppVersion?platform=android&currentVersion=2.1.0' })).json();
      expect(legacy).toMatchObject({ status: 0, body: { update: 'optional' } });
    });
  });

  describe('the login password, signed in', () => {
    it('changes it with the current one, ending the other sessions but not this one', async () => {
      const other = await server.memberToken('+244943000002');
      const second = await server.memberToken('+244943000002');
      expect((await call('wallet/password/setPwd', { oldPassword: 'Kwanza2026', password: 'short' }, other)).code).toBe('PWD10001');
      expect((await call('wallet/password/setPwd', { oldPassword: 'Kwanza2026', password: 'Kwanza2026' }, other)).code).toBe('PWD10002');
      expect(await call('wallet/password/setPwd', { oldPassword: 'Wrong2026x', password: 'Novidade2027' }, other)).toMatchObject({ code: 'LGN10001', subMsg: '4' });
      const changed = await call('wallet/password/setPwd', { oldPassword: 'Kwanza2026', password: 'Novidade2027' }, other);
      expect(changed).toMatchObject({ code: 'S0001', bizContent: { changed: true, otherSessionsEnded: 1 } });
      expect((await call('common/setting/main', {}, other)).code).toBe('S0001');
      expect((await call('common/setting/main', {}, second)).code).toBe('AGW20001');
      expect((await call('oauth/passwordLogin', { login: '943000002', password: 'Novidade2027' }, null)).code).toBe('S0001');
      expect((await call('oauth/passwordLogin', { login: '943000002', password: 'Kwanza2026' }, null)).code).toBe('LGN10001');
    });

    it('locks it like log-in after five wrong current passwords', async () => {
      const mine = await server.memberToken('+244943000002');
      // (the log-in with the old password above counted one)
      await server.db.query("UPDATE members SET failed_logins = 0 WHERE mobile = '+244943000002'");
      for (const left of ['4', '3', '2', '1']) expect(await call('wallet/password/setPwd', { oldPassword: 'Nope12345', password: 'Outra2028x' }, mine)).toMatchObject({ code: 'LGN10001', subMsg: left });
      expect(await call('wallet/password/setPwd', { oldPassword: 'Nope12345', password: 'Outra2028x' }, mine)).toMatchObject({ code: 'LGN10002', subMsg: '15' });
      expect((await call('wallet/password/setPwd', { oldPassword: 'Novidade2027', password: 'Outra2028x' }, mine)).code).toBe('LGN10002');
      const legacy = await server.app.inject({ method: 'POST', url: '/api/ccservice/wallet/password/setPwd', payload: { oldPassword: 'x', password: 'y' } });
      expect(legacy.json().status).toBe(1004);
    });
  });

  describe('the pay password', () => {
    it('changes it with the current one (setShortPayPwd), counting a wrong current one', async () => {
      expect((await call('wallet/password/setPayPwd', enter('270419', await keypad()))).code).toBe('S0001');
      expect(await call('wallet/paypassword/setShortPayPwd', { current: enter('999000', await keypad()), entry: enter('864209', await keypad()) })).toMatchObject({ code: 'PAY10001', subMsg: '4' });
      expect((await call('wallet/paypassword/setShortPayPwd', { current: enter('270419', await keypad()), entry: enter('123456', await keypad()) })).code).toBe('PAY10004');
      const one = await keypad();
      expect((await call('wallet/paypassword/setShortPayPwd', { current: enter('270419', one), entry: enter('864209', one) })).code).toBe('PAY10005');
      expect((await call('wallet/paypassword/setShortPayPwd', { current: enter('270419', await keypad()), entry: enter('864209', await keypad()) })).code).toBe('S0001');
      expect((await call('wallet/paypassword/checkPayPwd', enter('864209', await keypad()))).code).toBe('S0001');
      expect((await call('wallet/paypassword/checkPayPwd', enter('270419', await keypad()))).code).toBe('PAY10001');
    });

    it('with a bound card, is reset with its number and the bank’s mobile (check-cardNo-mobile), not the SMS alone', async () => {
      await verifyMember(server.db, '+244923000001', 'Ana Maria Demo');
      const bind = await call('wallet/card/inputMobile', { cardNo: '6004000000000011', mobile: '923000001' });
      expect((await call('wallet/card/verifyAuthCode', { bindId: bind.bizContent.bindId, code: await lastCode('+244923000001') })).code).toBe('S0001');
      expect((await call('wallet/paypassword/forgetPayPassword', { step: 'sendCode' })).code).toBe('PAY10007');
      // a card of hers that is not bound, a wrong mobile, a number with the bound card's BIN and last four that the bank does not know
      expect((await call('wallet/paypassword/check-cardNo-mobile', { step: 'sendCode', cardNo: '6001000000000030', mobile: '923000001' })).code).toBe('CRD10008');
      expect((await call('wallet/paypassword/check-cardNo-mobile', { step: 'sendCode', cardNo: '6004000000000011', mobile: '923999999' })).code).toBe('CRD10004');
      expect((await call('wallet/paypassword/check-cardNo-mobile', { step: 'sendCode', cardNo: '6004001000000011', mobile: '923000001' })).code).toBe('AGW10003');
      const sent = await call('wallet/paypassword/check-cardNo-mobile', { step: 'sendCode', cardNo: '6004 0000 0000 0011', mobile: '923000001' });
      expect(sent).toMatchObject({ code: 'S0001', bizContent: { sentTo: '+244 9** *** 001', resendAfterSeconds: 60 } });
      const code = await lastCode('+244923000001');
      const wrong = code === '000000' ? '111111' : '000000';
      expect((await call('wallet/paypassword/check-cardNo-mobile', { step: 'verifyCode', cardNo: '6004000000000011', mobile: '923000001', code: wrong })).code).toBe('COD10001');
      const verified = await call('wallet/paypassword/check-cardNo-mobile', { step: 'verifyCode', cardNo: '6004000000000011', mobile: '923000001', code });
      expect(verified.code).toBe('S0001');
      const other = await server.memberToken('+244943000002');
      expect((await call('wallet/password/setPayPwd', { ...enter('530917', await keypad(other)), resetTicket: verified.bizContent.resetTicket }, other)).code).toBe('REG10002');
      expect((await call('wallet/password/setPayPwd', { ...enter('530917', await keypad()), resetTicket: verified.bizContent.resetTicket })).code).toBe('S0001');
      expect((await call('wallet/paypassword/checkPayPwd', enter('530917', await keypad()))).code).toBe('S0001');
    });
  });

  describe('a code with the captcha token (sendSMSCaptcha)', () => {
    it('needs a token this address earned, spends it, and sends the code', async () => {
      const at = '10.13.9.9';
      const send = async (captchaToken: string) =>
        (await server.app.inject({ method: 'POST', url: '/gatewayinner/api', remoteAddress: at, payload: envelope('fund/sms/sendSMSCaptcha', { mobile: '923000001', purpose: 'recover', captchaToken }, {}, 'en') })).json() as Answer;
      const solve = async () => {
        const { captchaId } = await server.app.inject({ method: 'POST', url: '/gatewayinner/api', remoteAddress: at, payload: envelope('common/captcha/preCheckCaptchaCode', { scene: 'sendCode' }) }).then(async (r) => r.json().bizContent ?? {});
        // an address nothing suspicious came from gets no image from preCheck: ask for one as a suspicious one would
        const id = captchaId ?? (await server.db.query<{ id: string }>("INSERT INTO captchas (id, client_ip, answer, expires_at) VALUES (gen_random_uuid(), $1, 'abcde', now() + interval '5 minutes') RETURNING id::text", [at])).rows[0]!.id;
        const answer = (await server.app.inject({ method: 'GET', url: `/dev/captcha/${id}` })).json().answer as string;
        return (await server.app.inject({ method: 'POST', url: '/gatewayinner/api', remoteAddress: at, payload: envelope('wechat/merchantCooperation/checkCaptchaCode', { captchaId: id, answer }) })).json().bizContent.captchaToken as string;
      };
      expect((await send('x'.repeat(32))).code).toBe('CAP10001');
      const captchaToken = await solve();
      expect(await send(captchaToken)).toMatchObject({ code: 'S0001', bizContent: { sentTo: '+244 9** *** 001' } });
      expect((await send(captchaToken)).code).toBe('CAP10001');
      const missing = await server.app.inject({ method: 'POST', url: '/api/ccservice/fund/sms/sendSMSCaptcha', remoteAddress: at, payload: { mobile: '923000001', purpose: 'recover' } });
      expect(missing.json()).toMatchObject({ status: 'AGW10003' });
    });
  });
});
