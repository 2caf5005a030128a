import dayjs, { type Dayjs } from 'dayjs';
import 'dayjs/locale/pt';
import type { Language } from './language.ts';
import { DAYJS_LOCALE, followDateLanguage } from './dateLocale.ts';
import { inLanguage, type SentencePart } from './sentence.ts';

// the date library's locale for the app (src/lib/dateLocale.ts, in the first bundle without the library)
export { loadDateLocale, setDateLanguage } from './dateLocale.ts';
followDateLanguage((language) => dayjs.locale(DAYJS_LOCALE[language]));

/** Days as they travel and are stored (spec §9): Luanda days, `YYYY-MM-DD`. Never shown as such. */
export const DATE_FORMAT = 'YYYY-MM-DD';

/**
 * How each language writes a day, a day and time, and a day in a short list (a chart's axis): the one
 * place dates are written for people (pt `26 nov 2026, 14:05`, fr `26 nov. 2026, 14:05`, en
 * `26 Nov 2026, 14:05`, zh `2026年11月26日 14:05`), the month's name in the language's own words.
 */
const FORMATS: Record<Language, { day: string; dayTime: string; shortDay: string }> = {
  pt: { day: 'D MMM YYYY', dayTime: 'D MMM YYYY, HH:mm', shortDay: 'D MMM' },
  fr: { day: 'D MMM YYYY', dayTime: 'D MMM YYYY, HH:mm', shortDay: 'D MMM' },
  en: { day: 'D MMM YYYY', dayTime: 'D MMM YYYY, HH:mm', shortDay: 'D MMM' },
  zh: { day: 'YYYY年M月D日', dayTime: 'YYYY年M月D日 HH:mm', shortDay: 'M月D日' },
};

type DateValue = string | number | Date;

/** A day (a Luanda day `YYYY-MM-DD`, or the day of a time) as `language` writes it: `26 nov 2026`. */
export function formatDate(value: DateValue, language: Language): string {
  return dayjs(value).locale(DAYJS_LOCALE[language]).format(FORMATS[language].day);
}

/** A time as `language` writes it: `26 nov 2026, 14:05`. */
export function formatDateTime(value: DateValue, language: Language): string {
  return dayjs(value).locale(DAYJS_LOCALE[language]).format(FORMATS[language].dayTime);
}

/** A day without its year, where the year is plain (a chart's axis): `26 nov`, `11月26日`. */
export function formatShortDay(value: DateValue, language: Language): string {
  return dayjs(value).locale(DAYJS_LOCALE[language]).format(FORMATS[language].shortDay);
}

/** An hour of the day (a Luanda hour, `00`–`23`) as a label: `9h`, `09:00`, `9时`. */
export function formatHour(hour: string | number, language: Language): string {
  const h = Number(hour);
  return language === 'en' ? `${String(h).padStart(2, '0')}:00` : language === 'zh' ? `${h}时` : `${h}h`;
}

/** A day inside a sentence (`t('…', { date: dayInSentence(d) })`): written in the sentence's language. */
export const dayInSentence = (value: DateValue): SentencePart => inLanguage((language) => formatDate(value, language));

/** A time inside a sentence: written in the sentence's language. */
export const timeInSentence = (value: DateValue): SentencePart => inLanguage((language) => formatDateTime(value, language));

/** Date-filter shortcut codes of spec §9. */
export const DATE_SHORTCUTS = {
  yesterday: 1,
  thisWeek: 2,
  lastWeek: 3,
  thisMonth: 4,
  lastMonth: 5,
  last7Days: 6,
  today: 7,
  last30Days: 8,
} as const;
export type DateShortcut = (typeof DATE_SHORTCUTS)[keyof typeof DATE_SHORTCUTS];

/** The inclusive [start, end] day range a shortcut stands for, as YYYY-MM-DD; weeks start Monday. */
export function shortcutRange(code: DateShortcut, now: Dayjs = dayjs()): { start: string; end: string } {
  const day = now.startOf('day');
  const monday = day.subtract((day.day() + 6) % 7, 'day');
  const range = (start: Dayjs, end: Dayjs) => ({ start: start.format(DATE_FORMAT), end: end.format(DATE_FORMAT) });
  switch (code) {
    case 1: return range(day.subtract(1, 'day'), day.subtract(1, 'day'));
    case 2: return range(monday, day);
    case 3: return range(monday.subtract(7, 'day'), monday.subtract(1, 'day'));
    case 4: return range(day.startOf('month'), day);
    case 5: {
      const last = day.startOf('month').subtract(1, 'month');
      return range(last, last.endOf('month'));
    }
    case 6: return range(day.subtract(6, 'day'), day);
    case 7: return range(day, day);
    case 8: return range(day.subtract(29, 'day'), day);
  }
}
