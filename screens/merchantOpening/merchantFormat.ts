import type { TFunction } from 'i18next';
import { INTL_LOCALE, type Language } from '../../src/lib/language.ts';
import { money } from '../common/format.ts';

// What the merchant screens say alike: the service charge, and a store's days. (A business
// category's name is screens/common/category.ts's: the payer's screens show it too.)

/** "0,5 % of each payment, at most 1 000,00 Kz" */
export function chargeText(rateBp: number, cap: number | null, language: Language, t: TFunction): string {
  const rate = new Intl.NumberFormat(INTL_LOCALE[language], { style: 'percent', maximumFractionDigits: 2 }).format(rateBp / 10_000);
  return cap === null ? t('merchantOpening.chargeRate', { rate }) : t('merchantOpening.chargeRateCapped', { rate, cap: money(cap, language) });
}

/** "Mon–Fri", "Every day", or the single days: "Mon, Wed, Sat". */
export function daysText(days: readonly number[], t: TFunction): string {
  const sorted = [...days].sort((a, b) => a - b).join(',');
  if (sorted === '1,2,3,4,5,6,7') return t('store.days.everyDay');
  if (sorted === '1,2,3,4,5') return t('store.days.weekdays');
  // three or more days in a row read as a span ("Seg–Sáb"), others one by one
  const runs: number[][] = [];
  for (const day of [...days].sort((a, b) => a - b)) {
    const last = runs.at(-1);
    if (last && day === last.at(-1)! + 1) last.push(day);
    else runs.push([day]);
  }
  const short = (d: number) => t(`store.days.short.${d}`);
  return runs.map((run) => (run.length >= 3 ? `${short(run[0]!)}–${short(run.at(-1)!)}` : run.map(short).join(', '))).join(', ');
}

// the reader's language, money and times are screens/common/format.ts's; re-exported only for the cashier's screens, which import them from here
export { amountPlaceholder, languageOf, lineTime, money } from '../common/format.ts';
