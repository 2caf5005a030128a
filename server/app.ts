import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import { CODES } from '../services/contract/answerCodes.ts';
import type { ServerConfig } from './config.ts';
import type { Database } from './db/index.ts';
import type { Adapters } from './adapters/index.ts';
import { normaliseLanguage } from './i18n.ts';
import { ROUTES, partsOf, screensOf } from '../services/routeTable.ts';
import { gatewayRefusal, legacyRefusal } from './transport/answers.ts';
import { registerEnvelopeTransport } from './transport/envelope.ts';
import { requestNulField } from './transport/textGuard.ts';
import { registerLegacyTransport } from './transport/legacy.ts';
import { registerUploadTransports } from './transport/uploads.ts';
import { registerShareImages } from './transport/shareImages.ts';
import { registerVideos } from './transport/videos.ts';
import { readShared } from './domains/sharePages/previews.ts';
import { registerTracker } from './transport/tracker.ts';
import { registerDevPages } from './transport/devPages.ts';
import { registerFlowBook } from './transport/flowBook.ts';
import { registerBankDevPage } from './adapters/bankSimulatorDev.ts';
import { registerReferenceData } from './transport/referenceData.ts';
import { registerIdentityProvider } from './domains/platform/identityProvider.ts';
import { registerSingleSignOn } from './domains/platform/sso.ts';
import { registerOperatorFiles } from './domains/platform/files.ts';
import { registerStickerDownloads } from './domains/stickers/download.ts';
import { compressedPages, inlinedCode, inlineStyles, loadPageRenderer, serverRenderedPages, type PageRenderer } from './ssr.ts';
import { registerRecordsExport } from './domains/records/csv.ts';
import { registerDayReportDownload } from './domains/dayReport/download.ts';
import { pageDirectives, registerSecurityHeaders, serializePolicy } from './securityHeaders.ts';

export interface AppDeps {
  config: ServerConfig;
  db: Database;
  /** The bank, the identity registry and file storage, chosen by whoever starts the server (server/adapters/local.ts locally). */
  adapters: Adapters;
  /** Logs to stdout; a `stream` instead (tests read what is logged). */
  logger?: boolean | { stream: { write(line: string): void } };
  /**
   * Renders the public pages into their HTML (server/ssr.ts). Default: the server bundle built next
   * to the static files (`dist-server/entry-server.js` beside `dist/`), when there is one.
   */
  pageRenderer?: PageRenderer | null;
}

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}

/**
 * The app's page for each path of the route table (services/routeTable.ts): index.html with, before `</head>`, modulepreload links for the
 * chunks of the path's screens (with their static imports and the pt parts they fetch; with the
 * dictionary of the `language` query parameter when it is not pt) that the entry does not already
 * preload, and the screens' styles. Reads Vite's manifest (dist/.vite/manifest.json); without one,
 * every path gets index.html as built.
 */
export function appPages(indexHtml: string, manifest: Record<string, ManifestChunk> | null, base = '/dist/'): (url: string) => string {
  if (!manifest || !indexHtml.includes('</head>')) return () => indexHtml;
  const closure = (keys: Iterable<string>, seen = new Set<string>()) => {
    for (const key of keys) {
      if (seen.has(key) || !manifest[key]) continue;
      seen.add(key);
      closure(manifest[key].imports ?? [], seen);
    }
    return seen;
  };
  const entry = Object.keys(manifest).filter((key) => manifest[key]!.isEntry);
  const inEntry = closure(entry);
  const partKey = (part: string) => Object.keys(manifest).find((key) => key.startsWith(`virtual:locale-sections/pt/${part}?`));
  const routes = ROUTES.map((route) => ({
    pattern: new RegExp(`^${route.path.replace(/\$\w+/g, '[^/]+')}/?$`), // the paths are letters, `/` and `$param`s
    keys: [...screensOf(route).map((screen) => `screens/${screen}.tsx`), ...partsOf(route).map(partKey).filter((key): key is string => !!key)],
  }));
  const pages = new Map<string, string>();
  return (url) => {
    const query = url.indexOf('?');
    const pathname = query < 0 ? url : url.slice(0, query);
    const search = query < 0 ? '' : url.slice(query);
    const route = routes.find((r) => r.pattern.test(pathname));
    const asked = new URLSearchParams(search).get('language'); // the client's start-up language (src/lib/language.ts)
    const language = asked ? normaliseLanguage(asked) : 'pt';
    const keys = [...(route?.keys ?? []), ...(language === 'pt' ? [] : [`virtual:locale-sections/${language}/all`])];
    const id = keys.join(' ');
    let page = pages.get(id);
    if (page === undefined) {
      const chunks = [...closure(keys)].filter((key) => !inEntry.has(key));
      const styles = new Set(chunks.flatMap((key) => manifest[key]!.css ?? []).filter((file) => !indexHtml.includes(`${base}${file}`)));
      const links = [
        ...chunks.filter((key) => manifest[key]!.file.endsWith('.js')).map((key) => `<link rel="modulepreload" crossorigin href="${base}${manifest[key]!.file}">`),
        ...[...styles].map((file) => `<link rel="stylesheet" crossorigin href="${base}${file}">`),
      ];
      page = links.length ? indexHtml.replace('</head>', `  ${links.join('\n    ')}\n  </head>`) : indexHtml;
      pages.set(id, page);
    }
    return page;
  };
}

