import dayjs from 'dayjs';
import 'dayjs/locale/pt';
import type { Language } from './language.ts';

/**
 * The date library's locale per language, loaded with the language (the app shell needs only
 * this; the formatters, src/lib/dates.ts, come with the screens that write dates).
 */
export const DAYJS_LOCALE: Record<Language, string> = { pt: 'pt', en: 'en', zh: 'zh-cn', fr: 'fr' };

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
