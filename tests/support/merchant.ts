/**
 * Merchants for tests, through the real API: an enterprise signs up, is verified by an operator,
 * binds a business debit card, opens its collection account and creates a store with its own
 * static code; operators issue sticker batches. `createMerchantDirect` is the fast way in for load
 * tests and the benchmark (the member and its approval written as the review writes them, the
 * card bound as `bindCardDirect` does, then the same API calls).
 *
 *   const shop = await openMerchantWithStore(server);            // a fresh enterprise
 *   const demo = await openMerchantWithStore(server, { login: 'loja@demo.ao' });
 *   shop.storePayload  // EMVCo payload of the store's own code, for pay/merchant/resolveCode|pay
 *   const batch = await issueStickerBatch(server, 3);
 *   await bindSticker(server, shop, batch.payloads[0]!);       // or a typed serial
 */
import crypto from 'node:crypto';
import type { MerchantSummary, Store } from '../../services/contract/merchantShared.ts';
import { SIM_TEST_CARDS, createSimulatorCard, simulatorBin, simulatorCardNumber } from '../../server/adapters/bankSimulator.ts';
import { bindCardDirect } from '../../server/domains/bindCard/handlers.ts';
import { hashPassword } from '../../server/entities/memberAccounts.ts';
import { openMemberSession } from '../../server/auth/sessions.ts';
import { stickerPayload } from '../../server/entities/collectionCodes.ts';
import { openSettlementAccounts } from '../../server/ledger/settlement.ts';
import { enterpriseForm } from './enterprise.ts';
import { memberIdOf } from './money.ts';
import { operatorToken } from './operator.ts';
import { envelope, type TestServer } from './server.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Answer = { code: string; msg: string; subMsg: string; bizContent: any };

/** The pay password the helpers give merchants (as `verifyMember` does for members). */
export const MERCHANT_PAY_PASSWORD = '270419';
/** The demo enterprise's business card (the bank simulator's, in "Loja Demo, Lda"'s name). */
export const DEMO_MERCHANT_CARD = SIM_TEST_CARDS.find((c) => c.holderName === 'Loja Demo, Lda')!;
/** A category from services/data/merchant_categories.json (grocery stores). */
export const DEFAULT_MCC = '5411';

/** Calls sent from a random loopback address of their own, so the per-address limits on codes never mix tests up. */
const freshAddress = () => `127.${crypto.randomInt(1, 255)}.${crypto.randomInt(0, 255)}.${crypto.randomInt(1, 255)}`;

/** One gateway call; `type` SSO-AUTH for an operator's token. */
export async function call(server: TestServer, service: string, bizContent: object, token: string, options: { type?: string; language?: string; address?: string } = {}): Promise<Answer> {
  const res = await server.app.inject({
    method: 'POST', url: '/gatewayinner/api', remoteAddress: options.address ?? '127.0.0.1',
    payload: envelope(service, bizContent, { token, type: options.type ?? 'LOGIN_TOKEN' }, options.language ?? 'en'),
  });
  return res.json();
}

/** A call that must succeed: its bizContent, or an error naming the refusal. */
export async function ok(server: TestServer, service: string, bizContent: object, token: string, options: { type?: string; address?: string } = {}) {
  const answer = await call(server, service, bizContent, token, options);
  if (answer.code !== 'S0001') throw new Error(`${service}: ${answer.code} ${answer.subMsg ?? ''}`);
  return answer.bizContent;
}

async function lastCodeTo(server: TestServer, destination: string): Promise<string> {
  const { rows } = await server.db.query<{ body: string }>('SELECT body FROM outbox_messages WHERE destination = $1 ORDER BY id DESC LIMIT 1', [destination]);
  const code = /(\d{6})/.exec(rows[0]?.body ?? '')?.[1];
  if (!code) throw new Error(`no code sent to ${destination}`);
  return code;
}

const operatorTokens = new WeakMap<TestServer, Promise<string>>();
/** The demo operator's token, signed in once per test server. */
export function operatorOf(server: TestServer): Promise<string> {
  let token = operatorTokens.get(server);
  if (!token) {
    token = operatorToken(server);
    operatorTokens.set(server, token);
  }
  return token;
}

