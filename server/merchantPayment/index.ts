/**
 * THE merchant payment module: every way of paying a merchant goes through it —
 * - a scanned code, static (a store's own code, a printed sticker through its binding) or dynamic
 *   (a cashier's code for an amount): `pay/merchant/quote` and `pay/merchant/pay` (scanToPay);
 * - a cashier's charge on a member's payment code, paid at once within the member's password-free
 *   limit (`merchant/cashier/chargePaymentCode`, cashier) or confirmed by the member with the pay
 *   password (`pay/paymentCode/confirm`, paymentCode);
 * - a group package bought in the app with the pay password (`pay/groupPackage/buy`, groupPackages):
 *   its group price, its stock taken and its voucher written in the payment's transaction.
 *
 * Two entry points:
 * - `quote` (quote.ts): what the member will pay and get before the pay password — the amount,
 *   the charge the merchant bears, the promotions' adjustments and what leaves the member's
 *   balance, with the merchant's and store's names — or the refusal the payment would give;
 * - `pay` (pay.ts): posts exactly what `quote` computes, in one transaction (`payCode`: the scan,
 *   one statement; `payCharge`: a charge, in the caller's money call).
 *
 * The rules are SQL, in one place (migration 027): the one lookup of a payable code
 * (`payable_code`), the one computation of the quote (`merchant_payment_quote`), the one posting
 * (`merchant_pay`). Why SQL and not TypeScript: server/ledger/README.md, "Merchant payments:
 * quote and pay" (scan to pay stays one round trip). Promotions and earned draws join at the
 * module's one extension point: extensions.ts. Payment codes themselves (issue, lock, charges,
 * the payer's receipt): paymentCodes.ts. The refund of a payment whose row is locked (the owner's
 * refunds, the group vouchers' expiry job): refund.ts.
 */
export { quote, quoteCharge, quoteCode, quoteGroupPackage, requireQuoted, type ChargeQuote, type CodeQuote, type GroupPackageQuote, type PaymentMethod, type QuoteFigures, type QuoteRequest } from './quote.ts';
export { PAY_CODE, payCharge, payCode, payGroupPackage, sqlRefusal, type MerchantPaid } from './pay.ts';
export { payableCode } from './payableCodes.ts';
export { REFUNDABLE_COLUMNS, cashbackReturnedUpTo, chargeReturnedUpTo, refundLockedPayment, type RefundDone, type RefundablePayment } from './refund.ts';
export { PAYMENT_EXTENSIONS, adjustmentsOf, type PaymentExtension } from './extensions.ts';
