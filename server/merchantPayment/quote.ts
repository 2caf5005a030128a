import { CODES, PROMOTION_CODES } from '../../services/contract/answerCodes.ts';
import type { MerchantQuote, PaymentAdjustment, QuotedAdjustment } from '../../services/contract/scanToPay.ts';
import type { Queryable } from '../db/index.ts';
import { DomainError } from '../errors.ts';
import { adjustmentsOf } from './extensions.ts';

/**
 * `quote`: what paying a merchant will come to, before the pay password — the amount, the merchant's
 * service charge, the promotions' adjustments (extensions.ts) and what the member pays, with the
 * merchant's and store's names. Computed by the SQL functions of migration 027 (merchant_code_quote,
 * merchant_charge_quote, both through merchant_payment_quote), which `pay` (pay.ts) posts from, so
 * the figures shown are the figures posted. Every refusal is a DomainError with the code the
 * payment itself would give.
 */

export type PaymentMethod = 'static' | 'dynamic' | 'paymentCode' | 'groupPackage';

/** The figures of a quote, in cêntimos: what pay posts. */
export interface QuoteFigures {
  /** The price. */
  amount: bigint;
  /** The merchant's service charge: its rate of the amount rounded up to the cêntimo, at most its cap. */
  charge: bigint;
  adjustments: PaymentAdjustment[];
  /** What leaves the member's available balance: the amount less the adjustments' discount and the part paid with cashback. */
  payable: bigint;
}

/** Where a quoted payment goes, and who is shown. */
interface QuoteParty {
  method: PaymentMethod;
  merchantName: string;
  storeName: string;
  mcc: string;
  storeId: string;
  /** The owning merchant: its settlement shards are credited. */
  ownerId: string;
  ownerMemberId: string;
  expiresAt: Date | null;
}

/** A scanned code's quote; `figures` null for a static code quoted before the member typed an amount. */
export interface CodeQuote extends QuoteParty {
  serial: string;
  kind: 'sticker' | 'store' | 'dynamic';
  bindingId: string | null;
  /** Who made a dynamic code: the payment's cashier. */
  createdBy: string | null;
  figures: QuoteFigures | null;
}

/** A payment-code charge's quote, for the member it charges. */
export interface ChargeQuote extends QuoteParty {
  chargeId: string;
  payer: string;
  cashierId: string;
  figures: QuoteFigures;
}

type FiguresRow = { amount: string | null; charge: string | null; adjustments: unknown; payable: string | null };

const figuresOf = (row: FiguresRow): QuoteFigures | null =>
  row.amount === null ? null : { amount: BigInt(row.amount), charge: BigInt(row.charge!), adjustments: adjustmentsOf(row.adjustments), payable: BigInt(row.payable!) };

/**
 * A scanned code's quote for `payer`: the code's refusals (MCH10006 unknown, MCH10007 unbound,
 * MCH10005 closed, MCH10009 paid, MCH10008 expired), MCH10011 an amount that is not a dynamic
 * code's, MCH10014 one's own merchant. `amount` null: a dynamic code's own, none for a static one.
 */
export async function quoteCode(db: Queryable, payer: string, serial: string, amount: bigint | null): Promise<CodeQuote> {
  const { rows } = await db.query<FiguresRow & {
    refusal: string | null; serial: string; kind: CodeQuote['kind']; method: 'static' | 'dynamic'; expires_at: Date | null; created_by: string | null; binding_id: string | null;
    store_id: string; store_name: string; merchant_name: string; mcc: string; owner_id: string; owner_member_id: string;
  }>(
    `SELECT refusal, serial, kind, method, expires_at, created_by::text, binding_id::text, store_id::text, store_name, merchant_name, mcc,
            owner_id::text, owner_member_id::text, amount::text, charge::text, adjustments, payable::text
       FROM merchant_code_quote($1, $2, $3)`,
    [payer, serial, amount === null ? null : amount.toString()],
  );
  const row = rows[0]!;
  if (row.refusal) throw new DomainError(row.refusal);
  return {
    method: row.method, serial: row.serial, kind: row.kind, merchantName: row.merchant_name, storeName: row.store_name, mcc: row.mcc,
    storeId: row.store_id, ownerId: row.owner_id, ownerMemberId: row.owner_member_id, bindingId: row.binding_id, createdBy: row.created_by,
    expiresAt: row.expires_at ? new Date(row.expires_at) : null, figures: figuresOf(row),
  };
}

