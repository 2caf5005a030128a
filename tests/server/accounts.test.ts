import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, envelope, startTestServer, type TestServer } from '../support/server.ts';

describe.each(engines)('accounts on %s', (engine) => {
  let server: TestServer;
  let ip = 1;
  beforeAll(async () => {
    server = await startTestServer(engine);
  });
  afterAll(() => server.close());

  /** Each test speaks from its own address so the per-address hourly limit is its own. */
  const call = async (service: string, bizContent: object, options: { token?: string; language?: string; address?: string } = {}) => {
    const res = await server.app.inject({
      method: 'POST', url: '/gatewayinner/api', remoteAddress: options.address ?? `10.9.0.${ip}`,
      payload: envelope(service, bizContent, { token: options.token }, options.language ?? 'en'),
    });
    return res.json() as { code: string; msg: string; subMsg: string; bizContent: any }; // eslint-disable-line @typescript-eslint/no-explicit-any
  };
  const lastCode = async (destination: string) => {
    const { rows } = await server.db.query<{ body: string }>('SELECT body FROM outbox_messages WHERE destination = $1 ORDER BY id DESC LIMIT 1', [destination]);
    return /\b(\d{6})\b/.exec(rows[0]?.body ?? '')?.[1] ?? null;
  };
  const count = async (table: string) => Number((await server.db.query<{ n: string }>(`SELECT count(*)::text AS n FROM ${table}`)).rows[0]!.n);
  /** A fresh address each call: an attacker rotating addresses still meets the per-number and per-account limits. */
  let rotating = 0;
  const fresh = () => ({ address: `10.200.${Math.floor(++rotating / 250)}.${rotating % 250}` });
  const allowResend = (destination: string) => server.db.query("UPDATE verification_codes SET created_at = created_at - interval '61 seconds' WHERE destination = $1", [destination]);

  it('signs up an individual: code by SMS, password, active and signed in', async () => {
    ip++;
    const sent = await call('register/sendAuthCode', { memberType: 'individual', mobile: '923456789' }, { language: 'pt' });
    expect(sent).toMatchObject({ code: 'S0001', bizContent: { sentTo: '+244 9** *** 789', expiresInSeconds: 300, resendAfterSeconds: 60 } });
    const code = await lastCode('+244923456789');
    expect(code).toMatch(/^\d{6}$/);
    const outbox = await server.db.query<{ body: string }>("SELECT body FROM outbox_messages WHERE destination = '+244923456789'");
    expect(outbox.rows[0]!.body).toMatch(/código de registo/);
    const registered = await call('register/doRegister', { memberType: 'individual', mobile: '923456789', code, agreed: true });
    expect(registered.code).toBe('S0001');
    expect((await call('register/setLoginPwdAndActive', { ticket: registered.bizContent.ticket, password: 'onlyletters' })).code).toBe('PWD10001');
    const active = await call('register/setLoginPwdAndActive', { ticket: registered.bizContent.ticket, password: 'Luanda2026' });
    expect(active.code).toBe('S0001');
    // no name given yet: the number is the number, never a name (issue 21)
    expect(active.bizContent.profile).toMatchObject({ memberType: 'individual', mobile: '+244923456789', displayName: null });
    const me = await call('common/authLogin/checkAuthToken', {}, { token: active.bizContent.loginToken });
    expect(me.code).toBe('S0001');
    // the ticket was used once; the number now has an account
    expect((await call('register/setLoginPwdAndActive', { ticket: registered.bizContent.ticket, password: 'Luanda2026' })).code).toBe('REG10002');
    expect((await call('register/sendAuthCode', { memberType: 'individual', mobile: '923456789' })).code).toBe('REG10001');
    expect((await call('oauth/passwordLogin', { login: '923 456 789', password: 'Luanda2026' })).code).toBe('S0001');
  });

  it('signs up an enterprise by e-mail code', async () => {
    ip++;
    expect((await call('register/sendAuthCode', { memberType: 'enterprise', email: 'Vendas@Kitanda.ao' })).code).toBe('S0001');
    const code = await lastCode('vendas@kitanda.ao');
    const registered = await call('register/doRegister', { memberType: 'enterprise', email: 'vendas@kitanda.ao', code, agreed: true });
    const active = await call('register/setLoginPwdAndActive', { ticket: registered.bizContent.ticket, password: 'Kitanda77' });
    expect(active.bizContent.profile).toMatchObject({ memberType: 'enterprise', email: 'vendas@kitanda.ao' });
  });

  it('refuses an already-registered number before sending anything', async () => {
    ip++;
    const before = await count('outbox_messages');
    expect(await call('register/sendAuthCode', { memberType: 'individual', mobile: '923000001' }, { language: 'pt' })).toMatchObject({ code: 'REG10001', msg: expect.stringMatching(/já tem uma conta/) });
    expect(await count('outbox_messages')).toBe(before);
  });

  it('enforces the resend cool-down and the hourly limit ("sending too much at once")', async () => {
    ip++;
    const mobile = '933111222';
    expect((await call('register/sendAuthCode', { memberType: 'individual', mobile })).code).toBe('S0001');
    const early = await call('register/sendAuthCode', { memberType: 'individual', mobile });
    expect(early.code).toBe('COD10004');
    expect(Number(early.subMsg)).toBeGreaterThan(50);
    for (let i = 0; i < 4; i++) {
      await allowResend(`+244${mobile}`);
      expect((await call('register/sendAuthCode', { memberType: 'individual', mobile }, fresh())).code).toBe('S0001');
    }
    await allowResend(`+244${mobile}`);
    expect((await call('register/sendAuthCode', { memberType: 'individual', mobile }, fresh())).code).toBe('COD10005');
  });

  it('counts wrong codes: 4 tries left, …, the fifth voids the code; an expired code and a replay are refused', async () => {
    ip++;
    const mobile = '944222333';
    await call('register/sendAuthCode', { memberType: 'individual', mobile });
    const right = (await lastCode(`+244${mobile}`))!;
    const wrong = right === '000000' ? '111111' : '000000';
    const attempt = (code: string) => call('register/doRegister', { memberType: 'individual', mobile, code, agreed: true });
    expect(await attempt(wrong)).toMatchObject({ code: 'COD10001', subMsg: '4' });
    for (const left of ['3', '2', '1']) expect((await attempt(wrong)).subMsg).toBe(left);
    expect((await attempt(wrong)).code).toBe('COD10003');
    expect((await attempt(right)).code).toBe('COD10002');
    expect(await count("members WHERE mobile = '+244944222333'")).toBe(0);

    await allowResend(`+244${mobile}`);
    await call('register/sendAuthCode', { memberType: 'individual', mobile }, fresh());
    await server.db.query("UPDATE verification_codes SET expires_at = now() - interval '1 second' WHERE destination = $1", [`+244${mobile}`]);
    expect((await attempt((await lastCode(`+244${mobile}`))!)).code).toBe('COD10002');

    await allowResend(`+244${mobile}`);
    await call('register/sendAuthCode', { memberType: 'individual', mobile }, fresh());
    const newest = (await lastCode(`+244${mobile}`))!;
    expect((await attempt(newest)).code).toBe('S0001');
    expect((await attempt(newest)).code).toBe('COD10002');
  });

  it('locks password log-in after five wrong passwords and says how many are left', async () => {
    ip++;
    const login = 'loja@demo.ao';
    for (const left of ['4', '3', '2', '1']) expect(await call('oauth/passwordLogin', { login, password: 'Wrong1234' }, fresh())).toMatchObject({ code: 'LGN10001', subMsg: left });
    expect((await call('oauth/passwordLogin', { login, password: 'Wrong1234' }, fresh())).code).toBe('LGN10002');
    expect(await call('oauth/passwordLogin', { login, password: 'Kwanza2026' }, { language: 'pt', ...fresh() })).toMatchObject({ code: 'LGN10002', subMsg: '15', msg: expect.stringMatching(/bloqueado/) });
    await server.db.query("UPDATE members SET locked_until = now() - interval '1 second' WHERE email = $1", [login]);
    expect((await call('oauth/passwordLogin', { login, password: 'Kwanza2026' }, fresh())).code).toBe('S0001');
    expect(await call('oauth/passwordLogin', { login: 'nobody@nowhere.ao', password: 'Kwanza2026' }, fresh())).toMatchObject({ code: 'LGN10001', subMsg: '4' });
  });

  it('answers a login no account has as an account: the tries left, then locked for 15 minutes', async () => {
    const answers = async (login: string, password: string) => {
      const seen: string[] = [];
      for (let i = 0; i < 6; i++) {
        const answer = await call('oauth/passwordLogin', { login, password }, { language: 'pt', ...fresh() });
        seen.push(`${answer.code} ${answer.subMsg}`);
      }
      return seen;
    };
    const asAnAccount = ['LGN10001 4', 'LGN10001 3', 'LGN10001 2', 'LGN10001 1', 'LGN10002 15', 'LGN10002 15'];
    expect(await answers('923456789', 'Wrong1234')).toEqual(asAnAccount); // the account signed up above
    expect(await answers('929999991', 'Wrong1234')).toEqual(asAnAccount); // nobody's number
    expect(await answers('+244 929 999 992', 'Wrong1234')).toEqual(asAnAccount);
    expect(await answers('Ninguem@Lado-Nenhum.ao', 'Kwanza2026')).toEqual(asAnAccount);
    // an account signed up to its code but given no password yet is answered alike
    await call('register/sendAuthCode', { memberType: 'individual', mobile: '929999994' }, fresh());
    expect((await call('register/doRegister', { memberType: 'individual', mobile: '929999994', code: (await lastCode('+244929999994'))!, agreed: true }, fresh())).code).toBe('S0001');
    expect(await answers('929999994', 'Wrong1234')).toEqual(asAnAccount);
    // counted as the account would be found: the same number however it is written
    expect((await call('oauth/passwordLogin', { login: '00244929999992', password: 'Wrong1234' }, fresh())).code).toBe('LGN10002');
    expect((await call('oauth/passwordLogin', { login: 'ninguem@lado-nenhum.ao', password: 'Wrong1234' }, fresh())).code).toBe('LGN10002');
    // the lock ends as an account's does
    await server.db.query("UPDATE unknown_login_failures SET locked_until = now() - interval '1 second' WHERE login = '+244929999991'");
    expect(await call('oauth/passwordLogin', { login: '929999991', password: 'Wrong1234' }, fresh())).toMatchObject({ code: 'LGN10001', subMsg: '4' });
  });

  it('counts wrong passwords sent at once exactly, for an account and for a login no account has', async () => {
    for (const login of ['loja@demo.ao', '929999993']) { // (the shop's lock above ended with its log-in)
      const answers = await Promise.all(Array.from({ length: 7 }, () => call('oauth/passwordLogin', { login, password: 'Wrong1234' }, fresh())));
      expect(answers.map((a) => `${a.code} ${a.subMsg}`).sort(), login).toEqual(['LGN10001 1', 'LGN10001 2', 'LGN10001 3', 'LGN10001 4', 'LGN10002 15', 'LGN10002 15', 'LGN10002 15']);
    }
  });

  it('logs in by SMS code, once per code', async () => {
    ip++;
    expect((await call('fund/sms/sendSMS', { mobile: '913555555', purpose: 'login' })).code).toBe('ACC10001');
    expect((await call('fund/sms/sendSMS', { mobile: '943000002', purpose: 'login' })).code).toBe('S0001');
    const code = (await lastCode('+244943000002'))!;
    const login = await call('oauth/authSmsLoginAdvance', { mobile: '943000002', code });
    expect(login).toMatchObject({ code: 'S0001', bizContent: { profile: { displayName: 'Bruno Demo' } } });
    expect((await call('oauth/authSmsLoginAdvance', { mobile: '943000002', code })).code).toBe('COD10002');
  });

  it('refuses bad input with a coded answer and writes nothing', async () => {
    ip++;
    const before = { members: await count('members'), codes: await count('verification_codes'), outbox: await count('outbox_messages') };
    const bad: Array<[string, object]> = [
      ['register/sendAuthCode', { memberType: 'individual', mobile: '12345' }],
      ['register/sendAuthCode', { memberType: 'individual', mobile: '983123456' }],
      ['register/sendAuthCode', { memberType: 'individual', mobile: "923' OR 1=1 --" }],
      ['register/sendAuthCode', { memberType: 'enterprise', email: '<script>@x' }],
      ['register/sendAuthCode', { memberType: 'enterprise', email: `${'a'.repeat(10_000)}@x.ao` }],
      ['register/sendAuthCode', { memberType: 'admin', mobile: '923123456' }],
      ['register/doRegister', { memberType: 'individual', mobile: '923123456', code: '12345', agreed: true }],
      ['register/doRegister', { memberType: 'individual', mobile: '923123456', code: '123456', agreed: false }],
      ['register/setLoginPwdAndActive', { ticket: 'short', password: 'Abc12345' }],
      ['oauth/passwordLogin', { login: 'x'.repeat(10_000), password: 'a' }],
      ['oauth/passwordLogin', { login: '923000001', password: 'p'.repeat(10_000) }],
    ];
    for (const [service, bizContent] of bad) expect((await call(service, bizContent)).code, `${service} ${JSON.stringify(bizContent).slice(0, 80)}`).toBe('AGW10003');
    expect({ members: await count('members'), codes: await count('verification_codes'), outbox: await count('outbox_messages') }).toEqual(before);
  });
});

