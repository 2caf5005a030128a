import crypto from 'node:crypto';
import type { Queryable } from '../db/index.ts';

/**
 * A merchant's settlement balance lives in `shards` ledger accounts (kind `settlement`, shard
 * 0…n−1), so that payments into one busy merchant lock different rows and run side by side; the
 * balance is their sum, read in one statement (one snapshot: exact whenever it is read). Money
 * leaving the settlement (a withdrawal, a refund) locks the shards in ascending id order and
 * gathers them into shard 0 (gatherSettlement). server/ledger/README.md, "Merchant payments".
 * Fee income is split the same way (FEE_INCOME_SHARDS), as every merchant payment credits it.
 */
export const FEE_INCOME_SHARDS = 32;

/**
 * The shard a payment's key prefers (SQL: shard_for; merchant_pay computes the same): the same key
 * always prefers the same shard. A payment takes the next free shard round the ring when a
 * concurrent one holds it (SKIP LOCKED, migration 021) and records the shard it used.
 */
export function shardFor(key: string, shards: number): number {
  if (shards <= 1) return 0;
  return crypto.createHash('sha256').update(key).digest().readUInt32BE(0) % shards;
}

/** Opens a merchant's settlement shards (idempotent): done once when the collection account is opened, never on the payment path. */
export async function openSettlementAccounts(tx: Queryable, memberId: string, shards: number): Promise<void> {
  await tx.query(
    `INSERT INTO ledger_accounts (code, kind, member_id, shard)
     SELECT 'member:' || $1 || ':settlement' || CASE WHEN s = 0 THEN '' ELSE ':' || s END, 'settlement', $1::bigint, s
       FROM generate_series(0, $2::int - 1) AS s
     ON CONFLICT DO NOTHING`,
    [memberId, shards],
  );
}

/** The settlement balance (sum of the shards) and what is frozen for withdrawals, in one snapshot. */
export async function settlementBalance(db: Queryable, memberId: string): Promise<{ available: bigint; frozen: bigint }> {
  const { rows } = await db.query<{ available: string; frozen: string }>(
    `SELECT coalesce(sum(balance) FILTER (WHERE kind = 'settlement'), 0)::text AS available,
            coalesce(sum(balance) FILTER (WHERE kind = 'frozen'), 0)::text AS frozen
       FROM ledger_accounts WHERE member_id = $1 AND kind IN ('settlement', 'frozen')`,
    [memberId],
  );
  return { available: BigInt(rows[0]!.available), frozen: BigInt(rows[0]!.frozen) };
}

/** The merchant a member owns (its own, not a sub-merchant), whatever its state: its settlement is where the member's withdrawals come from. */
export async function ownMerchant(db: Queryable, memberId: string): Promise<{ id: string; settlementShards: number } | null> {
  const { rows } = await db.query<{ id: string; settlement_shards: number }>(
    'SELECT id::text, settlement_shards FROM merchants WHERE member_id = $1 AND parent_id IS NULL',
    [memberId],
  );
  return rows[0] ? { id: rows[0].id, settlementShards: rows[0].settlement_shards } : null;
}

/**
 * Gathers a merchant's settlement into shard 0, so that money can leave it as one posting (a
 * withdrawal's hold, later a refund): locks the member's settlement shards and frozen account in
 * ascending id order, in one statement (payments lock their payer, shard and fee shard in the same
 * order, so neither waits on the other in a cycle), then moves every other shard's balance into
 * shard 0 with keys derived from `key`. Answers shard 0's id and the total now in it.
 */
export async function gatherSettlement(tx: Queryable, memberId: string, key: string): Promise<{ shard0: string; total: bigint }> {
  const { rows } = await tx.query<{ id: string; kind: string; shard: number; balance: string }>(
    `SELECT id::text, kind, shard, balance::text FROM ledger_accounts
      WHERE member_id = $1 AND kind IN ('settlement', 'frozen') ORDER BY id FOR NO KEY UPDATE`,
    [memberId],
  );
  const shards = rows.filter((r) => r.kind === 'settlement');
  const shard0 = shards.find((r) => r.shard === 0);
  if (!shard0) throw new Error(`member ${memberId} has no settlement account`);
  let total = 0n;
  for (const shard of shards) {
    const balance = BigInt(shard.balance);
    total += balance;
    if (shard.shard === 0 || balance <= 0n) continue;
    await tx.query('SELECT * FROM ledger_post($1, $2, $3, $4, $5, NULL)', [`${key}:gather:${shard.shard}`, 'settlement_gather', shard.id, shard0.id, balance.toString()]);
  }
  return { shard0: shard0.id, total };
}
