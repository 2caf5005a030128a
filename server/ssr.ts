import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import zlib from 'node:zlib';
import { CODES } from '../services/contract/answerCodes.ts';
import type { DocumentSlug } from '../services/contract/document.ts';
import { pageIdOf, ROUTES, type SharedKind } from '../services/routeTable.ts';
import { SSR_DATA_ID, type SsrData } from '../src/ssrData.ts';
import { findDocument } from './domains/document/documents.ts';
import { normaliseLanguage, type Language } from './i18n.ts';
import { APP_LOADER } from './appLoader.ts';
import { inlineCodeOf, type InlineCode } from './securityHeaders.ts';

/** The server bundle's export (src/entry-server.tsx, built by `vite build --ssr` into dist-server/). */
export interface PageRenderer {
  render(url: string, data: SsrData): Promise<{ html: string; title: string; found: boolean }>;
  /** The inline scripts any render carries (the router's scroll restoration), for the Content-Security-Policy. */
  inlineScripts?(): Promise<string[]>;
}

/** Loads the server bundle next to the client build; without one, pages are served as the client renders them. */
export async function loadPageRenderer(file: string): Promise<PageRenderer | null> {
  if (!fs.existsSync(file)) return null;
  try {
    return (await import(pathToFileURL(file).href)) as PageRenderer;
  } catch (error) {
    // a server bundle that does not load costs the first paint, never the app: pages go out unrendered
    console.error(`server rendering off: ${file} did not load`, error);
    return null;
  }
}

/** A stylesheet of the build as a page carries it in a `<style>` element (null when there is no such file). */
function stylesheetText(staticDir: string, href: string, base: string): string | null {
  if (!href.startsWith(base)) return null;
  const file = path.join(staticDir, href.slice(base.length));
  if (!fs.existsSync(file)) return null;
  return fs.readFileSync(file, 'utf8').replaceAll('</style', '<\\/style');
}

/**
 * The app's stylesheets linked from a page, put into it instead (≈40 KB, 7 KB brotli, one file:
 * vite.config.ts): on a 300 ms round trip, a render-blocking request costs more than the bytes.
 */
export function inlineStyles(staticDir: string, base = '/dist/'): (html: string) => string {
  const styles = new Map<string, string | null>();
  return (html) =>
    html.replace(/<link rel="stylesheet"(?: crossorigin)? href="([^"]+\.css)">/g, (link, href: string) => {
      if (!styles.has(href)) styles.set(href, stylesheetText(staticDir, href, base));
      const css = styles.get(href);
      return css == null ? link : `<style>${css}</style>`;
    });
}

/**
 * Every text the pages carry inline, for the Content-Security-Policy to allow by its hash
 * (server/securityHeaders.ts): index.html's own scripts and styles as built, the app's loader,
 * the scripts the page renderer writes into every render (`rendererScripts`), and each stylesheet `inlineStyles` may put into a page (those index.html links and those the
 * manifest names for the screens' chunks). All fixed by the build: nothing a request brings is
 * among them, so an injected `<script>` or `<style>` matches no hash.
 */
export function inlinedCode(indexHtml: string | null, manifestStyles: string[], staticDir: string, rendererScripts: string[] = [], base = '/dist/'): InlineCode {
  if (indexHtml === null) return { scripts: [], styles: [] };
  const own = inlineCodeOf(indexHtml);
  const linked = [...indexHtml.matchAll(/<link rel="stylesheet"(?: crossorigin)? href="([^"]+\.css)">/g)].map(([, href]) => href!);
  const sheets = [...new Set([...linked, ...manifestStyles.map((file) => `${base}${file}`)])]
    .map((href) => stylesheetText(staticDir, href, base))
    .filter((css): css is string => css !== null);
  return { scripts: [...own.scripts, APP_LOADER, ...rendererScripts], styles: [...own.styles, ...sheets] };
}

/**
 * JSON inside a script element: nothing in it can close the element or start a comment. Written as
 * `<script type="application/json">`, which the browser never runs: the Content-Security-Policy
 * (server/securityHeaders.ts) has no need to allow it, whatever the page's data.
 */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
export const jsonScript = (id: string, value: unknown) => `<script type="application/json" id="${id}">${scriptJson(value)}</script>`;

/** The first segments of the app's pages (the route table's): the links the loader carries the language on. */
const APP_PATHS = [...new Set(ROUTES.map((route) => route.path.split('/')[1]!))];

/**
 * A rendered page paints from its HTML alone, and works from it: the app's entry and its preloads
 * leave the head for the loader (server/appLoader.ts), which runs them at the first sign of use
 * (and tells the tracker of the page, `pageId`, when it is left before that).
 */
