import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, envelope, startTestServer, type TestServer } from '../support/server.ts';

describe.each(engines)('gateway envelope transport on %s', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine);
  });
  afterAll(() => server.close());

  const call = (body: unknown, headers: Record<string, string> = {}) =>
    server.app.inject({ method: 'POST', url: '/gatewayinner/api', payload: body as object, headers });

  it('serves a public service with S0001 and the localised message', async () => {
    const res = await call(envelope('common/content/getDocument', { slug: 'registrationAgreement' }, {}, 'en'));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.code).toBe('S0001');
    expect(body.msg).toBe('Successful operation');
    expect(body.bizContent.language).toBe('en');
    expect(body.bizContent.sections.length).toBeGreaterThan(3);
  });

  it('falls back to pt for fr content, and unknown languages answer in pt', async () => {
    const fr = (await call(envelope('common/content/getDocument', { slug: 'helpdoc' }, {}, 'fr'))).json();
    expect(fr.bizContent.language).toBe('pt');
    const xx = (await call(envelope('wallet/notice/getNoticeDetail', { id: '999999' }, {}, 'xx-YY'))).json();
    expect(xx).toMatchObject({ code: 'CNT40401', msg: 'Conteúdo não encontrado.', bizContent: null });
  });

  it('answers a notice in the asked language', async () => {
    const body = (await call(envelope('wallet/notice/getNoticeDetail', { id: '1' }, {}, 'zh'))).json();
    expect(body.code).toBe('S0001');
    expect(body.bizContent.title).toBe('欢迎使用 Kwanza Wallet');
  });

  it('answers AGW20001 to a bogus token on every member service', async () => {
    for (const service of ['common/authLogin/checkAuthToken', 'common/logout']) {
      const body = (await call(envelope(service, {}, { token: 'bogus-token-0123456789' }))).json();
      expect(body).toMatchObject({ code: 'AGW20001', bizContent: null });
      expect(body.msg).toMatch(/sessão terminou/);
    }
  });

  it('accepts a real session, then refuses it after logout', async () => {
    const token = await server.memberToken('+244923000001');
    const profile = (await call(envelope('common/authLogin/checkAuthToken', {}, { token, type: 'LOGIN-TOKEN' }))).json();
    expect(profile.code).toBe('S0001');
    expect(profile.bizContent).toMatchObject({ memberType: 'individual', displayName: 'Ana Demo', mobile: '+244923000001' });
    expect(JSON.stringify(profile)).not.toMatch(/password|hash/i);
    expect((await call(envelope('common/logout', {}, { token }))).json().code).toBe('S0001');
    expect((await call(envelope('common/authLogin/checkAuthToken', {}, { token }))).json().code).toBe('AGW20001');
  });

  it('refuses a member token presented as an operator token', async () => {
    const token = await server.memberToken('+244943000002');
    const body = (await call(envelope('common/authLogin/checkAuthToken', {}, { token, type: 'SSO-AUTH' }))).json();
    expect(body.code).toBe('AGW10005');
  });

  it('refuses an expired session (idle time past)', async () => {
    const token = await server.memberToken('+244943000002');
    await server.db.query("UPDATE sessions SET last_seen_at = now() - interval '2 hours'");
    expect((await call(envelope('common/authLogin/checkAuthToken', {}, { token }))).json().code).toBe('AGW20001');
  });

  it('refuses an unknown service with AGW10002', async () => {
    const res = await call(envelope('wallet/nothing/here'));
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'AGW10002', msg: 'Serviço desconhecido.' });
  });

  it('refuses malformed envelopes with AGW10001, naming the field', async () => {
    const good = envelope('common/content/getDocument', { slug: 'helpdoc' });
    const cases: Array<[string, unknown]> = [
      ['missing service', { ...good, service: undefined }],
      ['extra key', { ...good, extra: 1 }],
      ['wrong signType', { ...good, signType: 'RSA' }],
      ['bizContent not an object', { ...good, bizContent: 'x' }],
      ['token type unknown', { ...good, loginAuthInfo: { ...good.loginAuthInfo, loginTokenType: 'ROOT' } }],
      ['10 000-char service', { ...good, service: 'a'.repeat(10_000) }],
      ['array body', [good]],
    ];
    for (const [name, body] of cases) {
      const res = await call(body);
      expect(res.statusCode, name).toBe(400);
      expect(res.json().code, name).toBe('AGW10001');
    }
    const poisoned = await server.app.inject({ method: 'POST', url: '/gatewayinner/api', payload: '{"__proto__":{"admin":true}}', headers: { 'content-type': 'application/json' } });
    expect(poisoned.json().code).toBe('AGW10001');
    const noJson = await server.app.inject({ method: 'POST', url: '/gatewayinner/api', payload: '{"broken', headers: { 'content-type': 'application/json' } });
    expect(noJson.statusCode).toBe(400);
    expect(noJson.json().code).toBe('AGW10001');
    expect(noJson.body).not.toMatch(/at .*\.ts|stack/i);
  });

  it('refuses wrong types in bizContent with AGW10003', async () => {
    for (const bizContent of [{ slug: 42 }, { slug: "x'; DROP TABLE members; --" }, { slug: '<script>alert(1)</script>' }]) {
      const body = (await call(envelope('common/content/getDocument', bizContent))).json();
      expect(body.code).toBe('AGW10003');
      expect(body.subMsg).toBe('slug');
    }
    const count = await server.db.query<{ n: string }>('SELECT count(*)::text AS n FROM members');
    expect(Number(count.rows[0]!.n)).toBe(3);
  });

  it('refuses an oversized body with AGW10004', async () => {
    const res = await call(envelope('common/content/getDocument', { slug: 'helpdoc', padding: 'x'.repeat(300_000) }));
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe('AGW10004');
  });
});

