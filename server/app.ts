import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import { CODES } from '../services/contract/codes.ts';
import type { ServerConfig } from './config.ts';
import type { Database } from './db/index.ts';
import type { FileStorage } from './adapters/storage.ts';
import { normaliseLanguage } from './i18n.ts';
import { gatewayRefusal, legacyRefusal } from './transport/answers.ts';
import { registerEnvelopeTransport } from './transport/envelope.ts';
import { registerLegacyTransport } from './transport/legacy.ts';
import { registerUploadTransports } from './transport/uploads.ts';
import { registerTracker } from './transport/tracker.ts';
import { registerDevPages } from './transport/devPages.ts';
import { registerReferenceData } from './transport/referenceData.ts';
import { registerIdentityProvider } from './domains/platform/identityProvider.ts';
import { registerSingleSignOn } from './domains/platform/sso.ts';
import { registerOperatorFiles } from './domains/platform/files.ts';

export interface AppDeps {
  config: ServerConfig;
  db: Database;
  storage: FileStorage;
  logger?: boolean;
}

/** JSON bodies stay small; files go through the upload endpoints with their own limit. */
const JSON_BODY_LIMIT = 256 * 1024;

function refuse(request: FastifyRequest, code: string, language = normaliseLanguage(request.headers['accept-language'])) {
  return request.url.startsWith('/api/') ? legacyRefusal(code, language) : gatewayRefusal(code, language);
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: deps.logger ? { level: 'info', redact: ['req.headers["user-auth-token"]', 'req.headers["login-token"]', 'req.headers["sso-auth-token"]'] } : false,
    bodyLimit: JSON_BODY_LIMIT,
    trustProxy: deps.config.trustProxy,
    return503OnClosing: true,
  });

  // external plugins first, then the transports, then static files and the app's own fallback
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

  registerEnvelopeTransport(app, deps);
  registerLegacyTransport(app, deps);
  registerUploadTransports(app, deps);
  registerTracker(app, deps);
  registerReferenceData(app);
  if (deps.config.oidc.builtIn) registerIdentityProvider(app, { db: deps.db, oidc: deps.config.oidc });
  registerSingleSignOn(app, deps);
  registerOperatorFiles(app, deps);
  if (!deps.config.production) registerDevPages(app, deps);
  app.get('/healthz', async () => ({ ok: true, database: deps.db.kind }));

  const indexFile = path.join(deps.config.staticDir, 'index.html');
  const hasBuild = fs.existsSync(indexFile);
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: deps.config.staticDir,
      prefix: '/dist/',
      index: false,
      preCompressed: true,
      setHeaders(res, filePath) {
        // hashed chunks never change; everything else is revalidated
        res.header('cache-control', /[-.][A-Za-z0-9_-]{8,}\.(js|css|woff2?|svg|png)(\.br|\.gz)?$/.test(filePath) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  const indexHtml = hasBuild ? fs.readFileSync(indexFile, 'utf8') : null;

  app.setNotFoundHandler((request, reply) => {
    const isApi = /^\/(gatewayinner|api|track|dist|dev|json|oidc|sso|platform)\//.test(request.url);
    if (request.method === 'GET' && !isApi && indexHtml) {
      // every app path is the single-page app; its router shows the not-found screen for unknown ones
      return reply.type('text/html').header('cache-control', 'no-cache').send(indexHtml);
    }
    return reply.code(404).send(refuse(request, CODES.unknownService));
  });

  return app;
}
