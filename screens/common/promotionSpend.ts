import type { TFunction } from 'i18next';
import type { Language } from '../../src/lib/language.ts';
import { formatKwanza } from '../../src/lib/money.ts';
import type { PromotionTerms } from '../../services/contract/promotions.ts';
import { couponOffer, percentText } from './promotionFormat.ts';

/** A promotion's spend as the list calls give it (services/contract/promotions.ts `promotionSpend`). */
export interface Spend {
  amount: number;
  count: number;
  amountLeft: number | null;
  countLeft: number | null;
}

/**
 * A promotion's spend in words, for the merchant's list and the platform's alike: what it gave so
 * far (cashback paid, discounts, a coupon's uses) and, against its budget or stock (what was given
 * plus what its slices still hold), what is left; or that it has none.
 */
export function spendText(t: TFunction, language: Language, kind: 'cashback' | 'discount' | 'cashbackDeduction' | 'coupon', spend: Spend): string[] {
  const money = (cents: number) => formatKwanza(cents, language);
  const lines = [t(`promotions.spend.${kind}`, { amount: money(spend.amount), count: spend.count })];
  if (spend.amountLeft !== null) lines.push(t('promotions.spend.budgetAmount', { total: money(spend.amount + spend.amountLeft), left: money(spend.amountLeft) }));
  if (spend.countLeft !== null) lines.push(t(kind === 'coupon' ? 'promotions.spend.stock' : 'promotions.spend.budgetCount', { total: spend.count + spend.countLeft, left: spend.countLeft }));
  if (spend.amountLeft === null && spend.countLeft === null) lines.push(t('promotions.spend.noBudget'));
  return lines;
}

/**
 * What a promotion gives, in words, for the merchant's list: a cashback's or a discount's share (up
 * to its most) or its range, a coupon's offer; and the payment it needs, when it needs more than 1 cêntimo.
 */
export function termsText(t: TFunction, language: Language, kind: 'cashback' | 'discount' | 'coupon', terms: PromotionTerms): string {
  const money = (cents: number | null) => formatKwanza(cents ?? 0, language);
  const from = terms.from !== null && terms.from > 1 ? t('promotions.terms.from', { amount: money(terms.from) }) : null;
  // a coupon's offer as its members read it (the coupons' words), its threshold within it
  if (kind === 'coupon') return couponOffer({ type: Number(terms.type) as 1 | 2 | 4, amountOff: terms.amountOff, threshold: terms.from, percentBp: terms.ratioBp, maxOff: terms.max }, t, language);
  // paying with cashback: its share of the price, within its least and most (a customer holding less than the least gets none)
  if (kind === 'discount' && terms.type === 'cashbackDeduction') {
    return [t('promotions.terms.deduction', { percent: percentText(terms.ratioBp ?? 0, language), min: money(terms.min), max: money(terms.max) }), from].filter(Boolean).join(', ');
  }
  const offer = terms.ratioBp !== null
    ? (terms.max !== null ? t(`promotions.terms.${kind}RatioMax`, { percent: percentText(terms.ratioBp, language), max: money(terms.max) }) : t(`promotions.terms.${kind}Ratio`, { percent: percentText(terms.ratioBp, language) }))
    : t(`promotions.terms.${kind}Range`, { min: money(terms.min), max: money(terms.max) });
  return [offer, from].filter(Boolean).join(', ');
}
