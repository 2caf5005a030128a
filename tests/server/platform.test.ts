import crypto from 'node:crypto';
import { hash } from '@node-rs/argon2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, envelope, startTestServer, type TestServer } from '../support/server.ts';
import { enterpriseForm, png, uploadAs } from '../support/enterprise.ts';
import { operatorToken, runSingleSignOn } from '../support/operator.ts';

const CLIENT_SECRET = 'test-client-secret-0123456789';
type Answer = { code: string; msg: string; subMsg: string; bizContent: any }; // eslint-disable-line @typescript-eslint/no-explicit-any

describe.each(engines)('platform area on %s', (engine) => {
  let server: TestServer;
  let operator: string;
  let enterprise: string;
  beforeAll(async () => {
    server = await startTestServer(engine, { OIDC_CLIENT_SECRET: CLIENT_SECRET });
    operator = await operatorToken(server);
    enterprise = await server.memberToken('loja@demo.ao');
  });
  afterAll(() => server.close());

  const call = async (service: string, bizContent: object, token: string, type = 'SSO-AUTH'): Promise<Answer> =>
    (await server.app.inject({ method: 'POST', url: '/gatewayinner/api', payload: envelope(service, bizContent, { token, type }, 'en') })).json();
  const asOperator = (service: string, bizContent: object = {}) => call(service, bizContent, operator);
  const asMember = (service: string, bizContent: object, token = enterprise) => call(service, bizContent, token, 'LOGIN-TOKEN');
  const outboxTo = async (destination: string) =>
    (await server.db.query<{ body: string }>('SELECT body FROM outbox_messages WHERE destination = $1 ORDER BY id DESC LIMIT 1', [destination])).rows[0]?.body;

  describe('single sign-on (OpenID Connect, built-in provider)', () => {
    it('publishes discovery metadata and keys', async () => {
      const meta = (await server.app.inject({ method: 'GET', url: '/oidc/.well-known/openid-configuration' })).json();
      expect(meta).toMatchObject({ issuer: 'http://localhost:8080/oidc', code_challenge_methods_supported: ['S256'], id_token_signing_alg_values_supported: ['RS256'] });
      const { keys } = (await server.app.inject({ method: 'GET', url: '/oidc/jwks' })).json();
      expect(keys).toHaveLength(1);
      expect(keys[0]).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig' });
      expect(keys[0].d).toBeUndefined(); // never the private part
    });

    it('signs an operator in with state, nonce and PKCE, and hands off a one-time code', async () => {
      const run = await runSingleSignOn(server, undefined, '/plateform/rebinding');
      expect(run.signInPage).toContain('Operator sign-in');
      const authorizeUrl = new URL(run.callback, 'http://localhost:8080');
      expect(authorizeUrl.pathname).toBe('/sso/callback');
      const landing = new URLSearchParams(run.landing.split('?')[1]);
      expect(landing.get('returnTo')).toBe('/plateform/rebinding');
      const handoff = landing.get('handoff')!;
      const first = await call('platform/sso/redeem', { handoff }, '', 'LOGIN_TOKEN');
      expect(first.code).toBe('S0001');
      expect(first.bizContent.operator).toMatchObject({ id: 'op-demo', name: 'Operadora Demo' });
      expect((await call('platform/sso/redeem', { handoff }, '', 'LOGIN_TOKEN')).code).toBe('PLT10005');
      expect((await call('platform/session/whoami', {}, first.bizContent.token)).bizContent.operator.id).toBe('op-demo');
      // the callback is good once: replaying it does not sign in again
      const replay = await server.app.inject({ method: 'GET', url: run.callback });
      expect(replay.headers.location).toContain('ssoError=PLT10006');
    });

    it('comes back to the page the sign-in started from, query included, and never elsewhere', async () => {
      const returnTo = async (from: string) => new URLSearchParams((await runSingleSignOn(server, undefined, from)).landing.split('?')[1]).get('returnTo');
      expect(await returnTo('/plateform/verifications?status=pending&page=2')).toBe('/plateform/verifications?status=pending&page=2');
      expect(await returnTo('/plateform/%2e%2e/app/wallet')).toBe('/plateform/verifications');
      expect(await returnTo('//evil.example/plateform/x')).toBe('/plateform/verifications');
    });

    it('refuses a wrong password on the provider page and locks after five', async () => {
      await server.db.query(
        "INSERT INTO operator_directory (subject, username, password_hash, name, email) VALUES ($1, 'lockme', $2, 'Lock Me', 'lockme@kwanza.ao')",
        [crypto.randomUUID(), await hash('Certa2026x', { algorithm: 2 })],
      );
      for (let i = 0; i < 5; i++) {
        const run = await runSingleSignOn(server, { username: 'lockme', password: 'Errada2026' });
        expect(run.signInPage).toContain('Wrong username or password');
      }
      const locked = await runSingleSignOn(server, { username: 'lockme', password: 'Certa2026x' });
      expect(locked.signInPage).toContain('Too many attempts');
    });

    it('turns away a person the directory knows but who is not an operator', async () => {
      await server.db.query(
        "INSERT INTO operator_directory (subject, username, password_hash, name, email) VALUES ($1, 'visitante', $2, 'Visitante', 'visitante@kwanza.ao')",
        [crypto.randomUUID(), await hash('Visita2026', { algorithm: 2 })],
      );
      const run = await runSingleSignOn(server, { username: 'visitante', password: 'Visita2026' });
      expect(run.landing).toBe('/plateform/?ssoError=PLT10001');
    });

    it('refuses a foreign redirect address, a wrong client secret, a wrong PKCE verifier and a code used twice', async () => {
      const login = await server.app.inject({ method: 'GET', url: '/sso/login' });
      const authorize = new URL(login.headers.location as string);
      const evil = new URLSearchParams(authorize.search);
      evil.set('redirect_uri', 'https://evil.example/cb');
      expect((await server.app.inject({ method: 'GET', url: `/oidc/authorize?${evil}` })).statusCode).toBe(400);
      const params = new URLSearchParams(authorize.search);
      params.set('username', 'operador'); params.set('password', 'Operador2026');
      const newCode = async () => {
        const posted = await server.app.inject({ method: 'POST', url: '/oidc/authorize', payload: params.toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } });
        return new URL(posted.headers.location as string).searchParams.get('code')!;
      };
      const exchange = (code: string, verifier: string, secret = CLIENT_SECRET) => server.app.inject({
        method: 'POST', url: '/oidc/token', headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: params.get('redirect_uri')!, code_verifier: verifier, client_id: 'kwanza-platform', client_secret: secret }).toString(),
      });
      const { rows } = await server.db.query<{ code_verifier: string }>('SELECT code_verifier FROM sso_logins WHERE state = $1', [params.get('state')]);
      const verifier = rows[0]!.code_verifier;
      const first = await newCode();
      expect((await exchange(first, verifier, 'guess')).json()).toEqual({ error: 'invalid_client' });
      expect((await exchange(first, 'x'.repeat(43))).json()).toEqual({ error: 'invalid_grant' });
      const second = await newCode();
      const granted = await exchange(second, verifier);
      expect(granted.statusCode).toBe(200);
      expect(granted.json().id_token.split('.')).toHaveLength(3);
      expect((await exchange(second, verifier)).json()).toEqual({ error: 'invalid_grant' }); // a code is good once
    });
  });

  describe('audiences', () => {
    it('an operator token reaches no member service, and a member token no operator service', async () => {
      expect((await call('common/setting/main', {}, operator)).code).toBe('AGW10005');
      expect((await call('common/setting/main', {}, operator, 'LOGIN-TOKEN')).code).toBe('AGW10005');
      expect((await asMember('platform/verification/queue', {})).code).toBe('AGW10005');
      expect((await call('platform/verification/queue', {}, enterprise, 'SSO-AUTH')).code).toBe('AGW10005');
      expect((await call('platform/verification/queue', {}, '', 'SSO-AUTH')).code).toBe('AGW20001');
    });

    it('documents are served to operators only', async () => {
      const fileId = await uploadAs(server, enterprise, png(), 'x.png', 'image/png');
      const asMemberRes = await server.app.inject({ method: 'GET', url: `/platform/files/${fileId}`, headers: { 'sso-auth-token': enterprise } });
      expect(asMemberRes.statusCode).toBe(403);
      expect((await server.app.inject({ method: 'GET', url: `/platform/files/${fileId}` })).statusCode).toBe(401);
      // not attached to any request under review: operators do not browse uploads at large
      expect((await server.app.inject({ method: 'GET', url: `/platform/files/${fileId}`, headers: { 'sso-auth-token': operator } })).statusCode).toBe(404);
    });
  });

  describe('enterprise verification review', () => {
    let requestId: string;

    it('queues a submitted request with its documents', async () => {
      const form = await enterpriseForm(server, enterprise);
      requestId = (await asMember('appRegisterAction/apply', form)).bizContent.requestId;
      const queue = (await asOperator('platform/verification/queue', {})).bizContent;
      expect(queue.items.map((i: { id: string }) => i.id)).toContain(requestId);
      const detail = (await asOperator('platform/verification/detail', { id: requestId })).bizContent;
      expect(detail).toMatchObject({ status: 'pending', companyName: 'Loja Demo, Lda', provinceName: 'Luanda', member: { email: 'loja@demo.ao', verificationStatus: 'pending' } });
      expect(detail.documents).toHaveLength(7);
      const pdf = detail.documents.find((d: { slot: string }) => d.slot === 'registrationCertificate');
      const file = await server.app.inject({ method: 'GET', url: `/platform/files/${pdf.fileId}`, headers: { 'sso-auth-token': operator } });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('application/pdf');
      expect(file.headers['content-security-policy']).toContain('sandbox');
      expect(file.body.startsWith('%PDF')).toBe(true);
    });

    it('rejects only with a reason, and the enterprise sees why', async () => {
      expect((await asOperator('platform/verification/decide', { id: requestId, decision: 'reject', reason: 'no' })).code).toBe('PLT10003');
      const reason = 'A certidão de registo está ilegível.';
      expect((await asOperator('platform/verification/decide', { id: requestId, decision: 'reject', reason })).bizContent).toEqual({ id: requestId, status: 'rejected' });
      expect((await asOperator('platform/verification/decide', { id: requestId, decision: 'approve' })).code).toBe('PLT10002');
      expect((await asMember('appRegisterAction/advance', {})).bizContent).toMatchObject({ status: 'failed', reason });
      expect(await outboxTo('loja@demo.ao')).toContain(reason);
    });

    it('approves a second submission: the enterprise is verified at the commercial level', async () => {
      const form = await enterpriseForm(server, enterprise);
      const second = (await asMember('appRegisterAction/apply', form)).bizContent.requestId;
      const detail = (await asOperator('platform/verification/detail', { id: second })).bizContent;
      expect(detail.history).toEqual([expect.objectContaining({ id: requestId, status: 'rejected', decidedBy: 'Operadora Demo' })]);
      expect((await asOperator('platform/verification/decide', { id: second, decision: 'approve' })).bizContent.status).toBe('approved');
      expect((await asMember('appRegisterAction/advance', {})).bizContent.status).toBe('verified');
      expect((await asMember('common/setting/main', {})).bizContent).toMatchObject({ verificationStatus: 'verified', accountLevel: 'commercial' });
      expect((await asOperator('platform/verification/queue', { status: 'approved' })).bizContent.items[0]).toMatchObject({ id: second, decidedBy: 'Operadora Demo' });
    });

    it('writes every decision to an append-only audit log with before and after', async () => {
      const { items } = (await asOperator('platform/audit/query', { subjectId: requestId })).bizContent;
      expect(items).toEqual([expect.objectContaining({
        operatorId: 'op-demo',
        action: 'verification.reject',
        before: expect.objectContaining({ status: 'pending', verificationStatus: 'pending' }),
        after: expect.objectContaining({ status: 'rejected', verificationStatus: 'failed', reason: 'A certidão de registo está ilegível.' }),
      })]);
      const all = (await asOperator('platform/audit/query', {})).bizContent.items.map((i: { action: string }) => i.action);
      expect(all).toEqual(expect.arrayContaining(['operator.signIn', 'document.view', 'verification.reject', 'verification.approve']));
      await expect(server.db.query('DELETE FROM operator_audit')).rejects.toThrow(/append-only/);
      await expect(server.db.query("UPDATE operator_audit SET action = 'x'")).rejects.toThrow(/append-only/);
    });
  });

  describe('mobile rebinding review', () => {
    const submitRebinding = async (memberLogin: string, newMobile: string) => {
      const token = await server.memberToken(memberLogin);
      const fileId = await uploadAs(server, token, png(), 'bi-frente.png', 'image/png');
      const id = crypto.randomUUID();
      await server.db.query(
        `INSERT INTO mobile_change_requests (id, member_id, old_mobile, new_mobile, route, status, file_ids, submitted_at)
         SELECT $1, id, mobile, $2, 'review', 'pending_review', ARRAY[$3]::uuid[], now() FROM members WHERE mobile = $4`,
        [id, newMobile, fileId, memberLogin],
      );
      return id;
    };

    it('approves: the member has the new number; a rejection keeps the old one', async () => {
      const id = await submitRebinding('+244923000001', '+244923999001');
      const queue = (await asOperator('platform/mobileChange/queue', {})).bizContent.items;
      expect(queue).toEqual([expect.objectContaining({ id, oldMobile: '+244923000001', newMobile: '+244923999001', status: 'pending' })]);
      const detail = (await asOperator('platform/mobileChange/detail', { id })).bizContent;
      expect(detail.documents).toHaveLength(1);
      expect((await server.app.inject({ method: 'GET', url: `/platform/files/${detail.documents[0].fileId}`, headers: { 'sso-auth-token': operator } })).headers['content-type']).toBe('image/png');
      expect((await asOperator('platform/mobileChange/decide', { id, decision: 'approve' })).bizContent.status).toBe('approved');
      expect((await server.db.query('SELECT 1 FROM members WHERE mobile = $1', ['+244923999001'])).rows).toHaveLength(1);
      expect(await outboxTo('+244923999001')).toContain('alterado'); // in the member's language (pt)

      const other = await submitRebinding('+244943000002', '+244943999002');
      expect((await asOperator('platform/mobileChange/decide', { id: other, decision: 'reject', reason: 'A fotografia não mostra o rosto.' })).bizContent.status).toBe('rejected');
      expect((await server.db.query('SELECT 1 FROM members WHERE mobile = $1', ['+244943000002'])).rows).toHaveLength(1);
    });

    it('refuses to approve a number someone else took meanwhile', async () => {
      const id = await submitRebinding('+244943000002', '+244923999001');
      expect((await asOperator('platform/mobileChange/decide', { id, decision: 'approve' })).code).toBe('MOB10001');
      expect((await asOperator('platform/mobileChange/detail', { id })).bizContent.status).toBe('pending');
    });
  });

  describe('member lookup', () => {
    it('finds by mobile, e-mail, name and number, and records the look', async () => {
      expect((await asOperator('platform/member/lookup', { query: '943 000 002' })).bizContent.members.map((m: { displayName: string }) => m.displayName)).toEqual(['Bruno Demo']);
      expect((await asOperator('platform/member/lookup', { query: 'loja@' })).bizContent.members[0]).toMatchObject({ memberType: 'enterprise', accountLevel: 'commercial' });
      const byName = (await asOperator('platform/member/lookup', { query: 'bruno' })).bizContent.members;
      expect(byName).toHaveLength(1);
      expect((await asOperator('platform/member/lookup', { query: byName[0].id.padStart(3, '0') })).bizContent.members[0]?.id).toBe(byName[0].id);
      expect((await asOperator('platform/member/lookup', { query: '%%%' })).bizContent.members).toEqual([]);
      const { items } = (await asOperator('platform/audit/query', { subjectId: 'bruno' })).bizContent;
      expect(items[0]).toMatchObject({ action: 'member.lookup', after: { shown: [byName[0].id] } });
    });
  });

  describe('switching an operator off', () => {
    it('ends their sessions at once, documents included, and stops new sign-ins', async () => {
      const token = await operatorToken(server);
      const run = await runSingleSignOn(server);
      const handoff = new URLSearchParams(run.landing.split('?')[1]).get('handoff');
      await server.db.query("UPDATE operators SET active = false WHERE id = 'op-demo'");
      try {
        expect((await call('platform/session/whoami', {}, token)).code).toBe('AGW20001');
        expect((await call('platform/sso/redeem', { handoff }, '', 'LOGIN_TOKEN')).code).toBe('PLT10005');
        expect((await runSingleSignOn(server)).landing).toBe('/plateform/?ssoError=PLT10001');
      } finally {
        await server.db.query("UPDATE operators SET active = true WHERE id = 'op-demo'");
      }
      expect((await call('platform/session/whoami', {}, operator)).code).toBe('S0001');
    });
  });

  describe('signing out', () => {
    it('ends the operator session', async () => {
      const token = await operatorToken(server);
      expect((await call('platform/session/logout', {}, token)).code).toBe('S0001');
      expect((await call('platform/session/whoami', {}, token)).code).toBe('AGW20001');
    });
  });
});

