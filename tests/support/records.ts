/** Records and refunds tests' people and payments: members made directly, staff rows written as an agreed invitation would, payments through merchant_pay. */
import crypto from 'node:crypto';
import type { TestServer } from './server.ts';
import type { MerchantSetup } from './merchant.ts';
import { merchantPay } from '../../server/ledger/merchantPayment.ts';
import { moneyTransaction } from '../../server/ledger/ledger.ts';
import { openMemberSession } from '../../server/auth/sessions.ts';

export interface Person { id: string; token: string; name: string }

export async function person(server: TestServer, name: string): Promise<Person> {
  const mobile = `+2449${[1, 2, 3, 4, 5, 7, 9][crypto.randomInt(7)]}${String(crypto.randomInt(1_000_000, 9_999_999))}`;
  const { rows } = await server.db.query<{ id: string }>(
    `INSERT INTO members (member_type, mobile, display_name, verification_status, account_level, real_name)
     VALUES ('individual', $1, $2, 'verified', 'III', $2) RETURNING id::text`,
    [mobile, name],
  );
  const id = rows[0]!.id;
  return { id, name, token: await openMemberSession(server.db, id, { idleMs: 86_400_000, lifetimeMs: 86_400_000 }) };
}

export async function hire(server: TestServer, shop: MerchantSetup, storeId: string, who: Person, options: { allRecords?: boolean; removed?: boolean } = {}): Promise<string> {
  const { rows } = await server.db.query<{ id: string }>(
    `INSERT INTO staff (merchant_id, store_id, member_id, all_records, contact_channel, status, removed_at)
     VALUES ($1, $2, $3, $4, 'mobile', $5, $6) RETURNING id::text`,
    [shop.merchantId, storeId, who.id, options.allRecords ?? false, options.removed ? 'deleted' : 'normal', options.removed ? new Date() : null],
  );
  return rows[0]!.id;
}

export async function pay(server: TestServer, payer: Person, shop: MerchantSetup, storeId: string, amount: number, options: { cashier?: Person; binding?: { bindingId: string; serial: string } } = {}) {
  return moneyTransaction(server.db, (tx) => merchantPay(tx, {
    payer: payer.id,
    merchant: shop.merchantId,
    store: storeId,
    serial: options.binding?.serial ?? (options.cashier ? null : shop.storeSerial),
    binding: options.binding?.bindingId ?? null,
    method: options.cashier ? 'dynamic' : 'static',
    cashier: options.cashier?.id ?? null,
    amount: BigInt(amount),
    requestNo: `R${crypto.randomBytes(8).toString('hex')}`,
  }));
}

