import type { Language } from './lib/language.ts';

/** The id of the page's `<script type="application/json">` holding its SsrData (data, never run: the Content-Security-Policy need not allow it). */
export const SSR_DATA_ID = 'kw-ssr';

/**
 * What a page rendered by the server (src/entry-server.tsx, served by server/ssr.ts) was rendered
 * with: its language and the server content it shows (an agreement, a help page). The server writes
 * it into the page as a JSON block (`SSR_DATA_ID`); the client reads it back so its first render, which
 * hydrates that HTML, is the same render: the same language and the document already loaded instead
 * of a loading line.
 */
export interface SsrData {
  language: Language;
  /** The path rendered: a page whose address changed before the app started is rendered afresh. */
  path: string;
  /** Gateway outcomes of `common/content/getDocument` by `<slug>|<language>`. */
  documents: Record<string, { ok: true; data: unknown } | { ok: false; code: string; message: string; detail: string }>;
}

/** The data the server embedded in this page, if it rendered it. */
function embedded(): SsrData | null {
  const text = typeof document !== 'undefined' ? document.getElementById(SSR_DATA_ID)?.textContent : null;
  if (!text) return null;
  try {
    return JSON.parse(text) as SsrData;
  } catch {
    return null; // a page that cannot be read is rendered by the client, not hydrated
  }
}

// on the server, src/entry-server.tsx sets it for the one synchronous render it does at a time
let current: SsrData | null = embedded();

export function setSsrData(data: SsrData | null) {
  current = data;
}

export function ssrData(): SsrData | null {
  return current;
}

export const documentKey = (slug: string, language: string) => `${slug}|${language}`;

/** The server's answer for a document the page was rendered with, if it was. */
export function embeddedDocument(slug: string, language: string) {
  return current?.documents[documentKey(slug, language)];
}
