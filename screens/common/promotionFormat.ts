import type { TFunction } from 'i18next';
import type { CouponTerms } from '../../services/contract/myCoupons.ts';
import { INTL_LOCALE, type Language } from '../../src/lib/language.ts';
import { formatDate } from '../../src/lib/dates.ts';
import { money } from './format.ts';

/**
 * How the member's promotion pages word a promotion's figures (the coupons' pages, the cashback
 * announcement): a share in basis points as a percentage in the reader's language, and a coupon's
 * terms (spec §3: type 1 an amount off, 2 spend X get Y off, 4 a percentage off, at most Y) and its
 * validity in one line each. Texts are the `coupons` section's.
 */
export const percentText = (basisPoints: number, language: Language) =>
  new Intl.NumberFormat(INTL_LOCALE[language], { style: 'percent', maximumFractionDigits: 2 }).format(basisPoints / 10_000);

export function couponOffer(terms: Pick<CouponTerms, 'type' | 'amountOff' | 'threshold' | 'percentBp' | 'maxOff'>, t: TFunction, language: Language): string {
  const kz = (value: number | null) => money(value ?? 0, language);
  switch (terms.type) {
    case 1:
      return terms.threshold ? t('coupons.offer.amountFrom', { amount: kz(terms.amountOff), threshold: kz(terms.threshold) }) : t('coupons.offer.amount', { amount: kz(terms.amountOff) });
    case 2:
      return t('coupons.offer.spend', { amount: kz(terms.amountOff), threshold: kz(terms.threshold) });
    default: {
      const percent = percentText(terms.percentBp ?? 0, language);
      return terms.maxOff ? t('coupons.offer.percentMax', { percent, max: kz(terms.maxOff) }) : t('coupons.offer.percent', { percent });
    }
  }
}

export const couponValidity = (terms: Pick<CouponTerms, 'startsAt' | 'endsAt'>, t: TFunction, language: Language) =>
  terms.endsAt
    ? t('coupons.validity.until', { from: formatDate(terms.startsAt, language), to: formatDate(terms.endsAt, language) })
    : t('coupons.validity.open', { from: formatDate(terms.startsAt, language) });
