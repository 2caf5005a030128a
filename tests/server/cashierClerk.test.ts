/**
 * A clerk at the till when they have nowhere to collect: their store closed by the owner, or the
 * owner's whole merchant closed. merchant/cashier/stores answers `role: 'clerk'` with no store, so
 * the till tells a clerk their store is closed instead of the owner's "create a store"; a code for
 * the closed store is refused (MCH10005). The owner's own answer in the same case stays `owner`.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, startTestServer, type TestServer } from '../support/server.ts';
import { call, createMerchantDirect, createStore, ok, type MerchantSetup } from '../support/merchant.ts';
import { openMemberSession } from '../../server/auth/sessions.ts';

const TOKEN_IN = /\/app\/invitation\/([A-Za-z0-9_-]{43})/;

describe.each(engines)('a clerk whose store is closed, on %s', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine);
  }, 120_000);
  afterAll(() => server.close());

  /** A new individual (not verified) with a session. */
  const person = async (): Promise<string> => {
    const mobile = `+24493${String(crypto.randomInt(0, 10_000_000)).padStart(7, '0')}`;
    const { rows } = await server.db.query<{ id: string }>("INSERT INTO members (member_type, mobile, display_name) VALUES ('individual', $1, 'Caixa Teste') RETURNING id::text", [mobile]);
    return openMemberSession(server.db, rows[0]!.id, { idleMs: 86_400_000, lifetimeMs: 86_400_000 });
  };
  /** A clerk of `storeId`, hired through a QR invitation they agree to. */
  const clerkAt = async (merchant: MerchantSetup, storeId: string): Promise<string> => {
    const token = await person();
    const sent = await ok(server, 'merchant/staff/invite', { channel: 'qr', storeId, allRecords: false }, merchant.token);
    await ok(server, 'staff/invitation/respond', { invitationId: sent.invitation.invitationId, token: TOKEN_IN.exec(sent.link)![1], answer: 'agree' }, token);
    return token;
  };

  it('the owner closes the clerk’s store: the clerk is answered as a clerk with no store, and cannot collect there', async () => {
    const shop = await createMerchantDirect(server);
    const storeB = (await createStore(server, shop.token, shop.merchantId, { name: 'Loja Dois' })).store.storeId;
    const clerk = await clerkAt(shop, storeB);
    expect(await ok(server, 'merchant/cashier/stores', {}, clerk)).toEqual({ role: 'clerk', stores: [{ storeId: storeB, name: 'Loja Dois', merchantName: shop.merchant.name }] });

    await ok(server, 'merchant/store/close', { storeId: storeB }, shop.token);
    expect(await ok(server, 'merchant/cashier/stores', {}, clerk)).toEqual({ role: 'clerk', stores: [] });
    expect((await call(server, 'merchant/cashier/createDynamicCode', { storeId: storeB, amount: 100 }, clerk)).code).toBe('MCH10005');
    // the owner still has its other store, and is still the owner
    const owner = await ok(server, 'merchant/cashier/stores', {}, shop.token);
    expect(owner.role).toBe('owner');
    expect(owner.stores.map((s: { storeId: string }) => s.storeId)).toEqual([shop.storeId]);
  });

  it('the owner’s merchant closed with the clerk’s store still open: the clerk has no store either', async () => {
    const shop = await createMerchantDirect(server);
    const clerk = await clerkAt(shop, shop.storeId);
    await server.db.query("UPDATE merchants SET status = 'closed' WHERE id = $1", [shop.merchantId]);
    expect(await ok(server, 'merchant/cashier/stores', {}, clerk)).toEqual({ role: 'clerk', stores: [] });
  });
});
