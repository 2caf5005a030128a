import type { TFunction } from 'i18next';
import { INTL_LOCALE, type Language } from '../../src/lib/language.ts';
import { money } from '../common/format.ts';

// The service charge in words. (A store's days are screens/common/storeDays.ts's, a business
// category's name screens/common/category.ts's: other flows' screens show them too.)

/** "0,5 % of each payment, at most 1 000,00 Kz" */
export function chargeText(rateBp: number, cap: number | null, language: Language, t: TFunction): string {
  const rate = new Intl.NumberFormat(INTL_LOCALE[language], { style: 'percent', maximumFractionDigits: 2 }).format(rateBp / 10_000);
  return cap === null ? t('merchantOpening.chargeRate', { rate }) : t('merchantOpening.chargeRateCapped', { rate, cap: money(cap, language) });
}
