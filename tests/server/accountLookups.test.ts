/**
 * Account enumeration (issue 13): the calls that say whether a number has an account are counted
 * per address and per number. 150 distinct numbers from one address meet the captcha after the
 * free look-ups and the stop (ACC10002) after the most an hour allows, captcha or not.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, envelope, startTestServer, type TestServer } from '../support/server.ts';
import { LOOKUP_POLICY } from '../../server/auth/lookups.ts';
import { solveCaptcha as solveSharedCaptcha } from '../support/captcha.ts';

type Answer = { code: string; subMsg: string; bizContent: any }; // eslint-disable-line @typescript-eslint/no-explicit-any

describe.each(engines)('account look-up limits on %s', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine);
  });
  afterAll(() => server.close());
  const call = async (ip: string, service: string, bizContent: object): Promise<Answer> =>
    (await server.app.inject({ method: 'POST', url: '/gatewayinner/api', remoteAddress: ip, payload: envelope(service, bizContent, {}, 'en') })).json();
  /** What a person does on the captcha screen: the image for the scene, its answer, the token. */
  const solveCaptcha = async (ip: string) => {
    const pre = await call(ip, 'common/captcha/preCheckCaptchaCode', { scene: 'lookup' });
    expect(pre.bizContent.required).toBe(true);
    const answer = (await server.app.inject({ method: 'GET', url: `/dev/captcha/${pre.bizContent.captchaId}` })).json().answer as string;
    return (await call(ip, 'wechat/merchantCooperation/checkCaptchaCode', { captchaId: pre.bizContent.captchaId, answer })).bizContent.captchaToken as string;
  };
  const number = (i: number) => `9310${String(i).padStart(5, '0')}`;
  const solveCaptchaFor = (ip: string, scene: 'sendCode' | 'lookup', token?: string) => solveSharedCaptcha(server, ip, scene, token);

  it('answers the free look-ups, then asks a captcha for each, then stops: 150 distinct numbers from one address', async () => {
    const ip = '10.66.0.1';
    const codes: string[] = [];
    for (let i = 0; i < 150; i++) {
      let answer = await call(ip, 'fund/member/checkAccount4FindPassword', { mobile: number(i) });
      if (answer.code === 'CAP10001') {
        codes.push('captcha');
        answer = await call(ip, 'fund/member/checkAccount4FindPassword', { mobile: number(i), captchaToken: await solveCaptcha(ip) });
      }
      codes.push(answer.code);
      if (answer.code === 'ACC10002') expect(Number(answer.subMsg)).toBeGreaterThanOrEqual(59);
    }
    const { freePerAddress, maxPerAddress } = LOOKUP_POLICY;
    expect(codes.slice(0, freePerAddress)).toEqual(Array(freePerAddress).fill('ACC10001'));
    // past the free ones: each look-up needs its captcha, until the hour's most
    expect(codes.slice(freePerAddress, freePerAddress + 2 * (maxPerAddress - freePerAddress))).toEqual(Array(maxPerAddress - freePerAddress).fill(['captcha', 'ACC10001']).flat());
    const rest = codes.slice(freePerAddress + 2 * (maxPerAddress - freePerAddress));
    // the stop comes before any captcha: solving one more image would not help
    expect(rest).toEqual(Array(150 - maxPerAddress).fill('ACC10002'));
    // the log-in's own captcha rule does not count look-ups: this address still signs in without one
    expect((await call(ip, 'oauth/passwordLogin', { login: '923000001', password: 'Kwanza2026' })).code).toBe('S0001');
  }, 120_000);

  it('counts the log-in’s account question and the legacy transport alike, and a token is spent once', async () => {
    const ip = '10.66.0.2';
    for (let i = 0; i < LOOKUP_POLICY.freePerAddress / 2; i++) {
      expect((await call(ip, 'wechat/login/getMemberTypeAndOperators', { login: number(200 + i) })).bizContent).toEqual({ accounts: [] });
      const legacy = await server.app.inject({ method: 'GET', url: `/api/ccservice/fund/member/checkAccount4FindPassword?mobile=${number(300 + i)}`, remoteAddress: ip });
      expect(legacy.json().status).toBe('ACC10001');
    }
    expect((await call(ip, 'wechat/login/getMemberTypeAndOperators', { login: '923000001' })).code).toBe('CAP10001');
    const token = await solveCaptcha(ip);
    expect((await call(ip, 'wechat/login/getMemberTypeAndOperators', { login: '923000001', captchaToken: token })).bizContent.accounts).toEqual([
      { memberType: 'individual', operatorId: null, maskedName: 'A*** D***' },
    ]);
    // the token went with that call: the next number needs a new one
    expect((await call(ip, 'fund/member/checkAccount4FindPassword', { mobile: '943000002', captchaToken: token })).code).toBe('CAP10001');
    // the same number asked again from the same address tells nothing new: not counted, no captcha
    expect((await call(ip, 'fund/member/checkAccount4FindPassword', { mobile: '923000001' })).code).toBe('S0001');
  });

  it('stops one number looked up from many addresses, without a captcha way round', async () => {
    for (let i = 0; i < LOOKUP_POLICY.maxPerSubject; i++) {
      expect((await call(`10.77.0.${i + 1}`, 'fund/member/checkAccount4FindPassword', { mobile: '943000002' })).bizContent.maskedName).toBe('B*** D***');
    }
    const stopped = await call('10.77.1.1', 'fund/member/checkAccount4FindPassword', { mobile: '943000002' });
    expect(stopped).toMatchObject({ code: 'ACC10002', msg: expect.stringMatching(/Too many account look-ups/) });
    // the same number written as a login (with +244) is the same subject
    expect((await call('10.77.1.2', 'wechat/login/getMemberTypeAndOperators', { login: '+244 943000002' })).code).toBe('ACC10002');
    // another number from those addresses is still answered
    expect((await call('10.77.0.1', 'fund/member/checkAccount4FindPassword', { mobile: '923000001' })).code).toBe('S0001');
  });

  it('counts every answer that tells a registered account from a free one together: the sign-up code, the log-in code, a new number', async () => {
    const ip = '10.66.0.3';
    const answers: string[] = [];
    const member = await server.memberToken('+244923000001');
    // a registered number no other test looks up
    await server.db.query("INSERT INTO members (member_type, mobile, display_name, language, status) VALUES ('individual', '+244912345670', 'Carla Teste', 'pt', 'active')");
    const { ticket } = (await server.app.inject({ method: 'POST', url: '/gatewayinner/api', remoteAddress: ip, payload: envelope('selfservice/changemobile/identityCheck', { password: 'Kwanza2026' }, { token: member }) })).json().bizContent;
    for (let i = 0; i < 4; i++) {
      // REG10001 for a registered number, ACC10001 for a free one: both would tell
      answers.push((await call(ip, 'register/sendAuthCode', { memberType: 'individual', mobile: i === 0 ? '923000001' : number(400 + i), captchaToken: await solveCaptchaFor(ip, 'sendCode') })).code);
      answers.push((await call(ip, 'fund/sms/sendSMS', { mobile: number(500 + i), purpose: 'login', captchaToken: await solveCaptchaFor(ip, 'sendCode') })).code);
    }
    // a new number's MOB10001 (its captcha is always needed, and the same token serves the count)
    const taken = await server.app.inject({ method: 'POST', url: '/gatewayinner/api', remoteAddress: ip, payload: envelope('common/setting/getVerifyCode', { ticket, newMobile: '912345670', oldNumberAvailable: false, captchaToken: await solveCaptchaFor(ip, 'sendCode', member) }, { token: member }) });
    answers.push(taken.json().code);
    expect(answers[0]).toBe('REG10001');
    expect(answers.filter((code) => code === 'ACC10001')).toHaveLength(4);
    expect(answers.at(-1)).toBe('MOB10001');
    // nine counted look-ups of three kinds: the tenth is the last free one, the eleventh meets the captcha
    expect((await call(ip, 'fund/member/checkAccount4FindPassword', { mobile: number(600) })).code).toBe('ACC10001');
    expect((await call(ip, 'fund/member/checkAccount4FindPassword', { mobile: number(601) })).code).toBe('CAP10001');
    expect((await call(ip, 'register/sendAuthCode', { memberType: 'individual', mobile: number(603) })).code).toBe('CAP10001');
    expect((await call(ip, 'fund/sms/sendSMS', { mobile: number(602), purpose: 'login' })).code).toBe('CAP10001');
  });
});

