import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { createAppRouter, preloadMatchedScreens } from './routes.tsx';
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
