import provinces from '../../../services/data/angola/provinces.json' with { type: 'json' };
import { MERCHANT_CODES } from '../../../services/contract/answerCodes.ts';
import { DomainError } from '../../errors.ts';
import type { FlowHandlers, Handler } from '../../handler.ts';
import { MERCHANT_COLUMNS, merchantOf, toMerchantSummary, type MerchantRow } from '../../entities/merchants.ts';

/**
 * Sub-merchants: outlets or franchises a merchant registers under itself. They have their own
 * name, NIF and place, and collect through their own stores into the owning merchant's settlement
 * account; they take the merchant's category and service charge (the money is the merchant's).
 */

/** The place as `subMerchant/register/queryAllProvCities` answers it: a province id and one of its municipalities. */
function knownPlace(provinceId: string, city: string): boolean {
  const province = provinces.provinces.find((p) => p.id === provinceId);
  return !!province && province.municipalities.includes(city);
}

const registerSubMerchant: Handler<'subMerchant/register/apply'> = async (input, ctx) => {
  const owner = await merchantOf(ctx);
  if (!knownPlace(input.provinceId, input.city)) throw new DomainError(MERCHANT_CODES.placeUnknown);
  const { rows } = await ctx.db.query<MerchantRow>(
    `INSERT INTO merchants AS m (member_id, parent_id, name, nif, mcc, province_id, city, charge_rate_bp, charge_cap)
     SELECT p.member_id, p.id, $2, $3, p.mcc, $4, $5, p.charge_rate_bp, p.charge_cap FROM merchants p WHERE p.id = $1
     RETURNING ${MERCHANT_COLUMNS}`,
    [owner.id, input.name, input.nif ?? null, input.provinceId, input.city],
  );
  return { merchant: toMerchantSummary(rows[0]!) };
};

export const subMerchantHandlers = {
  'subMerchant/register/apply': registerSubMerchant,
} satisfies FlowHandlers<'subMerchant'>;
