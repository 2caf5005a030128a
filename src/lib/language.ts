/** decisions.md: the four languages, their accepted spellings, and pt for anything else. */
export const LANGUAGES = ['pt', 'en', 'zh', 'fr'] as const;
export type Language = (typeof LANGUAGES)[number];

/** The in-app menu offers these three; fr is reachable by the `language` query parameter. */
export const MENU_LANGUAGES: readonly { value: Language; label: string }[] = [
  { value: 'zh', label: '中文(简体)' },
  { value: 'pt', label: 'Português' },
  { value: 'en', label: 'English' },
];

/** BCP-47 locale used by Intl for each language (Angolan Portuguese for pt). */
export const INTL_LOCALE: Record<Language, string> = { pt: 'pt-AO', en: 'en-US', zh: 'zh-CN', fr: 'fr-FR' };

export function normaliseLanguage(value: unknown): Language {
  const tag = String(value ?? '').trim().toLowerCase().split(/[-_]/)[0];
  return (LANGUAGES as readonly string[]).includes(tag ?? '') ? (tag as Language) : 'pt';
}

/**
 * Start-up language: the `language` query parameter wins (and is saved), else the saved LANG,
 * else pt.
 */
export function resolveStartupLanguage(search: string, saved: string | null): { language: Language; save: boolean } {
  const fromQuery = new URLSearchParams(search).get('language');
  if (fromQuery) return { language: normaliseLanguage(fromQuery), save: true };
  if (saved) return { language: normaliseLanguage(saved), save: false };
  return { language: 'pt', save: false };
}
