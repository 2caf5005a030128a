import { formatKwanza } from '../../src/lib/money.ts';
export { amountPlaceholder } from '../../src/lib/money.ts';
import { normaliseLanguage, type Language } from '../../src/lib/language.ts';
import { formatDateTime } from '../../src/lib/dates.ts';

export const languageOf = (i18nLanguage: string): Language => normaliseLanguage(i18nLanguage);

export const money = (centimos: number | bigint, language: Language) => formatKwanza(centimos, language);

/** A time in the reader's language (a ledger line's, a payment's, a code's): "14 mar 2026, 09:05", "2026年3月14日 09:05" (src/lib/dates.ts). */
export const lineTime = (iso: string, language: Language): string => formatDateTime(iso, language);

export { dayInSentence, timeInSentence } from '../../src/lib/dates.ts';