export function deferScripts(html: string, pageId?: string): string {
  const preloads: string[] = [];
  let entry: string | undefined;
  const head = html
    .replace(/\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g, (_, href: string) => {
      preloads.push(href);
      return '';
    })
    .replace(/\s*<script type="module" crossorigin src="([^"]+)"><\/script>/, (_, src: string) => {
      entry = src;
      return '';
    });
  if (!entry) return html;
  return head.replace('</body>', `${jsonScript('kw-deferred', { entry, preloads, appPaths: APP_PATHS, ...(pageId && { pageId }) })}<script>${APP_LOADER}</script>\n  </body>`);
}

const escapeHtml = (text: string) => text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);
const htmlLang = (language: Language) => (language === 'pt' ? 'pt-AO' : language);

/** What the server read for a share page (server/entities/sharePages.ts): its answer, and the link preview made from it. */
export interface SharedRead {
  /** The gateway outcome of the share call, embedded for the client under `key`. */
  key: string;
  outcome: { ok: true; data: unknown } | { ok: false; code: string; message: string; detail: string };
  /** The preview's words and picture (an absolute URL), when the share can be shown. */
  preview?: { title: string; description: string; image: string };
}
export type ReadShared = (kind: SharedKind, params: Record<string, string>, language: Language) => Promise<SharedRead>;

/** A share page is read again after this long: a sold-out package or an ended coupon leaves its page within it. */
const SHARED_PAGE_MS = 30_000;

/** The answer for a page address: the page, or (a share link to what cannot be offered now) where to go instead. */
export type PageAnswer = { html: string } | { redirect: string };

/**
 * The link preview of a share page (Open Graph, read by WhatsApp, Facebook, Telegram…, and Twitter
 * cards), its canonical address, into the page's `<head>`: every value escaped.
 */
export function previewTags(preview: NonNullable<SharedRead['preview']>, url: string, language: Language): string {
  const meta = (attribute: 'property' | 'name', name: string, content: string) => `<meta ${attribute}="${name}" content="${escapeHtml(content)}">`;
  return [
    `<link rel="canonical" href="${escapeHtml(url)}">`,
    meta('property', 'og:type', 'website'),
    meta('property', 'og:site_name', 'Kwanza Wallet'),
    meta('property', 'og:locale', htmlLang(language).replace('-', '_')),
    meta('property', 'og:title', preview.title),
    meta('property', 'og:description', preview.description),
    meta('property', 'og:url', url),
    meta('property', 'og:image', preview.image),
    meta('property', 'og:image:alt', preview.title),
    meta('name', 'description', preview.description),
    meta('name', 'twitter:card', 'summary_large_image'),
    meta('name', 'twitter:title', preview.title),
    meta('name', 'twitter:description', preview.description),
    meta('name', 'twitter:image', preview.image),
  ].join('\n    ');
}

/**
 * The public pages of the route table marked `rendered`, in the request's language (its `language`
 * query parameter, else pt: a language saved in the tab's session storage is unknown to the server,
 * and the page's own start-up script swaps such a page for the client's render, index.html), each
 * rendered once and kept: their content changes only with a deployment — except the share pages
 * (`shared`), rendered with what their link names (`readShared`), kept 30 s, with its preview tags,
 * and sent to `/s/error` when it cannot be offered now. The page is the app's page for the address
 * (`page`: preloads, inlined styles) with the render in its root, the data it was rendered with (the
 * `kw-ssr` JSON block, src/ssrData.ts) for the client to hydrate it, its title and `<html lang>`.
 * Any other address, or a failed render, gets the app's page as it is.
 */
