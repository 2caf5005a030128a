import { paymentAdjustment, type PaymentAdjustment } from '../../services/contract/scanToPay.ts';

/**
 * WHERE A PROMOTION HOOKS INTO A PAYMENT: here, and only here. Cashback, discounts, coupons and
 * earned lottery draws join a merchant payment as EXTENSIONS of the payment module, with the same
 * two steps as the payment itself (server/merchantPayment/). (A group package is not an extension:
 * buying one is a payment of its own method, `groupPackage` — quoted by group_package_quote through
 * merchant_payment_quote, so these extensions apply to it too, and paid by payGroupPackage, pay.ts,
 * migration 029 — because it names what is bought, its price and its stock, not an adjustment of
 * a price the member typed.)
 *
 * 1. **quote** — what the extension gives this payment, before the pay password, so the member sees
 *    it: the SQL function `merchant_payment_adjustments(payer, owner merchant, store, method, amount)
 *    → (adjustments jsonb, discount bigint)` (migration 027). `adjustments` is the list the quote
 *    answers (each a `PaymentAdjustment`: {extension, kind, amount, reference}); `discount` is the
 *    part of the amount the member does not pay (discounts, coupons), so `payable = amount −
 *    discount`. `merchant_payment_quote` calls it for every way of paying (a scanned code, a payment-
 *    code charge), and `merchant_pay` posts exactly what it gave: what the member confirms is what
 *    is posted. Migration 028 gives the promotions' (discount, coupon, cashback).
 * 2. **post** — what the extension records and moves, in the payment's transaction, after its two
 *    postings and its record: `merchant_payment_apply(payment id, the payment's ledger key, payer,
 *    owner merchant, the settlement shard it credited, adjustments)`, called by `merchant_pay` only
 *    when the quote has adjustments (so a payment without a promotion pays nothing for the hook).
 *    Migration 028 takes the promotions' budgets, stocks and limits there and posts the cashback.
 *
 * A new promotion is therefore: its entry in PAYMENT_EXTENSIONS below (its name and the kinds of
 * adjustment it gives: the typed list the quote's adjustments are read against, so an adjustment
 * from an undeclared extension fails loudly), and one migration that replaces those two functions
 * (CREATE OR REPLACE, same signatures) with the extensions' parts, one after another, in
 * PAYMENT_EXTENSIONS' order. The rules of that migration, from DESIGN.md and the ledger's:
 * - read the activities of the merchant / store that apply in `merchant_payment_adjustments`
 *   (keep it STABLE: it runs for the quote too, where nothing may be written);
 * - check and record each use (budget, stock, one per member) in `merchant_payment_apply`, in the
 *   payment's transaction: never check in one transaction and use in another (that overspends).
 *   A budget or a coupon stock is split into slices taken like settlement shards (FOR NO KEY UPDATE
 *   SKIP LOCKED; exhausted only when every slice is), never one row every payment locks;
 * - a quote that no longer holds when paying (a budget ran out meanwhile) refuses with a code
 *   (RAISE … ERRCODE 'KW100'), and the member is quoted again; never post other figures silently;
 * - money moves only by postings: a discount the platform funds is marketing_funding → the
 *   settlement shard (the merchant gets its whole price), cashback marketing_funding → the payer's
 *   cashback account; keys derived from the payment's (`<key>:<extension>:<what>`); funding
 *   accounts sharded like fee income; `npm run ledger:check` extended to match each posting;
 * - the lottery's draws (migration 032) show the other way to add one: that migration renames the
 *   promotions' two functions (`promotions_adjustments`, `promotions_apply`) and makes the hooks
 *   call them and then its own part (a `draw` adjustment per qualifying activity in the quote, the
 *   draws counted once per payment in the posting), so no earlier body is copied;
 * - measured: `npm run bench` with a promotion against the same payments without one, same run.
 */
export interface PaymentExtension {
  /** Its name, as each of its adjustments carries it (`extension`). */
  name: string;
  /** The kinds of adjustment it gives. */
  kinds: readonly PaymentAdjustment['kind'][];
  /** The migration that gives its SQL parts (the two hooks above). */
  migration: string;
}

/**
 * The payment's extensions, in the order their parts run in the two hooks (the stacking order,
 * README "Promotions"): the merchant's discount off the price, the member's coupon off what is
 * left, the part paid with the member's cashback balance, the cashback on what the member pays from
 * the available balance. Their SQL: migration 028 (`promotions_quote` behind
 * `merchant_payment_adjustments`, and `merchant_payment_apply`), replaced by migration 030 for the
 * deduction (whose posting `merchant_pay` makes before the payment's own transfers).
 */
export const PAYMENT_EXTENSIONS: readonly PaymentExtension[] = [
  { name: 'discount', kinds: ['discount'], migration: '028_promotions.sql' },
  { name: 'coupon', kinds: ['coupon'], migration: '028_promotions.sql' },
  // part of what is left paid from the member's cashback balance (the merchant receives it all)
  { name: 'cashbackDeduction', kinds: ['cashbackDeduction'], migration: '030_cashback_deduction.sql' },
  { name: 'cashback', kinds: ['cashback'], migration: '028_promotions.sql' },
  // the lottery's draws a payment earns (README "Lottery"): `amount` counts draws, not money
  { name: 'draw', kinds: ['draw'], migration: '032_lottery.sql' },
];

/**
 * A quote's adjustments as SQL gave them, checked against the contract and the declared
 * extensions: an adjustment of an extension not in PAYMENT_EXTENSIONS, or of a kind it does not
 * declare, is a programming error (thrown, not answered).
 */
export function adjustmentsOf(json: unknown, extensions: readonly PaymentExtension[] = PAYMENT_EXTENSIONS): PaymentAdjustment[] {
  const adjustments = paymentAdjustment.array().parse(typeof json === 'string' ? JSON.parse(json) : json);
  for (const adjustment of adjustments) {
    const extension = extensions.find((e) => e.name === adjustment.extension);
    if (!extension?.kinds.includes(adjustment.kind)) throw new Error(`payment adjustment ${adjustment.kind} of ${adjustment.extension}: no such extension declared`);
  }
  return adjustments;
}
