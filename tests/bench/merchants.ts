import crypto from 'node:crypto';
import type { Queryable } from '../../server/db/index.ts';
import { openSettlementAccounts } from '../../server/ledger/settlement.ts';
import { randomSerial } from '../../server/entities/collectionCodes.ts';

/**
 * Merchants for the benchmark and the load tests, written directly (an enterprise's verification
 * and opening through the gateway are their own flows' tests: tests/support/merchant.ts). Each is
 * what opening leaves behind: a verified enterprise member with a bound settlement card, its
 * merchant with `shards` settlement accounts, one open store and that store's own static code.
 */
export interface LoadMerchant {
  memberId: string;
  merchantId: string;
  storeId: string;
  /** The store's own code (ST…): what customers scan. */
  serial: string;
}

type Db = Queryable & { transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T> };

export async function createLoadMerchants(db: Db, count: number, options: { shards?: number; chargeRateBp?: number; label?: string } = {}): Promise<LoadMerchant[]> {
  const label = options.label ?? crypto.randomBytes(3).toString('hex');
  const merchants: LoadMerchant[] = [];
  for (let i = 0; i < count; i++) {
    merchants.push(await db.transaction(async (tx) => {
      const name = `Loja Carga ${label} ${i}`.slice(0, 25);
      const member = (await tx.query<{ id: string }>(
        `INSERT INTO members (member_type, email, display_name, verification_status, account_level, real_name)
         VALUES ('enterprise', $1, $2, 'verified', 'commercial', $2) RETURNING id::text`,
        [`loja-${label}-${i}@carga.ao`, name],
      )).rows[0]!.id;
      const card = (await tx.query<{ id: string }>(
        `INSERT INTO bank_cards (member_id, card_token, bank_code, bin, last4, card_length, card_type, holder_mobile)
         VALUES ($1, $2, '0040', '600400', '0000', 16, 'debit', '+244923000010') RETURNING id::text`,
        [member, `load-${crypto.randomUUID()}`],
      )).rows[0]!.id;
      const merchant = (await tx.query<{ id: string; settlement_shards: number }>(
        `INSERT INTO merchants (member_id, name, mcc, province_id, city, settlement_card_id, settlement_shards, charge_rate_bp)
         VALUES ($1, $2, '5411', 'luanda', 'Luanda', $3, $4, $5) RETURNING id::text, settlement_shards`,
        [member, name, card, options.shards ?? 32, options.chargeRateBp ?? 50],
      )).rows[0]!;
      await openSettlementAccounts(tx, member, merchant.settlement_shards);
      const store = (await tx.query<{ id: string }>(
        `INSERT INTO stores (merchant_id, name, address, business_days, opens_at, closes_at)
         VALUES ($1, $2, 'Rua da Missão 1, Luanda', '{1,2,3,4,5,6,7}', '00:00', '23:59') RETURNING id::text`,
        [merchant.id, `Balcão ${i}`],
      )).rows[0]!.id;
      const serial = randomSerial('store');
      await tx.query("INSERT INTO collection_codes (serial, kind, store_id) VALUES ($1, 'store', $2)", [serial, store]);
      return { memberId: member, merchantId: merchant.id, storeId: store, serial };
    }));
  }
  return merchants;
}
