import { deviceId } from '../src/lib/device.ts';
import { DURATIONS } from './transport-ui.ts';

/** Behaviour tracker (spec §7). Our own server receives it at `/track`; failures are never shown. */
const TRACK_BASE = '/track';

const sessionId = (() => {
  const bytes = typeof crypto === 'undefined' ? [] : Array.from(crypto.getRandomValues(new Uint8Array(8)));
  return bytes.map((b) => b.toString(16).padStart(2, '0')).join('');
})();
let previousPageId = '';
/** The page shown now (its route's page id): every click names it. */
let currentPageId = '';

export interface PageView {
  pageType: string;
  pageId: string;
  durationMs: number;
  title: string;
}

export async function trackPageView(view: PageView) {
  const params = new URLSearchParams({
    pageType: view.pageType,
    duration: String(Math.round(view.durationMs)),
    resolution: `${screen.width}x${screen.height}`,
    referrer: document.referrer,
    title: view.title,
    fingerprint: await deviceId(),
    pageId: view.pageId,
    prevPageId: previousPageId,
    sessionId,
  });
  previousPageId = view.pageId;
  const beacon = new Image();
  beacon.src = `${TRACK_BASE}/pv.gif?${params}`;
}

export async function trackClick(click: { elementType: string; key: string; title: string; pageId: string }) {
  const fingerprint = await deviceId();
  const { http } = await import('./http.ts'); // keeps axios out of the first page's bundle
  await http
    .post(`${TRACK_BASE}/click`, { ...click, fingerprint, prevPageId: previousPageId, sessionId }, {
      timeout: DURATIONS.trackTimeout,
      headers: { 'Finger-Print': fingerprint },
    })
    .catch(() => undefined); // tracking must never disturb the user
}

/** What a tracked element tells about itself: `data-track` (its key), `data-track-type`, `data-track-title`. */
export interface TrackedElement {
  elementType: string;
  key: string;
  title: string;
}

/**
 * The tracked element a click landed on or in, if any. Its title is `data-track-title`, else its
 * accessible label, else its own text (buttons and links say what they do), never a field's value.
 */
export function trackedElement(target: EventTarget | null): TrackedElement | null {
  const element = typeof Element !== 'undefined' && target instanceof Element ? target.closest<HTMLElement>('[data-track]') : null;
  const key = element?.dataset.track?.trim();
  if (!element || !key) return null;
  const label = element.dataset.trackTitle ?? element.getAttribute('aria-label') ?? (element instanceof HTMLInputElement ? '' : element.textContent ?? '');
  return {
    elementType: (element.dataset.trackType ?? element.getAttribute('role') ?? element.tagName).toLowerCase().slice(0, 64),
    key: key.slice(0, 128),
    title: label.replace(/\s+/g, ' ').trim().slice(0, 100),
  };
}

/**
 * Clicks, once for the whole app: one listener on the document (in the capture phase, so a screen
 * that stops a click's propagation still has it counted) posts the click of every element that
 * carries a tracking key. Returns the way to remove it.
 */
export function installClickTracking(root: Pick<Document, 'addEventListener' | 'removeEventListener'> = document): () => void {
  const listener = (event: Event) => {
    const element = trackedElement(event.target);
    if (element) void trackClick({ ...element, pageId: currentPageId });
  };
  root.addEventListener('click', listener, { capture: true, passive: true });
  return () => root.removeEventListener('click', listener, { capture: true });
}

/** The little of the router the page tracking reads (TanStack Router's). */
export interface TrackedRouter {
  state: { matches: ReadonlyArray<{ staticData: { pageId?: string } }>; location: { pathname: string }; resolvedLocation?: { pathname: string } };
  subscribe(event: 'onBeforeLoad' | 'onResolved', listener: (event: { pathChanged: boolean }) => void): () => void;
}

/**
 * Page views: when the router has resolved a new address, the page just left is sent with the
 * time spent on it and its route's page id (the not-found screen's when no route took it).
 */
export function trackPages(router: TrackedRouter, notFoundPageId: string, now: () => number = () => performance.now()): () => void {
  const shownPageId = () => {
    const leaf = router.state.matches.at(-1);
    return leaf?.staticData.pageId ?? notFoundPageId;
  };
  // the tracker loads after the first page (src/main.tsx): a page already resolved by then has been
  // shown since the navigation started, performance.now()'s origin
  const resolved = router.state.resolvedLocation;
  let shownAt = resolved ? 0 : now();
  let current: { pageId: string; path: string } | null = resolved ? { pageId: shownPageId(), path: resolved.pathname } : null;
  if (current) currentPageId = current.pageId;
  // the page left's title, taken before the next page renders and sets its own
  let leavingTitle = '';
  const stopBefore = router.subscribe('onBeforeLoad', () => {
    leavingTitle = document.title;
  });
  const stopResolved = router.subscribe('onResolved', (event) => {
    if (current && !event.pathChanged) return;
    const next = { pageId: shownPageId(), path: router.state.location.pathname };
    if (current) void trackPageView({ pageType: current.path.split('/')[1] || 'home', pageId: current.pageId, durationMs: now() - shownAt, title: leavingTitle });
    shownAt = now();
    current = next;
    currentPageId = next.pageId;
  });
  return () => {
    stopBefore();
    stopResolved();
  };
}
