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

/** The distinct stores a member's recent scans paid. */
export const RECENT_MERCHANTS = 5;

const recentMerchants: Handler<'pay/merchant/recentMerchants'> = async (_input, ctx) => {
  const { rows } = await ctx.db.query<{ store_id: string; store_name: string; merchant_name: string; serial: string | null }>(
    `SELECT r.store_id::text, s.name AS store_name, mc.name AS merchant_name, c.serial
       FROM (SELECT store_id, max(id) AS last_id FROM merchant_payments
              WHERE payer_id = $1 AND method IN ('static', 'dynamic')
              GROUP BY store_id ORDER BY max(id) DESC LIMIT ${RECENT_MERCHANTS}) r
       JOIN stores s ON s.id = r.store_id
       JOIN merchants mc ON mc.id = s.merchant_id
       LEFT JOIN collection_codes c ON c.store_id = r.store_id AND c.kind = 'store'
      ORDER BY r.last_id DESC`,
    [memberIdOf(ctx)],
  );
  return { stores: rows.map((r) => ({ storeId: r.store_id, storeName: r.store_name, merchantName: r.merchant_name, serial: r.serial })) };
};

export const scanToPayHandlers = {
  'pay/merchant/resolveCode': resolveCode,
  'pay/merchant/quote': quoteMerchantPayment,
  'pay/merchant/pay': { sessionCheck: 'inStatement', handle: pay },
  'pay/merchant/recentMerchants': recentMerchants,
} satisfies FlowHandlers<'scanToPay'>;
