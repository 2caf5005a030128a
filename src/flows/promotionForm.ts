import { fromPromise } from 'xstate';
import { promotionFormMachine, type PromotionSaved } from '../../machines/promotionForm.machine.ts';
import type { PromotionFormKind } from '../../machines/promotionFields.ts';
import type { ActorsOf } from '../../machines/outcome.ts';
import type { Outcome } from '../../services/contract/outcome.ts';
import { requestGateway } from '../../services/gateway.ts';

/**
 * A promotion saved by the call of its form: the merchant owner's cashback, discount or coupon, or
 * an operator's platform cashback. The request is the chart's (machines/promotionFields.ts); the
 * contract's schema checks it on the way.
 */
async function save({ kind, request }: { kind: PromotionFormKind; request: Record<string, string | number> }): Promise<Outcome<PromotionSaved>> {
  switch (kind) {
    case 'cashback': return requestGateway('merchant/promotion/saveCashback', request as never);
    case 'discount': return requestGateway('merchant/promotion/saveDiscount', request as never);
    case 'coupon': return requestGateway('merchant/promotion/saveCoupon', request as never);
    case 'platformCashback': return requestGateway('platform/promotion/saveCashback', request as never);
  }
}

export const promotionFormActors = {
  save: fromPromise(({ input }: { input: { kind: PromotionFormKind; request: Record<string, string | number> } }) => save(input)),
} satisfies ActorsOf<typeof promotionFormMachine>;

export const promotionFormFlow = promotionFormMachine.provide({ actors: promotionFormActors });
