import dayjs, { type Dayjs } from 'dayjs';
import 'dayjs/locale/pt';
import type { Language } from './language.ts';

export const DATE_FORMAT = 'YYYY-MM-DD';

const DAYJS_LOCALE: Record<Language, string> = { pt: 'pt', en: 'en', zh: 'zh-cn', fr: 'fr' };

/** pt is in the first bundle and en is the date library's own; the others come with their language (src/i18n.ts loadLanguage). */
const LOCALE_LOADERS: Partial<Record<Language, () => Promise<unknown>>> = {
  zh: () => import('dayjs/locale/zh-cn'),
  fr: () => import('dayjs/locale/fr'),
};
export async function loadDateLocale(language: Language): Promise<void> {
  await LOCALE_LOADERS[language]?.();
}

/** decisions.md: the date library's locale follows the chosen language. */
export function setDateLanguage(language: Language) {
  dayjs.locale(DAYJS_LOCALE[language]);
}

export function formatDate(value: string | number | Date, language: Language): string {
  return dayjs(value).locale(DAYJS_LOCALE[language]).format(DATE_FORMAT);
}

export function formatDateTime(value: string | number | Date, language: Language): string {
  return dayjs(value).locale(DAYJS_LOCALE[language]).format(`${DATE_FORMAT} HH:mm`);
}

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
