import dayjs from 'dayjs';
import type { TFunction } from 'i18next';
import { formatKwanza } from '../../src/lib/money.ts';
import { normaliseLanguage, type Language } from '../../src/lib/language.ts';
import '../../src/lib/dates.ts'; // the date library's locales

/** The kinds of ledger movement that have a name of their own; anything else reads "movement". */
const KINDS = ['transfer', 'topup', 'withdrawal', 'withdraw_hold', 'withdraw_release', 'payment', 'refund', 'cashback', 'fee'] as const;

export const languageOf = (i18nLanguage: string): Language => normaliseLanguage(i18nLanguage);

export const money = (centimos: number | bigint, language: Language) => formatKwanza(centimos, language);

/** A line's time in the reader's language: "14 mar 2026, 09:05", "2026年3月14日 09:05". */
export function lineTime(iso: string, language: Language): string {
  const time = dayjs(iso).locale(language === 'zh' ? 'zh-cn' : language);
  return language === 'zh' ? time.format('YYYY年M月D日 HH:mm') : time.format('D MMM YYYY, HH:mm');
}

export function kindLabel(kind: string, t: TFunction): string {
  return (KINDS as readonly string[]).includes(kind) ? t(`fundDetail.kinds.${kind}`) : t('fundDetail.kinds.other');
}
