import { deviceId } from '../src/lib/device.ts';
import { DURATIONS } from './transport-ui.ts';

/** Behaviour tracker (spec §7). Our own server receives it at `/track`; failures are never shown. */
const TRACK_BASE = '/track';

const sessionId = (() => {
  const bytes = typeof crypto === 'undefined' ? [] : Array.from(crypto.getRandomValues(new Uint8Array(8)));
  return bytes.map((b) => b.toString(16).padStart(2, '0')).join('');
})();
let previousPageId = '';

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