export function serverRenderedPages(
  page: (url: string) => string,
  renderer: PageRenderer | null,
  onError: (error: unknown, url: string) => void = () => {},
  shared: { read: ReadShared; publicUrl: string } | null = null,
) {
  const routes = ROUTES.filter((route) => route.rendered).map((route) => ({
    route,
    pattern: new RegExp(`^${route.path.replace(/\$(\w+)/g, '(?<$1>[^/]+)')}/?$`),
  }));
  const rendered = new Map<string, { answer: Promise<PageAnswer | null>; until: number }>();

  async function renderPage({ url, pathname, pageId, language, slug, documentLanguage, share }: { url: string; pathname: string; pageId: string; language: Language; slug: string | undefined; documentLanguage: Language; share: { kind: SharedKind; params: Record<string, string> } | null }): Promise<PageAnswer | null> {
    const documents: SsrData['documents'] = {};
    if (slug) {
      const document = await findDocument(slug as DocumentSlug, documentLanguage);
      documents[`${slug}|${documentLanguage}`] = document ? { ok: true, data: document } : { ok: false, code: CODES.notFound, message: '', detail: '' };
    }
    let preview: SharedRead['preview'];
    if (share && shared) {
      const read = await shared.read(share.kind, share.params, language);
      if (!read.outcome.ok) return { redirect: `/s/error${url.includes('?language=') ? `?language=${language}` : ''}` };
      documents[`${read.key}|${language}`] = read.outcome;
      preview = read.preview;
    }
    const data: SsrData = { language, path: pathname, documents };
    const result = await renderer!.render(pathname, data);
    if (!result.found) return null;
    // the server's fields: read-only until the loader runs (server/appLoader.ts), and what someone
    // types into them before the app owns the page is handed to the app once it does (src/lib/pageTakeOver.ts)
    const html = result.html.replace(/<(input|textarea)\b(?![^>]*\sreadOnly)/gi, '<$1 readonly data-kw-hydrating=""');
    const title = preview ? `${preview.title} · Kwanza Wallet` : result.title;
    return {
      html: deferScripts(page(url), pageId)
        .replace(/<html lang="[^"]*"/, `<html lang="${htmlLang(language)}" data-rendered="${language}"`)
        .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(title)}</title>${preview && shared ? `\n    ${previewTags(preview, `${shared.publicUrl}${pathname}`, language)}` : ''}`)
        .replace(/<div id="root">[\s\S]*?<\/div><!--\/root-->/, `<div id="root">${html}</div>${jsonScript(SSR_DATA_ID, data)}`),
    };
  }

  return async (url: string): Promise<PageAnswer> => {
    const query = url.indexOf('?');
    const pathname = query < 0 ? url : url.slice(0, query);
    const match = renderer ? routes.map((r) => ({ ...r, found: r.pattern.exec(pathname) })).find((r) => r.found) : undefined;
    // a parameter the route does not take is the not-found screen, the app's to show
    if (!match?.found || Object.entries(match.route.params ?? {}).some(([name, pattern]) => !pattern.test(match.found!.groups?.[name] ?? ''))) return { html: page(url) };
    const asked = new URLSearchParams(query < 0 ? '' : url.slice(query)).get('language');
    const language = asked ? normaliseLanguage(asked) : 'pt';
    const { route } = match;
    const slug = match.found.groups?.slug ?? route.props?.slug;
    const documentLanguage = route.props?.language ? normaliseLanguage(route.props.language) : language;
    const share = route.shared ? { kind: route.shared, params: { ...match.found.groups } } : null;
    // the page depends on the path and the language only (its preloads too: server/app.ts appPages)
    const key = `${pathname}|${language}`;
    let entry = rendered.get(key);
    if (!entry || entry.until < Date.now()) {
      const answer = renderPage({ url: `${pathname}${asked ? `?language=${language}` : ''}`, pathname, pageId: pageIdOf(route), language, slug, documentLanguage, share }).catch((error: unknown) => {
        onError(error, url);
        rendered.delete(key); // tried again on the next request
        return null;
      });
      entry = { answer, until: share ? Date.now() + SHARED_PAGE_MS : Infinity };
      rendered.set(key, entry);
      // share pages name ids without end: the oldest go first past a few thousand
      if (rendered.size > 5_000) rendered.delete(rendered.keys().next().value!);
    }
    return (await entry.answer) ?? { html: page(url) };
  };
}

/**
 * A page in the encoding the browser takes (brotli, else gzip), each page compressed once: the
 * same few pages are served again and again, and on 700 kbit/s the 58 KB of a page with its styles
 * inlined would take two thirds of a second as they are.
 */
export function compressedPages(limit = 500) {
  const cache = new Map<string, { br: Buffer; gzip: Buffer }>();
  return (page: string, acceptEncoding: string | undefined): { body: string | Buffer; encoding?: 'br' | 'gzip' } => {
    const accepted = new Set(
      (acceptEncoding ?? '').split(',').map((part) => part.trim().split(';')).filter(([, q]) => !q || !/^q=0(\.0*)?$/.test(q.trim())).map(([name]) => name!.trim().toLowerCase()),
    );
    const accepts = (name: string) => accepted.has(name);
    const encoding = accepts('br') ? 'br' : accepts('gzip') ? 'gzip' : undefined;
    if (!encoding) return { body: page };
    let compressed = cache.get(page);
    if (!compressed) {
      const bytes = Buffer.from(page);
      compressed = { br: zlib.brotliCompressSync(bytes, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }), gzip: zlib.gzipSync(bytes, { level: 9 }) };
      if (cache.size >= limit) cache.delete(cache.keys().next().value!); // the oldest first
      cache.set(page, compressed);
    }
    return { body: compressed[encoding], encoding };
  };
}
