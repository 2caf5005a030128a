/** Records and refunds tests' people and payments: members made directly, staff rows written as an agreed invitation would, payments quoted and posted by the payment module's SQL (postPayment). */
import crypto from 'node:crypto';
import type { TestServer } from './server.ts';
import type { MerchantSetup } from './merchant.ts';
import type { Queryable } from '../../server/db/index.ts';
import { moneyTransaction } from '../../server/ledger/ledger.ts';
import { sqlRefusal } from '../../server/merchantPayment/index.ts';
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
  return moneyTransaction(server.db, (tx) => postPayment(tx, {
    payer: payer.id,
    owner: shop.merchantId,
    store: storeId,
    serial: options.binding?.serial ?? (options.cashier ? null : shop.storeSerial),
    binding: options.binding?.bindingId ?? null,
    method: options.cashier ? 'dynamic' : 'static',
    cashier: options.cashier?.id ?? null,
    amount: BigInt(amount),
    requestNo: `R${crypto.randomBytes(8).toString('hex')}`,
  }));
}


export interface PaymentDraft {
  payer: string;
  /** The owning merchant (its settlement shards are credited). */
  owner: string;
  store: string;
  serial: string | null;
  binding: string | null;
  method: 'static' | 'dynamic' | 'paymentCode';
  cashier: string | null;
  amount: bigint;
  requestNo: string;
}

/**
 * A merchant payment posted straight through the payment module's SQL, without a code or a charge to
 * claim (as another gateway process, or a test's history, would): the quote of the owner's pricing
 * (merchant_payment_quote) posted by merchant_pay, in the caller's transaction. A refusal is the
 * DomainError the gateway would answer with.
 */
export async function postPayment(tx: Queryable, p: PaymentDraft): Promise<{ paymentId: string; voucherNo: string; transferId: string; charge: bigint; available: bigint; at: Date }> {
  try {
    const { rows } = await tx.query<{ payment_id: string; voucher_no: string; transfer_id: string; charge: string; available: string; created_at: Date | string }>(
      `SELECT p.payment_id::text, p.voucher_no, p.transfer_id::text, q.charge::text, p.available::text, p.created_at
         FROM merchants o
         CROSS JOIN LATERAL merchant_payment_quote($1, o.member_id, o.id, $3, $6, $8, o.charge_rate_bp, o.charge_cap) q
         CROSS JOIN LATERAL merchant_pay($1, o.id, $3, $4, $5, $6, $7, $9, q.amount, q.charge, q.payable, q.adjustments) p
        WHERE o.id = $2`,
      [p.payer, p.owner, p.store, p.serial, p.binding, p.method, p.cashier, p.amount.toString(), p.requestNo],
    );
    const row = rows[0]!;
    return { paymentId: row.payment_id, voucherNo: row.voucher_no, transferId: row.transfer_id, charge: BigInt(row.charge), available: BigInt(row.available), at: new Date(row.created_at) };
  } catch (error) {
    throw sqlRefusal(error);
  }
}
