import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { createAppRouter, preloadMatchedScreens, ROUTER_OPTIONS } from './routes.tsx';
import { createI18n, loadLanguage } from './i18n.ts';
import { setDateLanguage } from './lib/dateLocale.ts';
import { setSsrData, type SsrData } from './ssrData.ts';

/**
 * The server's render of a public page (built by `vite build --ssr`, run by server/ssr.ts): the
 * same router, screens and dictionaries as the client, at `url`, in `data.language`, with the
 * documents of `data` already loaded. The screens the page shows are loaded before the render, so
 * the markup is the whole page, not a loading line, and the client's first render matches it.
 */
export interface RenderedPage {
  html: string;
  title: string;
  /** The router's verdict: a page that is not found is left to the client. */
  found: boolean;
}

export async function render(url: string, data: SsrData): Promise<RenderedPage> {
  await loadLanguage(data.language);
  const router = createAppRouter(createMemoryHistory({ initialEntries: [url] }));
  await router.load();
  await preloadMatchedScreens(router);
  const matches = router.state.matches;
  const found = !matches.some((match) => match.status === 'notFound' || match.status === 'error' || (match as { globalNotFound?: boolean }).globalNotFound);
  const i18n = createI18n(data.language);
  const titleKey = matches.at(-1)?.staticData.title;
  const title = titleKey ? `${i18n.t(titleKey)} · ${i18n.t('app.name')}` : i18n.t('app.name');
  // one render at a time (renderToString is synchronous): the process-wide language and data are this page's
  setSsrData(data);
  setDateLanguage(data.language);
  try {
    const html = renderToString(
      <StrictMode>
        <RouterProvider router={router} />
      </StrictMode>,
    );
    return { html, title, found };
  } finally {
    setSsrData(null);
  }
}

/**
 * The inline scripts the router writes into any page it renders (its scroll restoration, run before
 * the app hydrates), found by rendering an empty page with the app's router options: the server's
 * Content-Security-Policy allows exactly these by their hashes (server/securityHeaders.ts), and
 * tests/server/renderedPages.test.ts fails when a rendered page carries any other.
 */
export async function inlineScripts(): Promise<string[]> {
  const root = createRootRoute();
  const empty = createRoute({ getParentRoute: () => root, path: '/', component: () => null });
  const router = createRouter({ routeTree: root.addChildren([empty]), ...ROUTER_OPTIONS, history: createMemoryHistory({ initialEntries: ['/'] }) });
  await router.load();
  const html = renderToString(<RouterProvider router={router} />);
  return [...html.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/gi)].map(([, text]) => text!);
}
