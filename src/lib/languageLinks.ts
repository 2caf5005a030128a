import { matchRoute } from '../../services/returnTo.ts';
import type { Language } from './language.ts';

/**
 * Every link to one of the app's pages carries the language it is read in (`?language=`), set on
 * the link as it is followed (a click, a middle click, a long press's menu): a page it loads, in this
 * tab or a new one, opens in the same language, rendered so by the server. One listener on the
 * document, in the capture phase (a link's own handler may stop the click), as for click tracking.
 */
export function carryLanguageOnLinks(language: () => Language): () => void {
  const isAppPage = (pathname: string) => matchRoute(pathname) !== null;
  const carry = (event: Event) => {
    const anchor = event.target instanceof Element ? event.target.closest('a[href]') : null;
    if (!(anchor instanceof HTMLAnchorElement) || anchor.hasAttribute('download')) return;
    const href = withLanguage(anchor.getAttribute('href')!, language(), window.location.origin, isAppPage);
    if (href) anchor.setAttribute('href', href);
  };
  const types = ['click', 'auxclick', 'contextmenu'] as const;
  for (const type of types) document.addEventListener(type, carry, true);
  return () => {
    for (const type of types) document.removeEventListener(type, carry, true);
  };
}

/**
 * A link to one of the app's pages (same origin, `isAppPage`: a route of the table) with the
 * `language` parameter the page opens in, when the link names none: the server renders it in that
 * language (server/ssr.ts) and a new tab starts in it. Null when the link is left as it is (another
 * site, a file, a link that already names its language).
 */
export function withLanguage(href: string, language: Language, origin: string, isAppPage: (pathname: string) => boolean): string | null {
  let url: URL;
  try {
    url = new URL(href, origin);
  } catch {
    return null;
  }
  if (url.origin !== origin || url.searchParams.has('language') || !isAppPage(url.pathname)) return null;
  url.searchParams.set('language', language);
  return url.pathname + url.search + url.hash;
}
