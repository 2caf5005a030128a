import type { FlowHandlers, Handler } from '../../handler.ts';
import { MERCHANT_COLUMNS, merchantOf, toMerchantSummary, type MerchantRow } from '../../entities/merchants.ts';
import { STORE_COLUMNS, toStore, type StoreRow } from '../../entities/stores.ts';

/** `/app/merchantlist`: the merchant, then its sub-merchants in the order they were registered, each with all its stores (closed ones too). */
const queryMerchantList: Handler<'merchant/list/query'> = async (_input, ctx) => {
  const owner = await merchantOf(ctx);
  const { rows: merchants } = await ctx.db.query<MerchantRow>(
    `SELECT ${MERCHANT_COLUMNS} FROM merchants m WHERE m.parent_id = $1 ORDER BY m.id`,
    [owner.id],
  );
  const { rows: stores } = await ctx.db.query<StoreRow>(
    `SELECT ${STORE_COLUMNS} FROM stores s JOIN merchants m ON m.id = s.merchant_id
      WHERE m.id = $1 OR m.parent_id = $1 ORDER BY s.id`,
    [owner.id],
  );
  const withStores = (merchant: MerchantRow) => ({ ...toMerchantSummary(merchant), stores: stores.filter((s) => s.merchant_id === merchant.id).map(toStore) });
  return { merchant: withStores(owner), subMerchants: merchants.map(withStores) };
};

export const merchantListHandlers = {
  'merchant/list/query': queryMerchantList,
} satisfies FlowHandlers<'merchantList'>;
