import { z } from 'zod';
import { defineService } from './define.ts';
import { cardId, cents } from './shared.ts';
import { merchantCategoryCode, merchantSummary } from './merchantShared.ts';

/**
 * Where an enterprise stands on the way to collecting payments (`/app/open`): an individual cannot
 * open a collection account; an enterprise must be verified first; a verified one may open one; a
 * merchant already has it. The chart starts from this answer.
 */
export const queryOpening = defineService({
  name: 'merchant/open/query',
  audience: 'member',
  request: z.object({}),
  response: z.object({
    state: z.enum(['individual', 'notVerified', 'pendingVerification', 'canOpen', 'open']),
    /** The verified company's short name, which becomes the merchant's name (as customers see it). */
    companyName: z.string().nullable(),
    merchant: merchantSummary.nullable(),
    /** The service charge a new collection account gets, shown before it is opened (the customer pays nothing). */
    chargeTerms: z.object({ rateBp: z.number().int(), cap: cents.nullable() }),
  }),
});

/**
 * Opens the collection account: the collection-code agreement accepted (`/pt/agreement/collectionqrcode`),
 * a business category (ISO 18245, services/data/merchant_categories.json) and the bound debit card
 * the settlement balance is withdrawn to. Refusals: MCH10001 an individual, FND10004 not verified,
 * MCH10002 already a merchant, MCH10016 an unknown category, CRD10008 a card that is not the member's.
 */
export const openMerchant = defineService({
  name: 'merchant/open/apply',
  audience: 'member',
  request: z.object({ mcc: merchantCategoryCode, settlementCardId: cardId, agreed: z.literal(true) }),
  response: z.object({ merchant: merchantSummary }),
});