/** A new enterprise signed up by e-mail code (register/sendAuthCode → doRegister → setLoginPwdAndActive). */
export async function signUpEnterprise(server: TestServer, email = `loja${crypto.randomBytes(5).toString('hex')}@comercio.ao`): Promise<{ login: string; token: string; memberId: string }> {
  const address = freshAddress();
  await ok(server, 'register/sendAuthCode', { memberType: 'enterprise', email }, '', { address });
  const registered = await ok(server, 'register/doRegister', { memberType: 'enterprise', email, code: await lastCodeTo(server, email), agreed: true }, '', { address });
  await ok(server, 'register/setLoginPwdAndActive', { ticket: registered.ticket, password: 'Kwanza2026' }, '', { address });
  return { login: email, token: await server.memberToken(email), memberId: await memberIdOf(server.db, email) };
}

export interface Company { name: string; shortName: string; nif: string; province: string; city: string }

/** A company of its own for a fresh enterprise: a unique name and NIF. */
export function newCompany(): Company {
  const tag = crypto.randomBytes(3).toString('hex').toUpperCase();
  return { name: `Comercial ${tag}, Lda`, shortName: `Comercial ${tag}`, nif: `5${String(crypto.randomInt(0, 1_000_000_000)).padStart(9, '0')}`, province: 'luanda', city: 'Ingombota' };
}

/** Submits the enterprise verification with real uploads and has the demo operator approve it. */
export async function verifyEnterprise(server: TestServer, token: string, company?: Company): Promise<void> {
  const form = await enterpriseForm(server, token);
  const values = company
    ? { ...form, company: { ...form.company, name: company.name, shortName: company.shortName, nif: company.nif }, basicInfo: { ...form.basicInfo, province: company.province, city: company.city } }
    : form;
  const { requestId } = await ok(server, 'appRegisterAction/apply', values, token);
  await ok(server, 'platform/verification/decide', { id: requestId, decision: 'approve', reason: '' }, await operatorOf(server), { type: 'SSO-AUTH' });
}

/** A simulator business card in the company's name, with a mobile of its own. */
export async function createCompanyCard(server: TestServer, companyName: string): Promise<{ cardNo: string; mobile: string }> {
  const cardNo = simulatorCardNumber(simulatorBin('0040', 'debit'), crypto.randomInt(100_000, 999_999_999));
  const mobile = `94${String(crypto.randomInt(0, 10_000_000)).padStart(7, '0')}`;
  await createSimulatorCard(server.db, { cardNo, holderName: companyName, holderMobile: `+244${mobile}`, balance: 1_000_000n * 100n, debitDaily: 9_000_000n * 100n });
  return { cardNo, mobile };
}

/** Binds a card through the real three steps (inputMobile → SMS code from the outbox → verifyAuthCode); answers the card id. */
export async function bindCardByApi(server: TestServer, token: string, card: { cardNo: string; mobile: string }): Promise<string> {
  const address = freshAddress();
  const started = await ok(server, 'wallet/card/inputMobile', { cardNo: card.cardNo, mobile: card.mobile }, token, { address });
  const bound = await ok(server, 'wallet/card/verifyAuthCode', { bindId: started.bindId, code: await lastCodeTo(server, `+244${card.mobile}`) }, token, { address });
  return bound.card.cardId;
}

export interface StoreFields { name: string; address: string; description: string; businessDays: number[]; opensAt: string; closesAt: string; photoFileId: string | null }
export const defaultStore = (name = 'Loja Central'): StoreFields => ({
  name, address: 'Rua Rainha Ginga 12, Ingombota, Luanda', description: 'Mercearia e bebidas', businessDays: [1, 2, 3, 4, 5, 6], opensAt: '08:00', closesAt: '20:00', photoFileId: null,
});

/** Creates a store for the merchant (or one of its sub-merchants) and answers it with its own code. */
export async function createStore(server: TestServer, token: string, merchantId: string, fields: Partial<StoreFields> = {}): Promise<{ store: Store; serial: string; payload: string }> {
  const { store } = await ok(server, 'merchant/store/save', { merchantId, ...defaultStore(), ...fields }, token);
  const codes = await ok(server, 'merchant/code/list', { storeId: store.storeId }, token);
  return { store, serial: codes.storeCode.serial, payload: codes.storeCode.payload };
}

