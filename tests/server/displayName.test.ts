import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, startTestServer, type TestServer } from '../support/server.ts';
import { call, newCompany, ok, openMerchantWithStore, signUpEnterprise } from '../support/merchant.ts';
import { enterpriseForm } from '../support/enterprise.ts';
import { openMemberSession } from '../../server/auth/sessions.ts';

/**
 * Issue 21 item 11: the profile's name is the one the member gave — a person's verified name, a
 * company's trade name (its merchant's, else the short name of its enterprise verification) —
 * never what sign-up wrote for want of one (the mobile, the e-mail's first part).
 */
describe.each(engines)('the name a member gave, on %s', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine);
  });
  afterAll(() => server.close());

  /** The name in each answer that carries the profile: settings, the token check, a log-in. */
  const namesOf = async (token: string, login: string) => {
    const settings = await ok(server, 'common/setting/main', {}, token);
    const me = await ok(server, 'common/authLogin/checkAuthToken', {}, token);
    const signedIn = await ok(server, 'oauth/passwordLogin', { login, password: 'Kwanza2026' }, '', { address: `10.77.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` });
    return [settings.profile.displayName, me.displayName, signedIn.profile.displayName];
  };

  it('a person: none before the verification (the mobile is not a name), the verified name after', async () => {
    const { rows } = await server.db.query<{ id: string }>(
      `INSERT INTO members (member_type, mobile, display_name, login_password_hash)
       SELECT 'individual', '+244923111222', '923 111 222', login_password_hash FROM members WHERE mobile = '+244923000001' RETURNING id::text`,
    );
    const token = await openMemberSession(server.db, rows[0]!.id, { idleMs: 600_000, lifetimeMs: 600_000 });
    expect(await namesOf(token, '923111222')).toEqual([null, null, null]);
    const settings = await ok(server, 'common/setting/main', {}, token);
    expect(settings.profile.mobile).toBe('+244923111222');
    await server.db.query("UPDATE members SET verification_status = 'verified', real_name = 'Joana Baptista Neto', display_name = 'Joana Baptista Neto' WHERE id = $1", [rows[0]!.id]);
    expect(await namesOf(token, '923111222')).toEqual(['Joana Baptista Neto', 'Joana Baptista Neto', 'Joana Baptista Neto']);
  });

  it('a company: none after sign-up (not "geral" from geral@…), its short name once it asks to be verified, its trade name once a merchant', async () => {
    const { token, login } = await signUpEnterprise(server, 'geral@kianda-comercio.ao');
    expect(await namesOf(token, login)).toEqual([null, null, null]);
    const company = newCompany();
    const form = await enterpriseForm(server, token);
    await ok(server, 'appRegisterAction/apply', { ...form, company: { ...form.company, name: company.name, shortName: company.shortName, nif: company.nif } }, token);
    expect(await namesOf(token, login)).toEqual([company.shortName, company.shortName, company.shortName]);
  });

  it('a merchant goes by its trade name', async () => {
    const company = { ...newCompany(), shortName: 'Kianda Mercado' };
    const merchant = await openMerchantWithStore(server, { company });
    expect(merchant.merchant.name).toBe('Kianda Mercado');
    expect(await namesOf(merchant.token, merchant.login)).toEqual(['Kianda Mercado', 'Kianda Mercado', 'Kianda Mercado']);
    // the name the seed gave the demo accounts stays theirs
    expect((await call(server, 'common/setting/main', {}, await server.memberToken('loja@demo.ao'))).bizContent.profile.displayName).toBe('Loja Demo, Lda');
    expect((await call(server, 'common/setting/main', {}, await server.memberToken('+244923000001'))).bizContent.profile.displayName).toBe('Ana Demo');
  });
});
