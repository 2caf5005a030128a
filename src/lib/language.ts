import { matchRoute } from '../../services/routeTable.ts';

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

/**
 * A link to one of the app's pages (same origin, a route of the table) with the `language`
 * parameter the page opens in, when the link names none: the server renders it in that language
 * (server/ssr.ts) and a new tab starts in it. Null when the link is left as it is (another site, a
 * file, a link that already names its language).
 */
export function withLanguage(href: string, language: Language, origin: string): string | null {
  let url: URL;
  try {
    url = new URL(href, origin);
  } catch {
    return null;
  }
  if (url.origin !== origin || url.searchParams.has('language') || !matchRoute(url.pathname)) return null;
  url.searchParams.set('language', language);
  return url.pathname + url.search + url.hash;
}