describe.runIf(engines.includes('postgres'))('platform decisions under concurrency on postgres', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('postgres');
  });
  afterAll(() => server.close());

  it('two operators deciding the same request at once: one decision wins, one audit entry', async () => {
    const [first, second] = [await operatorToken(server), await operatorToken(server)];
    const enterprise = await server.memberToken('loja@demo.ao');
    const form = await enterpriseForm(server, enterprise);
    const apply = await server.app.inject({ method: 'POST', url: '/gatewayinner/api', payload: envelope('appRegisterAction/apply', form, { token: enterprise }) });
    const id = apply.json().bizContent.requestId;
    const decide = (token: string, decision: string) =>
      server.app.inject({ method: 'POST', url: '/gatewayinner/api', payload: envelope('platform/verification/decide', { id, decision, reason: 'Documentos ilegíveis.' }, { token, type: 'SSO-AUTH' }) }).then((r) => r.json().code);
    const codes = await Promise.all([decide(first, 'approve'), decide(second, 'reject'), decide(first, 'reject'), decide(second, 'approve')]);
    expect(codes.filter((c) => c === 'S0001')).toHaveLength(1);
    expect(codes.filter((c) => c === 'PLT10002')).toHaveLength(3);
    const audit = await server.db.query("SELECT 1 FROM operator_audit WHERE subject_id = $1 AND action LIKE 'verification.%'", [id]);
    expect(audit.rows).toHaveLength(1);
  });
});