describe.each(engines)('password recovery on %s', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine);
  });
  afterAll(() => server.close());
  const call = async (service: string, bizContent: object, token?: string) =>
    (await server.app.inject({ method: 'POST', url: '/gatewayinner/api', remoteAddress: '10.8.0.1', payload: envelope(service, bizContent, { token }, 'en') })).json() as { code: string; subMsg: string; bizContent: any }; // eslint-disable-line @typescript-eslint/no-explicit-any

  it('checks the account, verifies the SMS code, sets the new password and ends every session', async () => {
    const oldSession = await server.memberToken('+244923000001');
    expect((await call('fund/member/checkAccount4FindPassword', { mobile: '913000000' })).code).toBe('ACC10001');
    expect(await call('fund/member/checkAccount4FindPassword', { mobile: '923000001' })).toMatchObject({ code: 'S0001', bizContent: { maskedName: 'A*** D***' } });
    expect((await call('fund/sms/sendSMS', { mobile: '923000001', purpose: 'recover' })).code).toBe('S0001');
    const { rows } = await server.db.query<{ body: string }>("SELECT body FROM outbox_messages WHERE destination = '+244923000001' ORDER BY id DESC LIMIT 1");
    expect(rows[0]!.body).toMatch(/recover|recuperar/);
    const code = /\b(\d{6})\b/.exec(rows[0]!.body)![1]!;
    const checked = await call('fund/sms/checkVerifyCode', { mobile: '923000001', purpose: 'recover', code });
    expect(checked.code).toBe('S0001');
    expect((await call('fund/password/find-loginPassword', { ticket: checked.bizContent.ticket, password: '12345678' })).code).toBe('PWD10001');
    expect((await call('fund/password/find-loginPassword', { ticket: checked.bizContent.ticket, password: 'NovaSenha9' })).code).toBe('S0001');
    expect((await call('fund/password/find-loginPassword', { ticket: checked.bizContent.ticket, password: 'Outra1234' })).code).toBe('REG10002');
    expect((await call('common/authLogin/checkAuthToken', {}, oldSession)).code).toBe('AGW20001');
    expect((await call('oauth/passwordLogin', { login: '923000001', password: 'Kwanza2026' })).code).toBe('LGN10001');
    expect((await call('oauth/passwordLogin', { login: '923000001', password: 'NovaSenha9' })).code).toBe('S0001');
  });
});

