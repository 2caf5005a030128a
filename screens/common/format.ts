import dayjs from 'dayjs';
import { formatKwanza } from '../../src/lib/money.ts';
export { amountPlaceholder } from '../../src/lib/money.ts';
import { normaliseLanguage, type Language } from '../../src/lib/language.ts';
import '../../src/lib/dates.ts'; // the date library's locales

export const languageOf = (i18nLanguage: string): Language => normaliseLanguage(i18nLanguage);

export const money = (centimos: number | bigint, language: Language) => formatKwanza(centimos, language);

/** A time in the reader's language (a ledger line's, a payment's, a code's): "14 mar 2026, 09:05", "2026年3月14日 09:05". */
export function lineTime(iso: string, language: Language): string {
  const time = dayjs(iso).locale(language === 'zh' ? 'zh-cn' : language);
  return language === 'zh' ? time.format('YYYY年M月D日 HH:mm') : time.format('D MMM YYYY, HH:mm');
}
