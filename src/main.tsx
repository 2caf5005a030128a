import './lib/zodJitless.ts'; // first: before any module builds a schema
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from '@tanstack/react-router';
import { preloadMatchedScreens, router } from './routes.tsx';
import { loadLanguage } from './i18n.ts';
import { startupLanguage } from './Body.tsx';
import { storage } from './lib/storage.ts';
import { ssrData } from './ssrData.ts';
import { normaliseLanguage } from './lib/language.ts';
import { NOT_FOUND } from '../services/routeTable.ts';
import type { TrackedRouter } from '../services/tracker.ts';
import './styles.css';

// (antd-mobile's imperative pop-ups — Toast.show, Dialog.confirm — would need its React 19 render
// bridge, unstableSetRender; the app uses its own toasts and only declarative components, so the
// bridge and the legacy render it carries stay out of the first bundle)

// the behaviour tracker (spec §7): page views by the route table's page ids, and every click on an
// element with a tracking key (`data-track`), from one listener; its own chunk, loaded beside the
// first page and never waited for (it takes up a first page already shown)
void import('../services/tracker.ts').then(({ installClickTracking, trackPages }) => {
  trackPages(router as unknown as TrackedRouter, NOT_FOUND.pageId);
  installClickTracking();
}, () => undefined);

/**
 * A page the server rendered (server/ssr.ts) is hydrated: React takes over its markup in one pass
 * (same language, the route's screens and documents in memory first), nothing repainted. Unless its
 * start-up script (index.html) marked it for a swap — the tab's saved language is another, or `/`
 * for someone signed in — the client renders instead, over the app's frame. A page the server did
 * not render shows the frame (index.html) until the route's screen is ready.
 */
const rootElement = document.getElementById('root')!;
const language = startupLanguage();
const rendered = ssrData();
// (the signed-in check again: a sign-in in another tab may land between the start-up script and here)
const signedInHome = window.location.pathname === '/' && !!(storage.getUserInfo()?.h5Token || storage.getUserInfo()?.token);
const hydrate = !!rendered && rendered.language === language && rendered.path === window.location.pathname && !signedInHome && !document.documentElement.classList.contains('kw-swap');

// the start-up language's dictionary is in memory before the first screen renders (a promise, not
// a top-level await: with one, the bundler keeps the entry's modules in many small chunks, each a
// request on the first page)
// every link to one of the app's pages carries the page's language (`<html lang>`, which src/Body.tsx
// keeps): its own small chunk, fetched now, alongside the dictionary and the route's screens, and
// never waited for (without it links work as before)
void import('./lib/languageLinks.ts').then(
  ({ carryLanguageOnLinks }) => void carryLanguageOnLinks(() => normaliseLanguage(document.documentElement.lang)),
  () => undefined,
);
/**
 * Once the app owns the page, a tap on a link to one of its pages changes the screen, not the
 * document (src/lib/appLinks.ts; before, a link loads its page, as it does without script).
 */
const followLinksInApp = () =>
  void Promise.all([import('./lib/appLinks.ts'), import('../services/returnTo.ts')]).then(
    ([{ followAppLinks }, { matchRoute }]) => void followAppLinks((href) => void router.navigate({ href }), (pathname) => matchRoute(pathname) !== null),
    () => undefined,
  );

void Promise.all([loadLanguage(language), router.load().then(() => preloadMatchedScreens(router))]).then(() => {
  const app = (
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>
  );
  // (the address again: a script may have moved it while the code and dictionaries loaded)
  if (hydrate && router.state.location.pathname === rendered.path && window.location.pathname === rendered.path) {
    // the server rendered the match tree without the client-only Suspense boundary around it
    // (@tanstack/react-router Matches): the client's tree must be the same shape
    (router as { ssr?: unknown }).ssr = { manifest: undefined };
    hydrateRoot(rootElement, app);
    document.getElementById('kw-frame')?.remove();
    followLinksInApp();
    return;
  }
  rootElement.replaceChildren();
  createRoot(rootElement).render(app);
  followLinksInApp();
  // the frame goes when the app has painted into the root
  new MutationObserver((_, observer) => {
    if (!rootElement.firstChild) return;
    observer.disconnect();
    document.getElementById('kw-frame')?.remove();
    document.documentElement.classList.remove('kw-swap');
  }).observe(rootElement, { childList: true });
}, (error: unknown) => {
  // the page the server rendered stays as it works without the app: its loader holds no more taps
  document.dispatchEvent(new Event('kw-failed'));
  throw error;
});