/**
 * A payment-code charge's quote for the member it charges: MCH10013 not theirs or no longer
 * waiting, MCH10008 past its window, MCH10014 their own merchant. `lock` first takes the charge's
 * row (FOR UPDATE), as paying it must: two confirmations of one charge take turns, and the second
 * is quoted after the first paid it (MCH10013).
 */
export async function quoteCharge(db: Queryable, payer: string, chargeId: string, options: { lock?: boolean } = {}): Promise<ChargeQuote> {
  if (options.lock) await db.query('SELECT 1 FROM payment_code_charges WHERE id = $1 AND member_id = $2 FOR UPDATE', [chargeId, payer]);
  const { rows } = await db.query<FiguresRow & {
    refusal: string | null; charge_id: string; store_id: string; store_name: string; merchant_name: string; mcc: string; owner_id: string;
    owner_member_id: string; cashier_id: string; expires_at: Date;
  }>(
    `SELECT refusal, charge_id::text, store_id::text, store_name, merchant_name, mcc, owner_id::text, owner_member_id::text, cashier_id::text,
            expires_at, amount::text, charge::text, adjustments, payable::text
       FROM merchant_charge_quote($1, $2)`,
    [payer, chargeId],
  );
  const row = rows[0]!;
  if (row.refusal) throw new DomainError(row.refusal);
  return {
    method: 'paymentCode', chargeId: row.charge_id, payer, cashierId: row.cashier_id, merchantName: row.merchant_name, storeName: row.store_name,
    mcc: row.mcc, storeId: row.store_id, ownerId: row.owner_id, ownerMemberId: row.owner_member_id, expiresAt: new Date(row.expires_at),
    figures: figuresOf(row)!,
  };
}

/** A group package's quote, for the member buying it (README "Group purchases"). */
export interface GroupPackageQuote extends QuoteParty {
  packageId: string;
  packageName: string;
  payer: string;
  figures: QuoteFigures;
}

/**
 * A group package's quote for `payer` (migration 029's group_package_quote, through
 * merchant_payment_quote: the group price is the amount, the promotions apply as to any payment):
 * GRP10006 no such package, MCH10005 its store closed, GRP10007 not on sale now, GRP10008 sold out,
 * MCH10014 one's own merchant. `expiresAt` is the package's validity end, its vouchers'.
 */
export async function quoteGroupPackage(db: Queryable, payer: string, packageId: string): Promise<GroupPackageQuote> {
  const { rows } = await db.query<FiguresRow & {
    refusal: string | null; package_id: string; package_name: string; expires_at: Date; store_id: string; store_name: string; merchant_name: string; mcc: string;
    owner_id: string; owner_member_id: string;
  }>(
    `SELECT refusal, package_id::text, package_name, expires_at, store_id::text, store_name, merchant_name, mcc, owner_id::text, owner_member_id::text,
            amount::text, charge::text, adjustments, payable::text
       FROM group_package_quote($1, $2)`,
    [payer, packageId],
  );
  const row = rows[0]!;
  if (row.refusal) throw new DomainError(row.refusal);
  return {
    method: 'groupPackage', packageId: row.package_id, packageName: row.package_name, payer, merchantName: row.merchant_name, storeName: row.store_name,
    mcc: row.mcc, storeId: row.store_id, ownerId: row.owner_id, ownerMemberId: row.owner_member_id, expiresAt: new Date(row.expires_at),
    figures: figuresOf(row)!,
  };
}

/** The part of the price a quote's adjustments pay from the member's cashback balance (migration 030). */
export const cashbackPaidOf = (adjustments: readonly PaymentAdjustment[]): number =>
  adjustments.filter((a) => a.kind === 'cashbackDeduction').reduce((sum, a) => sum + a.amount, 0);

/** The cashback a quote's adjustments give. */
export const cashbackOf = (adjustments: readonly PaymentAdjustment[]): number =>
  adjustments.filter((a) => a.kind === 'cashback').reduce((sum, a) => sum + a.amount, 0);

