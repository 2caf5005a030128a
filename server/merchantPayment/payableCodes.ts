import { MERCHANT_CODES } from '../../../services/contract/answerCodes.ts';
import { decodeCollectionCode } from '../../../services/emvco.ts';
import type { Queryable } from '../../db/index.ts';
import { DomainError } from '../../errors.ts';
import { serialOfScanned } from '../../entities/collectionCodes.ts';

/**
 * A collection code as a payer meets it: the store it pays into (a sticker through its active
 * binding, a store's own code, a cashier's dynamic code), that store's merchant and the owning
 * merchant whose settlement is credited. The same lookup `scan_to_pay` (migration 021) makes.
 */
export interface PayableCode {
  serial: string;
  kind: 'sticker' | 'store' | 'dynamic';
  amount: number | null;
  expiresAt: Date | null;
  paid: boolean;
  storeId: string;
  storeName: string;
  merchantName: string;
  mcc: string;
  ownerMemberId: string;
}

/**
 * What a scanned payload or typed serial pays, or the refusal the payment itself would give:
 * MCH10006 not one of this wallet's codes (the EMVCo refusal as the detail: crcWrong, currency,
 * tooLong, notOurs…) or unknown, MCH10007 a sticker not bound, MCH10005 a closed store or merchant,
 * MCH10009 a dynamic code paid, MCH10008 expired, MCH10011 a payload whose amount is not the
 * code's. The payload's own names are never shown: the payer sees the merchant the serial belongs to.
 */
export async function payableCode(db: Queryable, scanned: string): Promise<PayableCode> {
  const { serial, payloadKind } = serialOfScanned(scanned);
  const { rows } = await db.query<{
    kind: PayableCode['kind']; amount: string | null; expires_at: Date | null; expired: boolean | null; paid: boolean; bound: boolean; store_id: string | null; store_name: string | null;
    merchant_name: string | null; mcc: string | null; owner_member_id: string | null; open: boolean | null;
  }>(
    `SELECT c.kind, c.amount::text, c.expires_at, c.expires_at <= now() AS expired, c.paid_payment_id IS NOT NULL AS paid, b.id IS NOT NULL AS bound, st.id::text AS store_id, st.name AS store_name,
            m.name AS merchant_name, m.mcc, o.member_id::text AS owner_member_id, st.status = 'open' AND m.status = 'active' AND o.status = 'active' AS open
       FROM collection_codes c
       LEFT JOIN code_bindings b ON c.kind = 'sticker' AND b.serial = c.serial AND b.unbound_at IS NULL
       LEFT JOIN stores st ON st.id = coalesce(b.store_id, c.store_id)
       LEFT JOIN merchants m ON m.id = st.merchant_id
       LEFT JOIN merchants o ON o.id = coalesce(m.parent_id, m.id)
      WHERE c.serial = $1`,
    [serial],
  );
  const row = rows[0];
  if (!row) throw new DomainError(MERCHANT_CODES.codeUnknown);
  if (!row.store_id) throw new DomainError(MERCHANT_CODES.codeUnbound);
  if (!row.open) throw new DomainError(MERCHANT_CODES.storeClosed);
  // a payload must say what the code is: a printed or store code is static, a cashier's is dynamic
  if (payloadKind !== null && payloadKind !== (row.kind === 'dynamic' ? 'dynamic' : 'static')) throw new DomainError(MERCHANT_CODES.codeUnknown, 200, 'kind');
  if (row.kind === 'dynamic') {
    if (row.paid) throw new DomainError(MERCHANT_CODES.codeAlreadyPaid);
    if (row.expired) throw new DomainError(MERCHANT_CODES.codeExpired);
    if (payloadKind !== null) {
      const decoded = decodeCollectionCode(scanned.trim());
      if (decoded.ok && String(decoded.value.amountCents) !== row.amount) throw new DomainError(MERCHANT_CODES.amountMismatch);
    }
  }
  return {
    serial,
    kind: row.kind,
    amount: row.amount === null ? null : Number(row.amount),
    expiresAt: row.expires_at ? new Date(row.expires_at) : null,
    paid: row.paid,
    storeId: row.store_id,
    storeName: row.store_name!,
    merchantName: row.merchant_name!,
    mcc: row.mcc!,
    ownerMemberId: row.owner_member_id!,
  };
}
