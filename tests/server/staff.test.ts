/**
 * Staff (issue 12): the merchant invites (merchant/staff/invite|invitations|withdrawInvitation),
 * the invited person answers (staff/invitation/*), the merchant keeps its staff
 * (merchant/staff/list|detail|update|remove), and a clerk collects at their one store through the
 * cashier's calls. An authorisation matrix over every call: merchant, clerk with and without the
 * all-records permission, removed clerk, another merchant's clerk, plain member, operator — each
 * refusal coded, nothing of another's leaked. On PostgreSQL, one person agreeing to two stores at
 * once ends with exactly one staff row.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, startTestServer, type TestServer } from '../support/server.ts';
import { fund, payTokenDirect, verifyMember } from '../support/money.ts';
import { call, createMerchantDirect, createStore, ok, operatorOf, type Answer, type MerchantSetup } from '../support/merchant.ts';
import { openMemberSession } from '../../server/auth/sessions.ts';
import { ROLE_RULES, type MerchantRole, type RoleFamily, type RoleRule } from '../../server/entities/roles.ts';
import { contracts } from '../../services/contract/index.ts';

const PER_HOUR = 60;
const TOKEN_IN = /\/app\/invitation\/([A-Za-z0-9_-]{43})/;

interface Person { id: string; mobile: string; token: string }

describe.each(engines)('staff on %s', (engine) => {
  let server: TestServer;
  let shop: MerchantSetup;
  let rival: MerchantSetup;
  let storeB: string;
  let operator: string;
  const people: Person[] = [];

  /** A new individual with a session (a fresh number each time). */
  const person = async (name = 'Pessoa Teste'): Promise<Person> => {
    const national = `93${String(crypto.randomInt(0, 10_000_000)).padStart(7, '0')}`;
    const { rows } = await server.db.query<{ id: string }>(
      "INSERT INTO members (member_type, mobile, display_name) VALUES ('individual', $1, $2) RETURNING id::text",
      [`+244${national}`, name],
    );
    const p = { id: rows[0]!.id, mobile: national, token: await openMemberSession(server.db, rows[0]!.id, { idleMs: 86_400_000, lifetimeMs: 86_400_000 }) };
    people.push(p);
    return p;
  };
  const send = (service: string, body: object, token: string) => call(server, service, body, token);
  const code = async (service: string, body: object, token: string) => (await send(service, body, token)).code;
  const lastLinkTo = async (destination: string) => {
    const { rows } = await server.db.query<{ body: string }>('SELECT body FROM outbox_messages WHERE destination = $1 ORDER BY id DESC LIMIT 1', [destination]);
    return TOKEN_IN.exec(rows[0]?.body ?? '')?.[1] ?? null;
  };
  /** Invites by mobile and has the person agree through the link's token; answers the staff id. */
  const hire = async (merchant: MerchantSetup, who: Person, options: { storeId?: string; allRecords?: boolean } = {}) => {
    await ok(server, 'merchant/staff/invite', { channel: 'mobile', storeId: options.storeId ?? merchant.storeId, mobile: who.mobile, allRecords: options.allRecords ?? false }, merchant.token);
    const token = (await lastLinkTo(`+244${who.mobile}`))!;
    const { invitation } = await ok(server, 'staff/invitation/detail', { token }, who.token);
    const answer = await ok(server, 'staff/invitation/respond', { invitationId: invitation.invitationId, answer: 'agree' }, who.token);
    return answer.place.staffId as string;
  };
  const qrInvite = async (merchant: MerchantSetup, storeId = merchant.storeId) => {
    const answer = await ok(server, 'merchant/staff/invite', { channel: 'qr', storeId, allRecords: false }, merchant.token);
    return { invitationId: answer.invitation.invitationId as string, token: TOKEN_IN.exec(answer.link)![1]! };
  };

  beforeAll(async () => {
    server = await startTestServer(engine, { STAFF_INVITATIONS_PER_HOUR: String(PER_HOUR) });
    shop = await createMerchantDirect(server);
    rival = await createMerchantDirect(server);
    storeB = (await createStore(server, shop.token, shop.merchantId, { name: 'Loja Dois' })).store.storeId;
    operator = await operatorOf(server);
  }, 120_000);
  afterAll(() => server.close());

  describe('inviting and answering', () => {
    it('sends an SMS with a link to the invitation; the addressee sees who invites them to what, agrees, and is on the staff', async () => {
      const ana = await person('Ana Caixa');
      const sent = await ok(server, 'merchant/staff/invite', { channel: 'mobile', storeId: shop.storeId, mobile: ana.mobile, allRecords: true }, shop.token);
      expect(sent.link).toBeNull(); // the token travels only to the invited number
      expect(sent.invitation).toMatchObject({ storeId: shop.storeId, storeName: 'Loja Central', channel: 'mobile', contact: `+244${ana.mobile}`, allRecords: true, state: 'sent', answeredAt: null });
      const hours = (new Date(sent.invitation.expiresAt).getTime() - Date.now()) / 3_600_000;
      expect(hours).toBeGreaterThan(71.9);
      expect(hours).toBeLessThanOrEqual(72);
      const { rows } = await server.db.query<{ body: string; channel: string }>('SELECT body, channel FROM outbox_messages WHERE destination = $1', [`+244${ana.mobile}`]);
      expect(rows).toHaveLength(1);
      expect(rows[0]!.channel).toBe('sms');
      expect(rows[0]!.body).toContain(`${shop.merchant.name} convida-o a trabalhar na loja Loja Central. Abra http://localhost:8080/app/invitation/`);
      const token = (await lastLinkTo(`+244${ana.mobile}`))!;
      // only the token's hash is kept
      const stored = await server.db.query<{ token_hash: string }>('SELECT token_hash FROM staff_invitations WHERE id = $1', [sent.invitation.invitationId]);
      expect(stored.rows[0]!.token_hash).toBe(crypto.createHash('sha256').update(token).digest('hex'));

      const pending = await ok(server, 'staff/invitation/pending', {}, ana.token);
      expect(pending.invitations.map((i: { invitationId: string }) => i.invitationId)).toEqual([sent.invitation.invitationId]);
      const { invitation } = await ok(server, 'staff/invitation/detail', { token }, ana.token);
      expect(invitation).toMatchObject({ merchantName: shop.merchant.name, storeName: 'Loja Central', storeAddress: 'Rua Rainha Ginga 12, Ingombota, Luanda', allRecords: true, state: 'sent' });
      expect(await ok(server, 'staff/invitation/summary', {}, ana.token)).toEqual({ place: null, pending: 1 });

      const answer = await ok(server, 'staff/invitation/respond', { invitationId: invitation.invitationId, answer: 'agree' }, ana.token);
      expect(answer.invitation.state).toBe('agreed');
      expect(answer.place).toMatchObject({ storeId: shop.storeId, storeName: 'Loja Central', merchantName: shop.merchant.name, allRecords: true });
      expect(await ok(server, 'staff/invitation/summary', {}, ana.token)).toEqual({ place: answer.place, pending: 0 });
      const mine = await ok(server, 'merchant/staff/invitations', {}, shop.token);
      expect(mine.invitations.find((i: { invitationId: string }) => i.invitationId === invitation.invitationId).state).toBe('agreed');
      expect((await ok(server, 'merchant/staff/invitationDetail', { invitationId: invitation.invitationId }, shop.token)).invitation).toMatchObject({ state: 'agreed', contact: `+244${ana.mobile}` });
      const staff = await ok(server, 'merchant/staff/detail', { staffId: answer.place.staffId }, shop.token);
      // the owner sees its own clerk's number in full (it typed it)
      expect(staff.staff).toMatchObject({ name: 'Ana Caixa', mobile: `+244${ana.mobile}`, contactChannel: 'mobile', status: 'normal', storeId: shop.storeId, allRecords: true, removedAt: null });
      // the outcome page reads it back by id, as the one who answered
      expect((await ok(server, 'staff/invitation/detail', { invitationId: invitation.invitationId }, ana.token)).invitation.state).toBe('agreed');
      expect(await code('staff/invitation/respond', { invitationId: invitation.invitationId, answer: 'reject' }, ana.token)).toBe('STF10005');
    });

    it('a mobile or e-mail invitation is its addressee’s only: anyone else (even with the link) gets STF10006, as for none', async () => {
      const [bea, eve] = [await person(), await person()];
      const sent = await ok(server, 'merchant/staff/invite', { channel: 'mobile', storeId: shop.storeId, mobile: bea.mobile, allRecords: false }, shop.token);
      const token = (await lastLinkTo(`+244${bea.mobile}`))!;
      expect(await code('staff/invitation/detail', { token }, eve.token)).toBe('STF10006');
      expect(await code('staff/invitation/detail', { invitationId: sent.invitation.invitationId }, eve.token)).toBe('STF10006');
      expect(await code('staff/invitation/detail', { invitationId: '987654321' }, eve.token)).toBe('STF10006');
      expect(await code('staff/invitation/respond', { invitationId: sent.invitation.invitationId, token, answer: 'agree' }, eve.token)).toBe('STF10006');
      expect((await ok(server, 'staff/invitation/pending', {}, eve.token)).invitations).toEqual([]);
      expect(await code('staff/invitation/detail', { token: 'A'.repeat(43) }, bea.token)).toBe('STF10006');
    });

    it('by e-mail: the message goes to the address, matched without case to the account', async () => {
      const cid = await person();
      const email = `Cid.${cid.id}@Exemplo.ao`;
      await server.db.query('UPDATE members SET email = $2 WHERE id = $1', [cid.id, email.toLowerCase()]);
      const sent = await ok(server, 'merchant/staff/invite', { channel: 'email', storeId: storeB, email, allRecords: false }, shop.token);
      expect(sent.invitation.contact).toBe(email.toLowerCase());
      const { rows } = await server.db.query<{ channel: string; body: string }>('SELECT channel, body FROM outbox_messages WHERE destination = $1', [email.toLowerCase()]);
      expect(rows[0]!.channel).toBe('email');
      const pending = await ok(server, 'staff/invitation/pending', {}, cid.token);
      expect(pending.invitations[0]).toMatchObject({ storeName: 'Loja Dois', channel: 'email' });
      await ok(server, 'merchant/staff/withdrawInvitation', { invitationId: sent.invitation.invitationId }, shop.token);
    });

    it('by e-mail to an individual (who keeps no e-mail here): the mailed link is what lets them see and answer it', async () => {
      const [dee, other] = [await person(), await person()];
      const email = `dee.${dee.id}@exemplo.ao`;
      const sent = await ok(server, 'merchant/staff/invite', { channel: 'email', storeId: storeB, email, allRecords: false }, shop.token);
      const { rows } = await server.db.query<{ body: string }>('SELECT body FROM outbox_messages WHERE destination = $1', [email]);
      const token = /\/app\/invitation\/([A-Za-z0-9_-]{43})/.exec(rows[0]!.body)![1]!;
      const invitationId = sent.invitation.invitationId;
      expect(await code('staff/invitation/respond', { invitationId, answer: 'reject' }, dee.token)).toBe('STF10006');
      expect((await ok(server, 'staff/invitation/detail', { token }, dee.token)).invitation).toMatchObject({ invitationId, channel: 'email' });
      const answered = await ok(server, 'staff/invitation/respond', { invitationId, token, answer: 'reject' }, dee.token);
      expect(answered.invitation.state).toBe('rejected');
      expect(await code('staff/invitation/respond', { invitationId, token: 'A'.repeat(43), answer: 'agree' }, other.token)).toBe('STF10006');
    });

    it('a QR invitation: the link is shown to the merchant; whoever holds it sees it, needs it to answer, and can reject', async () => {
      const dan = await person();
      const qr = await qrInvite(shop);
      const sentNow = (await ok(server, 'merchant/staff/invitations', {}, shop.token)).invitations[0];
      expect(sentNow).toMatchObject({ invitationId: qr.invitationId, channel: 'qr', contact: null, state: 'sent' });
      // what the merchant's screen asks while the QR is shown: sent, then rejected once answered
      expect((await ok(server, 'merchant/staff/invitationDetail', { invitationId: qr.invitationId }, shop.token)).invitation).toEqual(sentNow);
      expect((await ok(server, 'staff/invitation/detail', { token: qr.token }, dan.token)).invitation.storeName).toBe('Loja Central');
      expect(await code('staff/invitation/detail', { invitationId: qr.invitationId }, dan.token)).toBe('STF10006');
      expect(await code('staff/invitation/respond', { invitationId: qr.invitationId, answer: 'reject' }, dan.token)).toBe('STF10006');
      expect(await code('staff/invitation/respond', { invitationId: qr.invitationId, token: 'B'.repeat(43), answer: 'reject' }, dan.token)).toBe('STF10006');
      const rejected = await ok(server, 'staff/invitation/respond', { invitationId: qr.invitationId, token: qr.token, answer: 'reject' }, dan.token);
      expect(rejected).toMatchObject({ invitation: { state: 'rejected' }, place: null });
      expect((await ok(server, 'staff/invitation/detail', { invitationId: qr.invitationId }, dan.token)).invitation.state).toBe('rejected');
      expect((await ok(server, 'merchant/staff/invitations', {}, shop.token)).invitations[0].state).toBe('rejected');
      expect((await ok(server, 'merchant/staff/invitationDetail', { invitationId: qr.invitationId }, shop.token)).invitation).toMatchObject({ state: 'rejected', answeredAt: expect.any(String) });
      expect(await code('staff/invitation/respond', { invitationId: qr.invitationId, token: qr.token, answer: 'agree' }, dan.token)).toBe('STF10005');
      expect(await code('merchant/staff/withdrawInvitation', { invitationId: qr.invitationId }, shop.token)).toBe('STF10005');
    });

    it('expired (computed, never swept) and withdrawn invitations are refused by their codes and leave the pending list', async () => {
      const [eli, fay] = [await person(), await person()];
      const old = await ok(server, 'merchant/staff/invite', { channel: 'mobile', storeId: shop.storeId, mobile: eli.mobile, allRecords: false }, shop.token);
      await server.db.query("UPDATE staff_invitations SET expires_at = now() - interval '1 second' WHERE id = $1", [old.invitation.invitationId]);
      expect((await ok(server, 'staff/invitation/pending', {}, eli.token)).invitations).toEqual([]);
      expect((await ok(server, 'staff/invitation/detail', { invitationId: old.invitation.invitationId }, eli.token)).invitation.state).toBe('expired');
      expect(await code('staff/invitation/respond', { invitationId: old.invitation.invitationId, answer: 'agree' }, eli.token)).toBe('STF10003');
      expect(await code('merchant/staff/withdrawInvitation', { invitationId: old.invitation.invitationId }, shop.token)).toBe('STF10003');
      expect((await ok(server, 'merchant/staff/invitations', {}, shop.token)).invitations.find((i: { invitationId: string }) => i.invitationId === old.invitation.invitationId).state).toBe('expired');
      // an expired one no longer blocks a new invitation to the same number
      const again = await ok(server, 'merchant/staff/invite', { channel: 'mobile', storeId: shop.storeId, mobile: eli.mobile, allRecords: false }, shop.token);
      const withdrawn = await ok(server, 'merchant/staff/withdrawInvitation', { invitationId: again.invitation.invitationId }, shop.token);
      expect(withdrawn.invitation.state).toBe('withdrawn');
      expect(await code('staff/invitation/respond', { invitationId: again.invitation.invitationId, answer: 'agree' }, eli.token)).toBe('STF10004');
      expect(await code('merchant/staff/withdrawInvitation', { invitationId: again.invitation.invitationId }, shop.token)).toBe('STF10004');
      // another merchant's invitation is unknown to this one
      const theirs = await ok(server, 'merchant/staff/invite', { channel: 'mobile', storeId: rival.storeId, mobile: fay.mobile, allRecords: false }, rival.token);
      expect(await code('merchant/staff/withdrawInvitation', { invitationId: theirs.invitation.invitationId }, shop.token)).toBe('STF10006');
      expect(await code('merchant/staff/withdrawInvitation', { invitationId: '987654321' }, shop.token)).toBe('STF10006');
    });

    it('refuses an existing staff member and a pending invitation with STF10001, another merchant’s or a closed store, and an enterprise agreeing (STF10011)', async () => {
      const [gil, hal] = [await person(), await person()];
      await hire(shop, gil);
      const again = await send('merchant/staff/invite', { channel: 'mobile', storeId: storeB, mobile: gil.mobile, allRecords: false }, shop.token);
      expect([again.code, again.subMsg]).toEqual(['STF10001', 'staff']);
      await ok(server, 'merchant/staff/invite', { channel: 'mobile', storeId: shop.storeId, mobile: hal.mobile, allRecords: false }, shop.token);
      const twice = await send('merchant/staff/invite', { channel: 'mobile', storeId: storeB, mobile: hal.mobile, allRecords: false }, shop.token);
      expect([twice.code, twice.subMsg]).toEqual(['STF10001', 'invited']);
      expect(await code('merchant/staff/invite', { channel: 'qr', storeId: rival.storeId, allRecords: false }, shop.token)).toBe('MCH10004');
      const closed = (await createStore(server, shop.token, shop.merchantId, { name: 'Fechada' })).store.storeId;
      await server.db.query("UPDATE stores SET status = 'closed' WHERE id = $1", [closed]);
      expect(await code('merchant/staff/invite', { channel: 'qr', storeId: closed, allRecords: false }, shop.token)).toBe('MCH10005');
      expect(await code('merchant/staff/invite', { channel: 'mobile', storeId: shop.storeId, mobile: '12345', allRecords: false }, shop.token)).toBe('AGW10003');
      const qr = await qrInvite(shop);
      expect(await code('staff/invitation/respond', { invitationId: qr.invitationId, token: qr.token, answer: 'agree' }, rival.token)).toBe('STF10011');
      await ok(server, 'merchant/staff/withdrawInvitation', { invitationId: qr.invitationId }, shop.token);
    });

    it('a clerk working at one store cannot agree to another (spec §5: removed first), then can', async () => {
      const ivo = await person();
      const staffId = await hire(shop, ivo);
      const other = await qrInvite(rival);
      expect(await code('staff/invitation/respond', { invitationId: other.invitationId, token: other.token, answer: 'agree' }, ivo.token)).toBe('STF10007');
      const sameShop = await qrInvite(shop, storeB);
      expect(await code('staff/invitation/respond', { invitationId: sameShop.invitationId, token: sameShop.token, answer: 'agree' }, ivo.token)).toBe('STF10007');
      const sameStore = await qrInvite(shop);
      expect(await code('staff/invitation/respond', { invitationId: sameStore.invitationId, token: sameStore.token, answer: 'agree' }, ivo.token)).toBe('STF10001');
      await ok(server, 'merchant/staff/remove', { staffId }, shop.token);
      const moved = await ok(server, 'staff/invitation/respond', { invitationId: other.invitationId, token: other.token, answer: 'agree' }, ivo.token);
      expect(moved.place.merchantName).toBe(rival.merchant.name);
      for (const id of [sameShop.invitationId, sameStore.invitationId]) await ok(server, 'merchant/staff/withdrawInvitation', { invitationId: id }, shop.token);
    });

    it('limits a merchant to STAFF_INVITATIONS_PER_HOUR invitations an hour (STF10002), counted under its lock', async () => {
      const busy = await createMerchantDirect(server);
      const answers = await Promise.all(Array.from({ length: PER_HOUR + 3 }, () => send('merchant/staff/invite', { channel: 'qr', storeId: busy.storeId, allRecords: false }, busy.token)));
      expect(answers.filter((a) => a.code === 'S0001')).toHaveLength(PER_HOUR);
      expect(answers.filter((a) => a.code === 'STF10002')).toHaveLength(3);
      await server.db.query("UPDATE staff_invitations SET created_at = now() - interval '61 minutes' WHERE merchant_id = $1", [busy.merchantId]);
      expect(await code('merchant/staff/invite', { channel: 'qr', storeId: busy.storeId, allRecords: false }, busy.token)).toBe('S0001');
    });
  });

  describe('the staff list and removal', () => {
    it('lists current staff first, changes the permission, and removal ends the clerk’s access at once while their payments stay theirs', async () => {
      const jon = await person('Jon Caixa');
      const staffId = await hire(shop, jon, { allRecords: false });
      const list = await ok(server, 'merchant/staff/list', {}, shop.token);
      expect(list.staff.find((s: { staffId: string }) => s.staffId === staffId)).toMatchObject({ name: 'Jon Caixa', mobile: `+244${jon.mobile}`, status: 'normal', allRecords: false });
      // the clerk reads no one's number: the staff calls are the owner's
      expect(await code('merchant/staff/list', {}, jon.token)).toBe('STF10010');
      expect(await code('merchant/staff/invitations', {}, jon.token)).toBe('STF10010');
      expect((await ok(server, 'merchant/staff/update', { staffId, allRecords: true }, shop.token)).staff.allRecords).toBe(true);

      // a payment collected by the clerk names the clerk as its cashier
      const payerId = await verifyMember(server.db, '+244923000001', 'Ana Maria Demo');
      const payer = await server.memberToken('+244923000001');
      await fund(server.db, payerId, 10_000_00n);
      const payToken = await payTokenDirect(server.db, payerId, { service: 'pay/passwordFree/set', amount: 5_000_00, counterparty: 'passwordFree' });
      await ok(server, 'pay/passwordFree/set', { enabled: true, limit: 5_000_00, payToken }, payer);
      const { code: paymentCode } = await ok(server, 'pay/paymentCode/issue', { deviceId: 'phone-staff' }, payer);
      const charged = await call(server, 'merchant/cashier/chargePaymentCode', { storeId: shop.storeId, code: paymentCode, amount: 1_500_00 }, jon.token);
      expect(charged.bizContent.state).toBe('paid');
      const paid = await server.db.query<{ cashier_id: string }>('SELECT cashier_id::text FROM merchant_payments WHERE id = $1', [charged.bizContent.payment.paymentId]);
      expect(paid.rows[0]!.cashier_id).toBe(jon.id);

      const removed = await ok(server, 'merchant/staff/remove', { staffId }, shop.token);
      expect(removed.staff).toMatchObject({ status: 'deleted' });
      expect(removed.staff.removedAt).not.toBeNull();
      expect(await code('merchant/cashier/createDynamicCode', { storeId: shop.storeId, amount: 100 }, jon.token)).toBe('STF10009');
      expect(await code('merchant/cashier/queryCharge', { chargeId: charged.bizContent.chargeId }, jon.token)).toBe('STF10009');
      expect(await code('merchant/cashier/stores', {}, jon.token)).toBe('STF10009');
      expect(await code('merchant/staff/update', { staffId, allRecords: false }, shop.token)).toBe('STF10009');
      expect(await code('merchant/staff/remove', { staffId }, shop.token)).toBe('STF10009');
      expect(paid.rows[0]!.cashier_id).toBe((await server.db.query<{ cashier_id: string }>('SELECT cashier_id::text FROM merchant_payments WHERE id = $1', [charged.bizContent.payment.paymentId])).rows[0]!.cashier_id);
      const after = await ok(server, 'merchant/staff/list', {}, shop.token);
      const statuses = after.staff.map((s: { status: string }) => s.status);
      expect(statuses.indexOf('deleted')).toBeGreaterThan(statuses.lastIndexOf('normal'));
      expect((await ok(server, 'staff/invitation/summary', {}, jon.token)).place).toBeNull();
    });
  });

  describe('who may do what (spec §6): every call × every role', () => {
    let clerk: Person, clerkAll: Person, removed: Person, rivalClerk: Person, member: Person;
    let clerkStaffId: string, ownerSerial: string, clerkSerial: string, pendingId: string, spareStoreId: string;
    let clerksCharge: { chargeId: string; paymentId: string };
    beforeAll(async () => {
      [clerk, clerkAll, removed, rivalClerk, member] = [await person('Caixa Sem'), await person('Caixa Todos'), await person('Caixa Saiu'), await person('Caixa Rival'), await person('Membro')];
      clerkStaffId = await hire(shop, clerk, { allRecords: false });
      await hire(shop, clerkAll, { allRecords: true });
      await ok(server, 'merchant/staff/remove', { staffId: await hire(shop, removed) }, shop.token);
      await hire(rival, rivalClerk);
      ownerSerial = (await ok(server, 'merchant/cashier/createDynamicCode', { storeId: shop.storeId, amount: 700 }, shop.token)).serial;
      clerkSerial = (await ok(server, 'merchant/cashier/createDynamicCode', { storeId: shop.storeId, amount: 800 }, clerk.token)).serial;
      pendingId = (await qrInvite(shop)).invitationId;
      spareStoreId = (await createStore(server, shop.token, shop.merchantId, { name: 'Loja a Fechar' })).store.storeId;
      // a payment the clerk collected with a member's payment code (password-free): a charge and a record to ask about
      const buyer = await person('Rui Pagador');
      const payerId = await verifyMember(server.db, `+244${buyer.mobile}`, 'Rui Pagador');
      const payer = buyer.token;
      await fund(server.db, payerId, 10_000_00n);
      const payToken = await payTokenDirect(server.db, payerId, { service: 'pay/passwordFree/set', amount: 5_000_00, counterparty: 'passwordFree' });
      await ok(server, 'pay/passwordFree/set', { enabled: true, limit: 5_000_00, payToken }, payer);
      const { code: paymentCode } = await ok(server, 'pay/paymentCode/issue', { deviceId: 'phone-matrix' }, payer);
      const charged = await ok(server, 'merchant/cashier/chargePaymentCode', { storeId: shop.storeId, code: paymentCode, amount: 1_000 }, clerk.token);
      clerksCharge = { chargeId: charged.chargeId, paymentId: charged.payment.paymentId };
    }, 120_000);

    type Role = 'merchant' | 'clerk' | 'clerkAll' | 'removed' | 'rivalClerk' | 'member' | 'operator';
    const tokenOf = (role: Role) => ({ merchant: shop.token, clerk: clerk.token, clerkAll: clerkAll.token, removed: removed.token, rivalClerk: rivalClerk.token, member: member.token, operator })[role];
    const ask = async (role: Role, service: string, body: object): Promise<Answer> =>
      call(server, service, body, tokenOf(role), role === 'operator' ? { type: 'SSO-AUTH' } : {});
    const ROLES: Role[] = ['merchant', 'clerk', 'clerkAll', 'removed', 'rivalClerk', 'member', 'operator'];
    /** The table's column for each person here: both clerks and another merchant's clerk are clerks; the member is anyone else. */
    const COLUMN: Record<Exclude<Role, 'operator'>, MerchantRole> = { merchant: 'owner', clerk: 'clerk', clerkAll: 'clerk', removed: 'removedClerk', rivalClerk: 'clerk', member: 'anyoneElse' };
    /** What ROLE_RULES says a person gets: the first refusal code, or null where the row lets them in. */
    const refusalFor = (rule: RoleRule, role: Role): string | null => {
      if (role === 'operator') return 'AGW10005'; // a member's call: refused to an operator's token before any role
      const answer = rule[COLUMN[role]];
      return typeof answer === 'string' ? null : answer[0];
    };
    const OWNER_ONLY = Object.fromEntries(ROLES.map((role) => [role, refusalFor(ROLE_RULES.ownerOnly, role) ?? 'S0001'])) as Record<Role, string>;

    it.each([
      ['merchant/staff/invitations', () => ({})],
      ['merchant/staff/invitationDetail', () => ({ invitationId: pendingId })],
      ['merchant/staff/list', () => ({})],
      ['merchant/staff/detail', () => ({ staffId: clerkStaffId })],
      ['merchant/staff/update', () => ({ staffId: clerkStaffId, allRecords: false })],
      ['merchant/staff/invite', () => ({ channel: 'qr', storeId: shop.storeId, allRecords: false })],
    ] as const)('%s: the owner only', async (service, body) => {
      for (const role of ROLES) expect([role, (await ask(role, service, body())).code]).toEqual([role, OWNER_ONLY[role]]);
    });

    it('withdrawing and removing: the owner only, and another merchant learns nothing of this one’s', async () => {
      for (const role of ROLES.filter((r) => r !== 'merchant')) expect([role, (await ask(role, 'merchant/staff/withdrawInvitation', { invitationId: pendingId })).code]).toEqual([role, OWNER_ONLY[role]]);
      for (const role of ROLES.filter((r) => r !== 'merchant')) expect([role, (await ask(role, 'merchant/staff/remove', { staffId: clerkStaffId })).code]).toEqual([role, OWNER_ONLY[role]]);
      expect((await call(server, 'merchant/staff/detail', { staffId: clerkStaffId }, rival.token)).code).toBe('STF10008');
      expect((await call(server, 'merchant/staff/update', { staffId: clerkStaffId, allRecords: true }, rival.token)).code).toBe('STF10008');
      expect((await call(server, 'merchant/staff/remove', { staffId: clerkStaffId }, rival.token)).code).toBe('STF10008');
      expect((await call(server, 'merchant/staff/withdrawInvitation', { invitationId: pendingId }, rival.token)).code).toBe('STF10006');
      expect((await call(server, 'merchant/staff/invitationDetail', { invitationId: pendingId }, rival.token)).code).toBe('STF10006');
      expect((await call(server, 'merchant/staff/invitationDetail', { invitationId: '987654321' }, shop.token)).code).toBe('STF10006');
      const rivalList = await ok(server, 'merchant/staff/list', {}, rival.token);
      expect(rivalList.staff.every((s: { storeId: string }) => s.storeId === rival.storeId)).toBe(true);
      expect((await ask('merchant', 'merchant/staff/withdrawInvitation', { invitationId: pendingId })).code).toBe('S0001');
    });

    it('the invited person’s calls answer every member about their own only; an operator is refused', async () => {
      for (const role of ROLES.filter((r) => r !== 'operator')) {
        expect((await ask(role, 'staff/invitation/pending', {})).code).toBe('S0001');
        expect((await ask(role, 'staff/invitation/summary', {})).code).toBe('S0001');
        expect((await ask(role, 'staff/invitation/detail', { invitationId: pendingId })).code).toBe('STF10006');
      }
      for (const service of ['staff/invitation/pending', 'staff/invitation/summary']) expect((await ask('operator', service, {})).code).toBe('AGW10005');
      expect((await ask('operator', 'staff/invitation/respond', { invitationId: pendingId, answer: 'agree' })).code).toBe('AGW10005');
      expect((await ask('clerk', 'staff/invitation/summary', {})).bizContent.place).toMatchObject({ storeId: shop.storeId, allRecords: false });
      expect((await ask('rivalClerk', 'staff/invitation/summary', {})).bizContent.place).toMatchObject({ storeId: rival.storeId });
    });

    it('the cashier: the owner at any store, a clerk at theirs only; a clerk without the permission reads back only their own', async () => {
      const create = { merchant: 'S0001', clerk: 'S0001', clerkAll: 'S0001', removed: 'STF10009', rivalClerk: 'MCH10004', member: 'MCH10003', operator: 'AGW10005' };
      for (const role of ROLES) expect([role, (await ask(role, 'merchant/cashier/createDynamicCode', { storeId: shop.storeId, amount: 100 })).code]).toEqual([role, create[role]]);
      expect((await ask('clerk', 'merchant/cashier/createDynamicCode', { storeId: storeB, amount: 100 })).code).toBe('MCH10004');
      expect((await ask('merchant', 'merchant/cashier/createDynamicCode', { storeId: storeB, amount: 100 })).code).toBe('S0001');
      // a removed clerk is told so whichever store they name (theirs was shop's first); nothing says whose the store is
      for (const storeId of [storeB, rival.storeId]) expect((await ask('removed', 'merchant/cashier/createDynamicCode', { storeId, amount: 100 })).code).toBe('STF10009');

      const ownerCode = { merchant: 'S0001', clerk: 'MCH10004', clerkAll: 'S0001', removed: 'STF10009', rivalClerk: 'MCH10004', member: 'MCH10003', operator: 'AGW10005' };
      for (const role of ROLES) expect([role, (await ask(role, 'merchant/cashier/queryDynamicCode', { serial: ownerSerial })).code]).toEqual([role, ownerCode[role]]);
      const clerksCode = { ...ownerCode, clerk: 'S0001' };
      for (const role of ROLES) expect([role, (await ask(role, 'merchant/cashier/queryDynamicCode', { serial: clerkSerial })).code]).toEqual([role, clerksCode[role]]);

      const charge = { merchant: 'MCH10008', clerk: 'MCH10008', clerkAll: 'MCH10008', removed: 'STF10009', rivalClerk: 'MCH10004', member: 'MCH10003', operator: 'AGW10005' };
      for (const role of ROLES) expect([role, (await ask(role, 'merchant/cashier/chargePaymentCode', { storeId: shop.storeId, code: '123456789012345678', amount: 100 })).code]).toEqual([role, charge[role]]);

      const stores = await ask('merchant', 'merchant/cashier/stores', {});
      expect(stores.bizContent.role).toBe('owner');
      expect(stores.bizContent.stores.map((s: { storeId: string }) => s.storeId)).toEqual(expect.arrayContaining([shop.storeId, storeB]));
      for (const role of ['clerk', 'clerkAll'] as const) {
        expect((await ask(role, 'merchant/cashier/stores', {})).bizContent).toEqual({ role: 'clerk', stores: [{ storeId: shop.storeId, name: 'Loja Central', merchantName: shop.merchant.name }] });
      }
      expect((await ask('rivalClerk', 'merchant/cashier/stores', {})).bizContent.stores.map((s: { storeId: string }) => s.storeId)).toEqual([rival.storeId]);
      for (const [role, expected] of [['removed', 'STF10009'], ['member', 'MCH10003'], ['operator', 'AGW10005']] as const) expect((await ask(role, 'merchant/cashier/stores', {})).code).toBe(expected);
    });

    /**
     * Every call of every family in ROLE_RULES, as each person: a refusal exactly where the table
     * says, its first code; where the table lets the person in, the call's own answer (S0001, or
     * the refusal its made-up body earns, or another merchant's store or record answered as none).
     */
    const CALLS: Record<string, { body: () => object; admitted?: Partial<Record<Role, string>> }> = {
      'merchant/cashier/stores': { body: () => ({}) },
      'merchant/cashier/createDynamicCode': { body: () => ({ storeId: shop.storeId, amount: 100 }), admitted: { rivalClerk: 'MCH10004' } },
      'merchant/cashier/queryDynamicCode': { body: () => ({ serial: clerkSerial }), admitted: { rivalClerk: 'MCH10004' } },
      'merchant/cashier/chargePaymentCode': {
        body: () => ({ storeId: shop.storeId, code: '123456789012345678', amount: 100 }),
        admitted: { merchant: 'MCH10008', clerk: 'MCH10008', clerkAll: 'MCH10008', rivalClerk: 'MCH10004' },
      },
      'merchant/cashier/queryCharge': { body: () => ({ chargeId: clerksCharge.chargeId }), admitted: { rivalClerk: 'MCH10004' } },
      'merchant/records/query': { body: () => ({}) },
      'merchant/records/detail': { body: () => ({ recordId: clerksCharge.paymentId }), admitted: { rivalClerk: 'STF10013' } },
      'merchant/dayReport/query': { body: () => ({ day: '2026-01-15' }) },
      'merchant/alerts/wait': { body: () => ({}) },
      'merchant/refund/apply': { body: () => ({ recordId: clerksCharge.paymentId, amount: 1, payToken: 'x'.repeat(32) }), admitted: { merchant: 'FND10008' } },
      'merchant/analysis/query': { body: () => ({ shortcut: '7' }) },
      'merchant/analysis/fundDetails': { body: () => ({ shortcut: '7' }) },
      'merchant/dailyPayout/query': { body: () => ({}) },
      'merchant/dailyPayout/save': { body: () => ({ enabled: false, time: '18:00', cardId: '999999999' }), admitted: { merchant: 'CRD10008' } },
      'merchant/staff/invitations': { body: () => ({}) },
      'merchant/staff/invitationDetail': { body: () => ({ invitationId: '999999999' }), admitted: { merchant: 'STF10006' } },
      'merchant/staff/invite': { body: () => ({ channel: 'qr', storeId: shop.storeId, allRecords: false }) },
      'merchant/staff/withdrawInvitation': { body: () => ({ invitationId: '999999999' }), admitted: { merchant: 'STF10006' } },
      'merchant/staff/list': { body: () => ({}) },
      'merchant/staff/detail': { body: () => ({ staffId: clerkStaffId }) },
      'merchant/staff/update': { body: () => ({ staffId: clerkStaffId, allRecords: false }) },
      'merchant/staff/remove': { body: () => ({ staffId: '999999999' }), admitted: { merchant: 'STF10008' } },
      'merchant/store/save': { body: () => ({ merchantId: shop.merchantId, name: 'Quiosque', address: 'Rua 1', description: '', businessDays: [1], opensAt: '08:00', closesAt: '18:00', photoFileId: null }) },
      'merchant/store/detail': { body: () => ({ storeId: shop.storeId }) },
      'merchant/store/close': { body: () => ({ storeId: spareStoreId }) },
      'merchant/code/list': { body: () => ({ storeId: shop.storeId }) },
      'merchant/code/bind': { body: () => ({ storeId: shop.storeId, code: 'KW0000000000' }), admitted: { merchant: 'MCH10006' } },
      'merchant/code/unbind': { body: () => ({ bindingId: '999999999' }), admitted: { merchant: 'MCH10004' } },
      'subMerchant/register/apply': { body: () => ({ name: 'Filial', provinceId: 'nowhere', city: 'Nenhures' }), admitted: { merchant: 'MCH10017' } },
      'merchant/home/summary': { body: () => ({}) },
      'merchant/list/query': { body: () => ({}) },
      // promotions that start in 2099, so that they touch none of the other tests' payments
      'merchant/promotion/saveCashback': { body: () => ({ name: 'Cinco', type: 'ratio', ratioBp: 500, startsAt: '2099-01-01T00:00:00Z' }) },
      'merchant/promotion/saveDiscount': { body: () => ({ name: 'Desconto', type: 'random', maxAmount: 100, startsAt: '2099-01-01T00:00:00Z' }) },
      'merchant/promotion/saveCoupon': { body: () => ({ name: 'Cupão', type: 1, amountOff: 100, stock: 5, startsAt: '2099-01-01T00:00:00Z' }) },
      'merchant/promotion/setStatus': { body: () => ({ kind: 'coupon', id: '999999999', status: 'paused' }), admitted: { merchant: 'MCH10004' } },
      'merchant/promotion/list': { body: () => ({}) },
      // a package sold from 2099, so that it touches none of the other tests' payments; a voucher code no one holds
      'merchant/groupPackage/save': {
        body: () => ({ storeId: shop.storeId, name: 'Pacote', content: ['1 pizza'], groupPrice: 900, normalPrice: 1_000, stock: 5, startsAt: '2099-01-01T00:00:00Z', endsAt: '2099-02-01T00:00:00Z' }),
      },
      'merchant/groupPackage/list': { body: () => ({}) },
      'merchant/groupPackage/setStatus': { body: () => ({ packageId: '999999999', status: 'paused' }), admitted: { merchant: 'MCH10004' } },
      'merchant/groupPackage/voucher': {
        body: () => ({ storeId: shop.storeId, code: 'GV00000000000000000000' }),
        admitted: { merchant: 'GRP10010', clerk: 'GRP10010', clerkAll: 'GRP10010', rivalClerk: 'MCH10004' },
      },
      'merchant/groupPackage/redeem': {
        body: () => ({ storeId: shop.storeId, code: 'GV00000000000000000000' }),
        admitted: { merchant: 'GRP10010', clerk: 'GRP10010', clerkAll: 'GRP10010', rivalClerk: 'MCH10004' },
      },
    };
    // answering an invitation refuses nobody by role (its row is words): 'the invited person’s calls' above
    const matrixFamilies = (Object.entries(ROLE_RULES) as [RoleFamily, RoleRule][]).filter(([, rule]) => Object.values(COLUMN).some((column) => typeof rule[column] !== 'string'));

    it('the table names every merchant call once, and the matrix calls every one the table refuses anybody', () => {
      const gated = Object.keys(contracts).filter((name) => (name.startsWith('merchant/') && !name.startsWith('merchant/open/')) || name === 'subMerchant/register/apply' || name.startsWith('staff/invitation/'));
      const named = Object.values(ROLE_RULES).flatMap((rule: RoleRule) => rule.services);
      expect([...named].sort()).toEqual([...gated].sort());
      expect(Object.keys(CALLS).sort()).toEqual(matrixFamilies.flatMap(([, rule]) => rule.services).sort());
      // a made-up answer only where the table lets the person in
      for (const [family, rule] of matrixFamilies) {
        for (const service of rule.services) {
          for (const role of Object.keys(CALLS[service]!.admitted ?? {}) as Role[]) expect([family, service, role, refusalFor(rule, role)]).toEqual([family, service, role, null]);
        }
      }
    });

    describe.each(matrixFamilies)('%s: as ROLE_RULES says', (_family, rule) => {
      it.each(rule.services.map((service) => [service]))('%s', async (service) => {
        const { body, admitted = {} } = CALLS[service]!;
        for (const role of ROLES) {
          const expected = refusalFor(rule, role) ?? admitted[role] ?? 'S0001';
          expect([role, (await ask(role, service, body())).code]).toEqual([role, expected]);
        }
      });
    });
  });

  describe.runIf(engine === 'postgres')('races (PostgreSQL)', () => {
    it('one person agreeing to two stores at once ends on exactly one: the other answer is STF10007', async () => {
      for (let round = 0; round < 5; round++) {
        const who = await person();
        const [a, b] = [await qrInvite(shop, storeB), await qrInvite(rival)];
        const answers = await Promise.all([a, b].map((i) => send('staff/invitation/respond', { invitationId: i.invitationId, token: i.token, answer: 'agree' }, who.token)));
        expect(answers.map((x) => x.code).sort()).toEqual(['S0001', 'STF10007']);
        const { rows } = await server.db.query<{ n: number }>("SELECT count(*)::int AS n FROM staff WHERE member_id = $1 AND status = 'normal'", [who.id]);
        expect(rows[0]!.n).toBe(1);
        const states = await server.db.query<{ state: string }>('SELECT state FROM staff_invitations WHERE id IN ($1, $2) ORDER BY state', [a.invitationId, b.invitationId]);
        expect(states.rows.map((r) => r.state)).toEqual(['agreed', 'sent']);
        const staffId = (await ok(server, 'staff/invitation/summary', {}, who.token)).place.staffId;
        const owner = answers[0]!.code === 'S0001' ? shop : rival;
        await ok(server, 'merchant/staff/remove', { staffId }, owner.token);
      }
    }, 60_000);
  });
});