export interface MerchantSetup {
  login: string;
  /** The owner's member session token (LOGIN_TOKEN). */
  token: string;
  memberId: string;
  merchantId: string;
  merchant: MerchantSummary;
  /** The settlement card (bank_cards.id). */
  cardId: string;
  storeId: string;
  store: Store;
  /** The store's own static code: serial ST… and its EMVCo payload. */
  storeSerial: string;
  storePayload: string;
}

/** Opens the collection account and creates a first store, through the API. */
async function openAndCreateStore(server: TestServer, login: string, token: string, memberId: string, cardId: string, options: { mcc?: string; store?: Partial<StoreFields> }): Promise<MerchantSetup> {
  const { merchant } = await ok(server, 'merchant/open/apply', { mcc: options.mcc ?? DEFAULT_MCC, settlementCardId: cardId, agreed: true }, token);
  const { store, serial, payload } = await createStore(server, token, merchant.merchantId, options.store);
  return { login, token, memberId, merchantId: merchant.merchantId, merchant, cardId, storeId: store.storeId, store, storeSerial: serial, storePayload: payload };
}

async function givePayPassword(server: TestServer, memberId: string) {
  await server.db.query('UPDATE members SET pay_password_hash = $2 WHERE id = $1', [memberId, await hashPassword(MERCHANT_PAY_PASSWORD)]);
}

/**
 * A verified enterprise with a bound card that opened its merchant account and created a store,
 * all through the API. Without `login`, a fresh enterprise signs up (its own company, NIF and
 * card); with `login: 'loja@demo.ao'`, the demo enterprise is verified and binds its demo card
 * (once per server: a second time is MCH10002). The owner gets the pay password 270419.
 */
export async function openMerchantWithStore(server: TestServer, options: { login?: string; company?: Company; mcc?: string; store?: Partial<StoreFields> } = {}): Promise<MerchantSetup> {
  let login: string, token: string, memberId: string, card: { cardNo: string; mobile: string };
  if (options.login) {
    login = options.login;
    token = await server.memberToken(login);
    memberId = await memberIdOf(server.db, login);
    await verifyEnterprise(server, token, options.company);
    card = options.company ? await createCompanyCard(server, options.company.name) : { cardNo: DEMO_MERCHANT_CARD.cardNo, mobile: DEMO_MERCHANT_CARD.holderMobile.slice(4) };
  } else {
    ({ login, token, memberId } = await signUpEnterprise(server));
    const company = options.company ?? newCompany();
    await verifyEnterprise(server, token, company);
    card = await createCompanyCard(server, company.name);
  }
  const cardId = await bindCardByApi(server, token, card);
  await givePayPassword(server, memberId);
  return openAndCreateStore(server, login, token, memberId, cardId, options);
}

/**
 * The fast way for load tests and the benchmark: the enterprise member, its approved verification
 * and its verified state written as sign-up and the operator's approval write them, its card bound
 * as `bindCardDirect` does (bank-checked, no SMS), then the account and store opened through the API.
 * `settlementShards` changes the merchant's shard count after opening (1: the benchmark's one-row comparison).
 */