describe('behind a proxy (TRUST_PROXY)', () => {
  it('reads the client as the address the trusted proxy appended, never what the client wrote to its left', async () => {
    const { parseTrustProxy } = await import('../../server/config.ts');
    expect([parseTrustProxy(undefined), parseTrustProxy('false'), parseTrustProxy('true'), parseTrustProxy('2'), parseTrustProxy('10.0.0.1, 10.1.0.0/16')]).toEqual([false, false, 1, 2, ['10.0.0.1', '10.1.0.0/16']]);
    const server = await startTestServer('pglite', { TRUST_PROXY: 'true' });
    try {
      const codes: string[] = [];
      for (let i = 0; i < 15; i++) {
        // the client writes a new address each time; the proxy (the peer) appends the one it saw
        const res = await server.app.inject({
          method: 'POST', url: '/gatewayinner/api', remoteAddress: '127.0.0.1',
          headers: { 'x-forwarded-for': `203.0.113.${i + 1}, 127.0.0.40` },
          payload: envelope('fund/member/checkAccount4FindPassword', { mobile: `9311${String(i).padStart(5, '0')}` }),
        });
        codes.push(res.json().code);
      }
      expect(codes.slice(0, LOOKUP_POLICY.freePerAddress)).toEqual(Array(LOOKUP_POLICY.freePerAddress).fill('ACC10001'));
      expect(codes.slice(LOOKUP_POLICY.freePerAddress)).toEqual(Array(15 - LOOKUP_POLICY.freePerAddress).fill('CAP10001'));
    } finally {
      await server.close();
    }
  });
});
