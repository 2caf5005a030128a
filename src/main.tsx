import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from '@tanstack/react-router';
import { router } from './routes.tsx';
import { loadLanguage } from './i18n.ts';
import { startupLanguage } from './Body.tsx';
import { trackPageView } from '../services/tracker.ts';
import './styles.css';

// (antd-mobile's imperative pop-ups — Toast.show, Dialog.confirm — would need its React 19 render
// bridge, unstableSetRender; the app uses its own toasts and only declarative components, so the
// bridge and the legacy render it carries stay out of the first bundle)

// page views for the behaviour tracker: the page just left, with the time spent on it
let shownAt = performance.now();
let current = { path: window.location.pathname, title: document.title };
router.subscribe('onResolved', (event) => {
  if (!event.pathChanged) return;
  void trackPageView({ pageType: current.path.split('/')[1] || 'home', pageId: current.path, durationMs: performance.now() - shownAt, title: current.title });
  shownAt = performance.now();
  current = { path: event.toLocation.pathname, title: document.title };
});

// the start-up language's dictionary is in memory before the first screen renders (a promise, not
// a top-level await: with one, the bundler keeps the entry's modules in many small chunks, each a
// request on the first page)
void loadLanguage(startupLanguage()).then(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  ),
);