export async function createMerchantDirect(server: TestServer, options: { company?: Company; mcc?: string; store?: Partial<StoreFields>; settlementShards?: number } = {}): Promise<MerchantSetup> {
  const company = options.company ?? newCompany();
  const login = `direct${crypto.randomBytes(6).toString('hex')}@comercio.ao`;
  const { rows } = await server.db.query<{ id: string }>(
    `INSERT INTO members (member_type, email, display_name, verification_status, account_level, real_name, nif, verified_at, pay_password_hash)
     VALUES ('enterprise', $1, $2, 'verified', 'commercial', $2, $3, now(), $4) RETURNING id::text`,
    [login, company.name, company.nif, await hashPassword(MERCHANT_PAY_PASSWORD)],
  );
  const memberId = rows[0]!.id;
  const form = await enterpriseForm(server, await openMemberSession(server.db, memberId, { idleMs: 86_400_000, lifetimeMs: 86_400_000 }));
  const approved = { ...form, company: { ...form.company, name: company.name, shortName: company.shortName, nif: company.nif }, basicInfo: { ...form.basicInfo, province: company.province, city: company.city } };
  await server.db.query(
    `INSERT INTO enterprise_verifications (id, member_id, form, company_nif, status, decided_at, decided_by) VALUES ($1, $2, $3, $4, 'approved', now(), 'op-demo')`,
    [crypto.randomUUID(), memberId, JSON.stringify(approved), company.nif],
  );
  const card = await createCompanyCard(server, company.name);
  const bound = await bindCardDirect(server.db, server.adapters.bank, memberId, { cardNo: card.cardNo, mobile: `+244${card.mobile}` });
  const token = await openMemberSession(server.db, memberId, { idleMs: 86_400_000, lifetimeMs: 86_400_000 });
  const setup = await openAndCreateStore(server, login, token, memberId, bound.cardId, options);
  if (options.settlementShards !== undefined) await setSettlementShards(server, setup.merchantId, options.settlementShards);
  return setup;
}

/**
 * Sets how many settlement shards a merchant has (the benchmark's comparison runs with 1). Fewer:
 * the extra shard accounts must still be empty (a test before any payment); more: they are opened.
 */
export async function setSettlementShards(server: TestServer, merchantId: string, shards: number): Promise<void> {
  await server.db.transaction(async (tx) => {
    const { rows } = await tx.query<{ member_id: string }>('UPDATE merchants SET settlement_shards = $2 WHERE id = $1 RETURNING member_id::text', [merchantId, shards]);
    const memberId = rows[0]!.member_id;
    const { rows: busy } = await tx.query("SELECT 1 FROM ledger_accounts WHERE member_id = $1 AND kind = 'settlement' AND shard >= $2 AND (balance <> 0 OR version <> 0)", [memberId, shards]);
    if (busy.length > 0) throw new Error('settlement shards in use cannot be dropped');
    await tx.query("DELETE FROM ledger_accounts WHERE member_id = $1 AND kind = 'settlement' AND shard >= $2", [memberId, shards]);
    await openSettlementAccounts(tx, memberId, shards);
  });
}

/** A sub-merchant of the merchant, in Luanda unless told otherwise. */
export async function registerSubMerchant(server: TestServer, merchant: Pick<MerchantSetup, 'token'>, fields: { name?: string; nif?: string; provinceId?: string; city?: string } = {}): Promise<MerchantSummary> {
  const { merchant: sub } = await ok(server, 'subMerchant/register/apply', { name: 'Filial Viana', provinceId: 'luanda', city: 'Viana', ...fields }, merchant.token);
  return sub;
}

export interface StickerBatch { operatorToken: string; batchId: string; serials: string[]; payloads: string[] }

/** An operator issues `count` stickers; their serials (ascending, as printed) and the payloads printed on them. */
export async function issueStickerBatch(server: TestServer, count: number): Promise<StickerBatch> {
  const operator = await operatorOf(server);
  const { batch } = await ok(server, 'platform/stickers/issue', { count }, operator, { type: 'SSO-AUTH' });
  const { rows } = await server.db.query<{ serial: string }>("SELECT serial FROM collection_codes WHERE batch_id = $1 AND kind = 'sticker' ORDER BY serial", [batch.batchId]);
  return { operatorToken: operator, batchId: batch.batchId, serials: rows.map((r) => r.serial), payloads: rows.map((r) => stickerPayload(r.serial)) };
}

/** Binds a sticker (its payload or typed serial) to the merchant's first store, or to `storeId`; answers the binding. */
export async function bindSticker(server: TestServer, merchant: Pick<MerchantSetup, 'token' | 'storeId'>, code: string, storeId = merchant.storeId): Promise<{ bindingId: string; serial: string; storeId: string; boundAt: string }> {
  const { binding } = await ok(server, 'merchant/code/bind', { storeId, code }, merchant.token);
  return binding;
}