/**
 * The adjustments with the names the member knows them by: a discount or cashback policy's, a coupon's
 * (`coupon:` the member's coupon, `grant:` a coupon this payment grants). Read for the screen's quote
 * only, never on the paying path.
 */
async function namedAdjustments(db: Queryable, adjustments: readonly PaymentAdjustment[]): Promise<QuotedAdjustment[]> {
  if (adjustments.length === 0) return [];
  const references = adjustments.map((a) => a.reference).filter((r): r is string => r !== null);
  const { rows } = await db.query<{ reference: string; name: string }>(
    `SELECT r.reference, coalesce(d.name, cb.name, c.name, g.name, la.name) AS name
       FROM unnest($1::text[]) AS r(reference)
       LEFT JOIN discount_policies d ON split_part(r.reference, ':', 1) IN ('discount', 'cashbackDeduction') AND d.id = split_part(r.reference, ':', 2)::bigint
       LEFT JOIN cashback_policies cb ON split_part(r.reference, ':', 1) = 'cashback' AND cb.id = split_part(r.reference, ':', 2)::bigint
       LEFT JOIN member_coupons mc ON split_part(r.reference, ':', 1) = 'coupon' AND mc.id = split_part(r.reference, ':', 2)::bigint
       LEFT JOIN coupons c ON c.id = mc.coupon_id
       LEFT JOIN coupons g ON split_part(r.reference, ':', 1) = 'grant' AND g.id = split_part(r.reference, ':', 2)::bigint
       LEFT JOIN lottery_activities la ON split_part(r.reference, ':', 1) = 'lottery' AND la.id = split_part(r.reference, ':', 2)::bigint`,
    [references],
  );
  const names = new Map(rows.map((row) => [row.reference, row.name]));
  return adjustments.map((a) => ({ ...a, name: (a.reference && names.get(a.reference)) ?? null }));
}

/** What the member asks to have quoted (`pay/merchant/quote`): a code with the amount they typed, a charge on their payment code, or a group package. */
export type QuoteRequest = { serial: string; amount?: number } | { chargeId: string } | { packageId: string };

/** The quote as the contract answers it (`pay/merchant/quote`). */
export async function quote(db: Queryable, payer: string, request: QuoteRequest): Promise<MerchantQuote> {
  const quoted = 'chargeId' in request
    ? await quoteCharge(db, payer, request.chargeId)
    : 'packageId' in request
      ? await quoteGroupPackage(db, payer, request.packageId)
      : await quoteCode(db, payer, request.serial, request.amount === undefined ? null : BigInt(request.amount));
  // a static code has no price until the member types one
  if (!quoted.figures) throw new DomainError(CODES.invalidParameters, 200, 'amount');
  const { amount, adjustments, payable } = quoted.figures;
  return {
    method: quoted.method,
    serial: 'serial' in quoted ? quoted.serial : null,
    chargeId: 'chargeId' in quoted ? quoted.chargeId : null,
    merchantName: quoted.merchantName,
    storeName: quoted.storeName,
    mcc: quoted.mcc,
    amount: Number(amount),
    adjustments: await namedAdjustments(db, adjustments),
    payable: Number(payable),
    cashback: cashbackOf(adjustments),
    expiresAt: quoted.expiresAt ? quoted.expiresAt.toISOString() : null,
  };
}

/**
 * What the member was shown still holds (README "Promotions"): the quote made in the paying
 * transaction has the `payable` the member confirmed (left out: the price — a client that showed no
 * quote expects to pay the price), the part paid with cashback `cashbackPaid` (left out: none — payable
 * alone is not the split: a discount paused meanwhile can leave it unchanged and take more from
 * cashback) and, when given, the `cashback`; else PRM10001 with the new payable, and the member is
 * quoted again. scan_to_pay makes the same check in SQL (migrations 028, 031).
 */
export function requireQuoted(figures: QuoteFigures, shown: { payable?: number; cashback?: number; cashbackPaid?: number }): void {
  const cashback = cashbackOf(figures.adjustments);
  if (figures.payable !== BigInt(shown.payable ?? figures.amount) || (shown.cashbackPaid ?? 0) !== cashbackPaidOf(figures.adjustments)
      || (shown.cashback !== undefined && shown.cashback !== cashback)) {
    throw new DomainError(PROMOTION_CODES.quoteChanged, 200, figures.payable.toString());
  }
}
