import type { FlowHandlers, Handler, InStatementSessionHandler } from '../../handler.ts';
import { memberIdOf } from '../../entities/members.ts';
import { payCode, payableCode, quote } from '../../merchantPayment/index.ts';

/**
 * Scan to pay: the member's side of paying a merchant by its code. The rules, the quote and the
 * posting are the payment module's (server/merchantPayment/), shared with the payment-code flows.
 */

/**
 * What the scanned code pays, before the payer types an amount and the pay password: the merchant's
 * name, the store, the category, a dynamic code's amount. Every refusal the payment would give for
 * the code itself is given here already, paying one's own merchant (MCH10014) included.
 */
const resolveCode: Handler<'pay/merchant/resolveCode'> = async (input, ctx) => {
  const code = await payableCode(ctx.db, memberIdOf(ctx), input.code);
  return {
    serial: code.serial,
    kind: code.method === 'dynamic' ? ('dynamic' as const) : ('static' as const),
    merchantName: code.merchantName,
    storeName: code.storeName,
    mcc: code.mcc,
    amount: code.method === 'dynamic' ? Number(code.figures!.amount) : null,
    expiresAt: code.expiresAt ? code.expiresAt.toISOString() : null,
  };
};

/** What paying will come to (the payment module's quote): for a code and the amount typed, or for a cashier's charge on the member's payment code. */
const quoteMerchantPayment: Handler<'pay/merchant/quote'> = async (input, ctx) => quote(ctx.db, memberIdOf(ctx), input);

/**
 * Pays a merchant in one round trip: the payment module's `payCode`, the money-call pattern's SQL
 * form (server/ledger/README.md) — registered below as checking the session in its statement.
 */
const pay: InStatementSessionHandler<'pay/merchant/pay'>['handle'] = (input, ctx) => payCode(ctx, input);

export const scanToPayHandlers = {
  'pay/merchant/resolveCode': resolveCode,
  'pay/merchant/quote': quoteMerchantPayment,
  'pay/merchant/pay': { sessionCheck: 'inStatement', handle: pay },
} satisfies FlowHandlers<'scanToPay'>;
