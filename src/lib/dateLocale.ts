import type { Language } from './language.ts';

/**
 * The date library's locale per language. The app shell only records the language here: the
 * library itself (dayjs, 4 KB) comes with the formatters, src/lib/dates.ts, in the chunks of the
 * screens that write dates, and takes the language then and at every change.
 */
export const DAYJS_LOCALE: Record<Language, string> = { pt: 'pt', en: 'en', zh: 'zh-cn', fr: 'fr' };

/** pt comes with the formatters and en is the date library's own; the others come with their language (src/i18n.ts loadLanguage). */
const LOCALE_LOADERS: Partial<Record<Language, () => Promise<unknown>>> = {
  zh: () => import('dayjs/locale/zh-cn'),
  fr: () => import('dayjs/locale/fr'),
};
export async function loadDateLocale(language: Language): Promise<void> {
  await LOCALE_LOADERS[language]?.();
}

let chosen: Language = 'pt';
let apply: ((language: Language) => void) | null = null;

/** decisions.md: the date library's locale follows the chosen language. */
export function setDateLanguage(language: Language) {
  chosen = language;
  apply?.(language);
}

/** The formatters, once loaded, follow the chosen language from now on (src/lib/dates.ts). */
export function followDateLanguage(applyLanguage: (language: Language) => void) {
  apply = applyLanguage;
  applyLanguage(chosen);
}
