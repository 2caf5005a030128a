/**
 * Merchants for the screens' tests (jsdom) against the real gateway: the merchant screens' own, and
 * the member screens that pay one. The support helpers verify an enterprise through real uploads,
 * which build multipart bodies with the platform's FormData: under jsdom that is jsdom's, which
 * Node's Response cannot read. Here the enterprise and its
 * approved verification are written as the operator's approval writes them (the form's company and
 * place are what opening reads), its card bound as `bindCardDirect` does; everything after that goes
 * through the API, as the screens' charts do.
 */
import crypto from 'node:crypto';
import axios from 'axios';
import { bindCardDirect } from '../../server/domains/bindCard/handlers.ts';
import { hashPassword } from '../../server/entities/memberAccounts.ts';
import { openMemberSession } from '../../server/auth/sessions.ts';
import { openOperatorSession } from '../../server/domains/platform/sso.ts';
import { http } from '../../services/http.ts';
import { storage } from '../../src/lib/storage.ts';
import { MERCHANT_PAY_PASSWORD, createCompanyCard, createStore, newCompany, ok, type Company, type MerchantSetup } from '../support/merchant.ts';
import { fund, verifyMember } from '../support/money.ts';
import { startTestServer, type TestServer } from '../support/server.ts';

export interface VerifiedEnterprise { login: string; memberId: string; token: string; company: Company; cardId: string }

/** A verified enterprise with a bound business debit card, not a merchant yet. */
export async function verifiedEnterprise(server: TestServer): Promise<VerifiedEnterprise> {
  const company = newCompany();
  const login = `c1${crypto.randomBytes(6).toString('hex')}@comercio.ao`;
  const { rows } = await server.db.query<{ id: string }>(
    `INSERT INTO members (member_type, email, display_name, verification_status, account_level, real_name, nif, verified_at, pay_password_hash)
     VALUES ('enterprise', $1, $2, 'verified', 'commercial', $2, $3, now(), $4) RETURNING id::text`,
    [login, company.name, company.nif, await hashPassword(MERCHANT_PAY_PASSWORD)],
  );
  const memberId = rows[0]!.id;
  const form = {
    company: { name: company.name, shortName: company.shortName, nif: company.nif, licenceNumber: 'AL-2026-0001', validity: { kind: 'longTerm' }, registrationNumber: 'CRC-2026-0001' },
    basicInfo: { province: company.province, city: company.city },
  };
  await server.db.query(
    `INSERT INTO enterprise_verifications (id, member_id, form, company_nif, status, decided_at, decided_by) VALUES ($1, $2, $3, $4, 'approved', now(), 'op-demo')`,
    [crypto.randomUUID(), memberId, JSON.stringify(form), company.nif],
  );
  const card = await createCompanyCard(server, company.name);
  const bound = await bindCardDirect(server.db, server.adapters.bank, memberId, { cardNo: card.cardNo, mobile: `+244${card.mobile}` });
  const token = await openMemberSession(server.db, memberId, { idleMs: 86_400_000, lifetimeMs: 86_400_000 });
  return { login, memberId, token, company, cardId: bound.cardId };
}

export interface OpenMerchant extends VerifiedEnterprise, MerchantSetup { storeName: string }

/** A merchant (grocery, 5411) with one open store, opened through the API; the owner's pay password is MERCHANT_PAY_PASSWORD. */
export async function merchantWithStore(server: TestServer, storeName = 'Loja Central'): Promise<OpenMerchant> {
  const enterprise = await verifiedEnterprise(server);
  const { merchant } = await ok(server, 'merchant/open/apply', { mcc: '5411', settlementCardId: enterprise.cardId, agreed: true }, enterprise.token);
  const { store, serial, payload } = await createStore(server, enterprise.token, merchant.merchantId, { name: storeName });
  return { ...enterprise, merchantId: merchant.merchantId, merchant, storeId: store.storeId, store, storeName, storeSerial: serial, storePayload: payload };
}

/**
 * The demo operator's token, its session opened as the sign-on's hand-off opens it (the sign-on's
 * own round trip, tested in tests/server, needs Node's web globals that jsdom replaces).
 */
export async function operatorSession(server: TestServer): Promise<string> {
  const { rows } = await server.db.query<{ id: string }>('SELECT id FROM operators WHERE active ORDER BY id LIMIT 1');
  return (await openOperatorSession(server.db, rows[0]!.id, { lifetimeMs: 3_600_000 })).token;
}

/** An operator issues `count` stickers; their serials as printed (ascending). */
export async function issueStickers(server: TestServer, count: number): Promise<{ batchId: string; serials: string[] }> {
  const { batch } = await ok(server, 'platform/stickers/issue', { count }, await operatorSession(server), { type: 'SSO-AUTH' });
  const { rows } = await server.db.query<{ serial: string }>("SELECT serial FROM collection_codes WHERE batch_id = $1 AND kind = 'sticker' ORDER BY serial", [batch.batchId]);
  return { batchId: batch.batchId, serials: rows.map((r) => r.serial) };
}

/** Ana, a verified member with 50 000 Kz and a session: the customer who pays a till in the screens' tests. */
export async function payingMember(server: TestServer): Promise<{ id: string; token: string }> {
  const id = await verifyMember(server.db, '+244923000001', 'Ana Maria Demo');
  const token = await server.memberToken('+244923000001');
  await fund(server.db, id, 50_000n * 100n);
  return { id, token };
}

/** A real gateway for a describe block: the app's HTTP client pointed at it, a page under /app/ signed in as `token`. */
export function realGateway() {
  const baseURL = http.defaults.baseURL;
  const adapter = http.defaults.adapter;
  const gateway = {
    server: null as unknown as TestServer,
    async start() {
      gateway.server = await startTestServer('pglite');
      // jsdom's XMLHttpRequest would hold a cross-origin call to the test port; fetch is what phones use too
      http.defaults.adapter = axios.getAdapter('fetch');
      http.defaults.baseURL = await gateway.server.app.listen({ port: 0, host: '127.0.0.1' });
    },
    async stop() {
      http.defaults.baseURL = baseURL;
      http.defaults.adapter = adapter;
      storage.clearUserItems();
      await gateway.server.close();
    },
    signIn(token: string, path = '/app/') {
      window.history.replaceState({}, '', path);
      storage.setUserInfo({ h5Token: token });
    },
  };
  return gateway;
}
