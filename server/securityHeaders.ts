import crypto from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fastifyHelmet from '@fastify/helmet';
import helmet from 'helmet';
import type { ServerConfig } from './config.ts';

/**
 * The browser's own defences, on every answer the server sends (pages, gateway and legacy answers,
 * uploads, static files, the platform area, the sign-on pages, the tracker, dev pages, not-found and
 * error answers): @fastify/helmet's `onRequest` hook writes them before any handler runs, so an answer
 * that fails later keeps them. README "Security headers" says why each is what it is.
 *
 * Scripts: the app's own files only (`'self'`), plus the few inline texts the pages carry, each allowed
 * by its SHA-256 (`InlineCode`, server/ssr.ts `inlinedCode`): index.html's start-up script, the rendered
 * pages' app loader (server/appLoader.ts) and the router's scroll restoration, all fixed by the build. Pages are cached
 * and precompressed (server/ssr.ts), so a per-response nonce would cost a compression per answer;
 * hashes cost nothing and allow exactly those texts. What varies per page (hydration data, the list of
 * chunks to load) is `<script type="application/json">`, which never runs. `'wasm-unsafe-eval'` lets
 * the QR scanner compile its WebAssembly (zxing-wasm); `'unsafe-eval'` and `'unsafe-inline'` are never
 * given to scripts. Style elements likewise by hash (index.html's own, the inlined stylesheet); style
 * attributes, which React writes, by `style-src-attr 'unsafe-inline'`.
 */

/** A CSP source for an inline element's text: `'sha256-<base64>'`. */
export const cspHash = (text: string) => `'sha256-${crypto.createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/** The inline texts a page may carry, as written in it (server/ssr.ts `inlinedCode`). */
export interface InlineCode {
  scripts: string[];
  styles: string[];
}

/** The texts of the inline `<script>` elements a browser runs (no `src`, no data type) and of the `<style>` elements of `html`. */
export function inlineCodeOf(html: string): InlineCode {
  const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)]
    .filter(([, attributes]) => {
      if (/\ssrc\s*=/i.test(attributes!)) return false;
      const type = /\stype\s*=\s*["']?([^"'\s>]+)/i.exec(attributes!)?.[1]?.toLowerCase();
      return !type || type === 'module' || type === 'text/javascript';
    })
    .map(([, , text]) => text!);
  const styles = [...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/gi)].map(([, text]) => text!);
  return { scripts, styles };
}

export type Directives = Record<string, string[]>;

export interface PolicyOptions {
  /** Inline texts to allow by hash. */
  inline?: InlineCode;
  /**
   * `<object data="blob:…">`: the platform area shows a member's PDF that way (screens/common/DocumentPreview.tsx,
   * fetched with the operator's token into a blob the page itself made); Chromium's PDF viewer is a
   * frame inside the object, so `frame-src` takes `blob:` too. Everywhere else plugins are off.
   */
  blobObjects?: boolean;
}

const unique = (values: string[]) => [...new Set(values)];

/** The policy of the app's pages (and of every other answer: an API answer rendered as a page would run nothing). */
export function pageDirectives(config: Pick<ServerConfig, 'publicUrl' | 'oidc'>, options: PolicyOptions = {}): Directives {
  const inline = options.inline ?? { scripts: [], styles: [] };
  const formTargets = ["'self'"];
  // the operators' own provider, when the platform's sign-on goes there (server/domains/platform/sso.ts)
  if (!config.oidc.builtIn) formTargets.push(new URL(config.oidc.issuer).origin);
  const directives: Directives = {
    'default-src': ["'self'"],
    'script-src': ["'self'", "'wasm-unsafe-eval'", ...unique(inline.scripts.map(cspHash))],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", ...unique(inline.styles.map(cspHash))],
    // React writes `style` attributes (antd-mobile, the charts' SVG): attributes only, never a <style> element
    'style-src-attr': ["'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:'],
    'media-src': ["'self'", 'blob:', 'mediastream:'],
    'connect-src': ["'self'"],
    'worker-src': ["'self'"],
    'object-src': options.blobObjects ? ['blob:'] : ["'none'"],
    ...(options.blobObjects ? { 'frame-src': ["'self'", 'blob:'] } : {}),
    'base-uri': ["'none'"],
    'form-action': formTargets,
    'frame-ancestors': ["'none'"],
  };
  if (isHttps(config)) directives['upgrade-insecure-requests'] = [];
  return directives;
}

/**
 * The policy of a page the server writes itself with no script at all (the built-in sign-on page,
 * the outbox): nothing loads but its own inline styles, given by hash; its forms post to itself.
 */
export function ownPageDirectives(styles: string[]): Directives {
  return {
    'default-src': ["'none'"],
    'style-src': unique(styles.map(cspHash)),
    'img-src': ["'self'", 'data:'],
    'base-uri': ["'none'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
}

/** As the header writes it (as helmet does). */
export const serializePolicy = (directives: Directives) =>
  Object.entries(directives).map(([name, values]) => [name, ...values].join(' ')).join(';');

/**
 * The camera for the scanner, on this origin only; the other powerful features the app never uses
 * are off (for any page and anything it could embed). Only features Chromium knows: an unknown one is
 * a console error on every page.
 */
export const PERMISSIONS_POLICY = [
  'camera=(self)',
  'microphone=()',
  'geolocation=()',
  'payment=()',
  'usb=()',
  'serial=()',
  'hid=()',
  'midi=()',
  'accelerometer=()',
  'gyroscope=()',
  'magnetometer=()',
  'display-capture=()',
].join(', ');

const isHttps = (config: Pick<ServerConfig, 'publicUrl'>) => config.publicUrl.startsWith('https:');

/** A year, the whole site only (no `includeSubDomains`: other hosts of the domain are not ours to decide). */
export const HSTS_MAX_AGE = 31_536_000;

/** The options of helmet (@fastify/helmet wraps it): the ones set here, the rest helmet's defaults (README "Security headers"). */
function helmetOptions(config: ServerConfig, inline: InlineCode) {
  // (untyped here: @fastify/helmet's types read helmet's CommonJS declarations, this module its ES ones)
  return {
    contentSecurityPolicy: { useDefaults: false as const, directives: pageDirectives(config, { inline }) },
    frameguard: { action: 'deny' as const },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' as const },
    // browsers heed it only over HTTPS: PUBLIC_URL says how they reach us (behind a TLS proxy too)
    strictTransportSecurity: isHttps(config) ? { maxAge: HSTS_MAX_AGE, includeSubDomains: false } : false,
  };
}

/**
 * Registers the headers for every answer, and answers a function that puts the same ones on an
 * answer Fastify makes before any hook runs (a malformed address: its `frameworkErrors`).
 */
export async function registerSecurityHeaders(app: FastifyInstance, deps: { config: ServerConfig; inline: InlineCode }): Promise<(reply: FastifyReply) => void> {
  const options = helmetOptions(deps.config, deps.inline);
  await app.register(fastifyHelmet, options);
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('permissions-policy', PERMISSIONS_POLICY);
  });
  const headers = helmet(options);
  return (reply) => {
    headers(reply.request.raw, reply.raw, () => {});
    reply.header('permissions-policy', PERMISSIONS_POLICY);
  };
}