/** GET /readyz waits this long for a writable primary's answer: the balancer checks about every second. */
const READINESS_TIMEOUT_MS = 1_000;

const draining = new WeakSet<FastifyInstance>();

/**
 * From now on GET /readyz answers 404, so the balancer stops sending this gateway new calls while
 * it finishes the ones under way (server/main.ts calls it first thing on SIGTERM). 404, not 503:
 * HAProxy's `http-check disable-on-404` then drains the gateway (no new calls, those under way and
 * the long polls kept), where a failed check would mark it down and cut them.
 */
export function startDraining(app: FastifyInstance): void {
  draining.add(app);
}

const hopsOf = (hops: number) => (_address: string, hop: number) => hop < hops;

/** JSON bodies stay small; files go through the upload endpoints with their own limit. */
const JSON_BODY_LIMIT = 256 * 1024;

function refuse(request: FastifyRequest, code: string, language = normaliseLanguage(request.headers['accept-language']), detail = '') {
  return request.url.startsWith('/api/') ? legacyRefusal(code, language) : gatewayRefusal(code, language, detail);
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  let frameworkHeaders: ((reply: FastifyReply) => void) | null = null; // server/securityHeaders.ts, once registered
  const app = Fastify({
    logger: deps.logger
      ? {
          level: deps.config.logLevel,
          redact: ['req.headers["user-auth-token"]', 'req.headers["login-token"]', 'req.headers["sso-auth-token"]'],
          ...(typeof deps.logger === 'object' ? { stream: deps.logger.stream } : {}),
        }
      : false,
    bodyLimit: JSON_BODY_LIMIT,
    // a hop count as proxy-addr reads one: the first N hops from this server are the proxies
    trustProxy: typeof deps.config.trustProxy === 'number' ? hopsOf(deps.config.trustProxy) : deps.config.trustProxy,
    return503OnClosing: true,
    // a malformed address is answered before any hook: with the security headers all the same
    frameworkErrors: (error, request, reply) => {
      const answer = reply as FastifyReply;
      frameworkHeaders?.(answer);
      return answer.code(error.statusCode ?? 400).send(refuse(request, CODES.malformedEnvelope));
    },
  });

  // the build the pages are made of: what they carry inline is allowed by its hash (server/securityHeaders.ts)
  const indexFile = path.join(deps.config.staticDir, 'index.html');
  const hasBuild = fs.existsSync(indexFile);
  const indexHtml = hasBuild ? fs.readFileSync(indexFile, 'utf8') : null;
  const manifestFile = path.join(deps.config.staticDir, '.vite', 'manifest.json');
  const manifest = hasBuild && fs.existsSync(manifestFile) ? (JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>) : null;
  const manifestStyles = Object.values(manifest ?? {}).flatMap((chunk) => chunk.css ?? []);

  // (and the server render's own scripts, the router's scroll restoration: src/entry-server.tsx)
  let renderer = deps.pageRenderer !== undefined ? deps.pageRenderer : hasBuild ? await loadPageRenderer(path.join(deps.config.staticDir, '..', 'dist-server', 'entry-server.js')) : null;
  let rendererScripts: string[] = [];
  try {
    rendererScripts = (await renderer?.inlineScripts?.()) ?? [];
  } catch (error) {
    // pages whose scripts the policy could not allow go out unrendered, as without a renderer
    app.log.error({ err: error }, 'server rendering off: the renderer did not tell its inline scripts');
    renderer = null;
  }
  const inline = inlinedCode(indexHtml, manifestStyles, deps.config.staticDir, rendererScripts);

  // external plugins first, then the transports, then static files and the app's own fallback;
  // the security headers before anything, so that every answer carries them
  frameworkHeaders = await registerSecurityHeaders(app, { config: deps.config, inline });
  await app.register(multipart, {
    limits: { fileSize: deps.config.maxUploadBytes, files: 1, fields: 10, fieldSize: 20_000, parts: 12 },
  });

  // the legacy helper sends `Content-Type: application/json` on bodiless calls: read those as {}
  const strictJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body === '') return done(null, {});
    strictJson(request, body as string, done);
  });

  app.setErrorHandler((error: { code?: string; statusCode?: number }, request, reply) => {
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return reply.code(413).send(refuse(request, CODES.bodyTooLarge));
    if ((error.statusCode ?? 500) < 500) return reply.code(400).send(refuse(request, CODES.malformedEnvelope));
    request.log.error({ err: error }, 'unhandled');
    return reply.code(500).send(refuse(request, CODES.internal));
  });

  // text PostgreSQL cannot store is refused here once, for every route (transport/textGuard.ts); multipart fields in uploads.ts
  app.addHook('preHandler', async (request, reply) => {
    const field = requestNulField(request);
    // named as a contract's own refusals name it: relative to the envelope's bizContent
    if (field !== null) return reply.code(400).header('cache-control', 'no-store').send(refuse(request, CODES.invalidParameters, undefined, field.replace(/^bizContent\./, '')));
  });

  registerEnvelopeTransport(app, deps);
  registerLegacyTransport(app, deps);
  registerUploadTransports(app, deps);
  registerShareImages(app, { db: deps.db, storage: deps.adapters.storage });
  registerVideos(app, { storage: deps.adapters.storage });
  registerTracker(app, deps);
  registerReferenceData(app);
  if (deps.config.oidc.builtIn) registerIdentityProvider(app, { db: deps.db, oidc: deps.config.oidc });
  registerSingleSignOn(app, deps);
  registerOperatorFiles(app, deps);
  registerStickerDownloads(app, deps);
  registerRecordsExport(app, deps);
  registerDayReportDownload(app, deps);
  if (!deps.config.production) registerDevPages(app, deps);
  // the flow book (`npm run flows`): every chart with its screens, for the product's owners
  if (!deps.config.production) registerFlowBook(app, { dir: path.join(deps.config.staticDir, 'flows') });
  // the bank page drives the simulator's own tables: there is nothing to drive with another bank
  if (!deps.config.production && deps.adapters.bank.name === 'simulator') registerBankDevPage(app, { db: deps.db, bank: deps.adapters.bank });
  // the balancer asks both every second or so: not access-logged
  // liveness: the process answers (a restart would not help a database that is away)
  app.get('/healthz', { logLevel: 'silent' }, async () => ({ ok: true, database: deps.db.kind }));
  // readiness: this gateway can write, so the balancer may send it calls (200), it cannot (503), or it
  // drains for a stop (404: no new calls, but those under way are not cut)
  app.get('/readyz', { logLevel: 'silent' }, async (_request, reply) => {
    if (draining.has(app)) return reply.code(404).header('cache-control', 'no-store').send({ ready: false, draining: true, database: deps.db.kind });
    const ready = await deps.db.reachesWritablePrimary(READINESS_TIMEOUT_MS);
    return reply.code(ready ? 200 : 503).header('cache-control', 'no-store').send({ ready, database: deps.db.kind });
  });

  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: deps.config.staticDir,
      prefix: '/dist/',
      index: false,
      preCompressed: true,
      setHeaders(res, filePath) {
        // hashed chunks never change; everything else is revalidated
        res.header('cache-control', /[-.][A-Za-z0-9_-]{8,}\.(js|css|woff2?|svg|png|wasm)(\.br|\.gz)?$/.test(filePath) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  const clientPage = indexHtml === null ? null : appPages(indexHtml, manifest);
  const withStyles = inlineStyles(deps.config.staticDir);
  const appPage = clientPage && serverRenderedPages((url) => withStyles(clientPage(url)), renderer, (error, url) => app.log.error({ err: error, url }, 'page render failed'), {
    read: readShared(deps.db, deps.config.publicUrl),
    publicUrl: deps.config.publicUrl,
  });

  const compress = compressedPages();
  // the operators' pages show a member's PDF from a blob: URL in an <object> (screens/common/DocumentPreview.tsx)
  const platformPolicy = serializePolicy(pageDirectives(deps.config, { inline, blobObjects: true }));
  app.setNotFoundHandler((request, reply) => {
    const isApi = /^\/(gatewayinner|api|track|dist|dev|json|oidc|sso|platform)\//.test(request.url);
    if (request.method === 'GET' && !isApi && appPage) {
      // every app path is the single-page app; its router shows the not-found screen for unknown ones
      if (/^\/plateform(?:[/?]|$)/.test(request.url)) reply.header('content-security-policy', platformPolicy);
      return appPage(request.url).then((answer) => {
        if ('redirect' in answer) return reply.header('cache-control', 'no-cache').redirect(answer.redirect, 302);
        const { body, encoding } = compress(answer.html, request.headers['accept-encoding']);
        if (encoding) reply.header('content-encoding', encoding);
        return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').header('vary', 'accept-encoding').send(body);
      });
    }
    return reply.code(404).send(refuse(request, CODES.unknownService));
  });

  return app;
}