describe.each(engines)('legacy transport on %s', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine);
  });
  afterAll(() => server.close());

  it('serves the same registry with {status, message, body}', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/api/ccservice/common/content/getDocument?slug=payqrcode&language=en' });
    expect(res.json()).toMatchObject({ status: 0, message: '', body: { slug: 'payqrcode', language: 'en' } });
    const posted = await server.app.inject({ method: 'POST', url: '/api/ccservice/wallet/notice/getNoticeDetail?language=pt', payload: { id: '2' } });
    expect(posted.json().body.title).toBe('Manutenção programada');
  });

  it('answers 1004 when the session is gone, and our code otherwise', async () => {
    const lost = await server.app.inject({ method: 'POST', url: '/api/ccservice/common/logout', headers: { 'user-auth-token': 'nope-nope-nope', 'content-type': 'application/json' } });
    expect(lost.json()).toMatchObject({ status: 1004, body: null });
    const unknown = await server.app.inject({ method: 'GET', url: '/api/ccservice/no/such' });
    expect(unknown.json()).toMatchObject({ status: 'AGW10002' });
    const token = await server.memberToken('loja@demo.ao');
    const ok = await server.app.inject({ method: 'POST', url: '/api/ccservice/common/authLogin/checkAuthToken', headers: { 'user-auth-token': token } });
    expect(ok.json()).toMatchObject({ status: 0, body: { memberType: 'enterprise', email: 'loja@demo.ao' } });
  });
});

describe('development pages', () => {
  it('exist in development and are absent in production mode', async () => {
    const dev = await startTestServer('pglite');
    expect((await dev.app.inject({ method: 'GET', url: '/dev/outbox' })).statusCode).toBe(200);
    await dev.close();
    const prod = await startTestServer('pglite', { NODE_ENV: 'production' });
    expect((await prod.app.inject({ method: 'GET', url: '/dev/outbox' })).statusCode).toBe(404);
    expect((await prod.app.inject({ method: 'GET', url: '/dev/captcha/00000000-0000-0000-0000-000000000000' })).statusCode).toBe(404);
    await prod.close();
  });
});
