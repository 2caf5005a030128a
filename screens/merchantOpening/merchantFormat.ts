import dayjs from 'dayjs';
import type { TFunction } from 'i18next';
import categories from '../../services/data/merchant_categories.json' with { type: 'json' };
import { INTL_LOCALE, normaliseLanguage, type Language } from '../../src/lib/language.ts';
import { formatKwanza } from '../../src/lib/money.ts';
import '../../src/lib/dates.ts'; // the date library's locales

/**
 * What the merchant screens say alike: a business category in the reader's language (ISO 18245,
 * services/data/merchant_categories.json; fr reads pt), the service charge, and a store's days and hours.
 */
type Labelled = { code: string; pt: string; en: string; zh: string };
const CATEGORIES = categories.categories as Labelled[];

export const CATEGORY_CODES: readonly string[] = CATEGORIES.map((c) => c.code);

export function categoryLabel(code: string, language: Language): string {
  const category = CATEGORIES.find((c) => c.code === code);
  if (!category) return code;
  return language === 'en' || language === 'zh' ? category[language] : category.pt;
}

/** The categories as a list to choose from, in the reader's language and alphabetical order. */
export function categoryOptions(language: Language): { code: string; label: string }[] {
  return CATEGORIES.map((c) => ({ code: c.code, label: categoryLabel(c.code, language) })).sort((a, b) => a.label.localeCompare(b.label, INTL_LOCALE[language]));
}

/** "0,5 % of each payment, at most 1 000,00 Kz" */
export function chargeText(rateBp: number, cap: number | null, language: Language, t: TFunction): string {
  const rate = new Intl.NumberFormat(INTL_LOCALE[language], { style: 'percent', maximumFractionDigits: 2 }).format(rateBp / 10_000);
  return cap === null ? t('merchantOpening.chargeRate', { rate }) : t('merchantOpening.chargeRateCapped', { rate, cap: formatKwanza(cap, language) });
}

/** "Mon–Fri", "Every day", or the single days: "Mon, Wed, Sat". */
export function daysText(days: readonly number[], t: TFunction): string {
  const sorted = [...days].sort((a, b) => a - b).join(',');
  if (sorted === '1,2,3,4,5,6,7') return t('store.days.everyDay');
  if (sorted === '1,2,3,4,5') return t('store.days.weekdays');
  return [...days].sort((a, b) => a - b).map((d) => t(`store.days.short.${d}`)).join(', ');
}

export const languageOf = (i18nLanguage: string): Language => normaliseLanguage(i18nLanguage);
export const money = (centimos: number | bigint, language: Language) => formatKwanza(centimos, language);

/** A time in the reader's language: "14 mar 2026, 09:05", "2026年3月14日 09:05". */
export function lineTime(iso: string, language: Language): string {
  const time = dayjs(iso).locale(language === 'zh' ? 'zh-cn' : language);
  return language === 'zh' ? time.format('YYYY年M月D日 HH:mm') : time.format('D MMM YYYY, HH:mm');
}