describe.each(engines)('captcha on %s', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine);
  });
  afterAll(() => server.close());
  const address = '10.66.0.1';
  const call = async (service: string, bizContent: object) =>
    (await server.app.inject({ method: 'POST', url: '/gatewayinner/api', remoteAddress: address, payload: envelope(service, bizContent, {}, 'en') })).json() as { code: string; bizContent: any }; // eslint-disable-line @typescript-eslint/no-explicit-any
  /** The test reads the answer from the stored hash the way a person reads the picture: by trying the real text. */
  const solve = async () => {
    const pre = await call('common/captcha/preCheckCaptchaCode', { scene: 'login' });
    expect(pre.bizContent).toMatchObject({ required: true, image: expect.stringMatching(/^data:image\/svg\+xml;base64,/) });
    const svg = Buffer.from(pre.bizContent.image.split(',')[1], 'base64').toString('utf8');
    expect(svg).toMatch(/<svg/);
    return pre.bizContent.captchaId as string;
  };

  it('asks for a captcha after three failures from one address, and lets a solved one through once', async () => {
    expect((await call('common/captcha/preCheckCaptchaCode', { scene: 'login' })).bizContent).toEqual({ required: false });
    for (let i = 0; i < 3; i++) expect((await call('oauth/passwordLogin', { login: '923000001', password: 'Wrong1234' })).code).toBe('LGN10001');
    expect((await call('oauth/passwordLogin', { login: '923000001', password: 'Kwanza2026' })).code).toBe('CAP10001');
    expect((await call('fund/sms/sendSMS', { mobile: '923000001', purpose: 'login' })).code).toBe('CAP10001');

    const wrongId = await solve();
    expect((await call('wechat/merchantCooperation/checkCaptchaCode', { captchaId: wrongId, answer: 'zzzzz' })).code).toBe('CAP10002');
    expect((await call('wechat/merchantCooperation/checkCaptchaCode', { captchaId: wrongId, answer: 'zzzzz' })).code).toBe('CAP10002');

    const id = await solve();
    const answer = (await server.app.inject({ method: 'GET', url: `/dev/captcha/${id}` })).json().answer as string;
    const token = (await call('wechat/merchantCooperation/checkCaptchaCode', { captchaId: id, answer: answer.toUpperCase() })).bizContent.captchaToken;
    expect((await call('oauth/passwordLogin', { login: '923000001', password: 'Kwanza2026', captchaToken: token })).code).toBe('S0001');
    expect((await call('oauth/passwordLogin', { login: '923000001', password: 'Kwanza2026', captchaToken: token })).code).toBe('CAP10001');
  });
});

describe.each(engines)('account types of a login on %s', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine);
  });
  afterAll(() => server.close());
  const call = async (login: string) =>
    (await server.app.inject({ method: 'POST', url: '/gatewayinner/api', payload: envelope('wechat/login/getMemberTypeAndOperators', { login }) })).json();

  it('lists the login own account with a masked name, and nothing for an unknown one', async () => {
    expect((await call('923 000 001')).bizContent).toEqual({ accounts: [{ memberType: 'individual', operatorId: null, maskedName: 'A*** D***' }] });
    expect((await call('LOJA@demo.ao')).bizContent.accounts[0]).toMatchObject({ memberType: 'enterprise', maskedName: 'L*** D*** L***' });
    expect((await call('913999999')).bizContent).toEqual({ accounts: [] });
  });
});
