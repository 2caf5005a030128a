import type { FastifyInstance } from 'fastify';
import { normaliseLanguage } from '../i18n.ts';
import { dispatch } from '../registry.ts';
import type { Database } from '../db/index.ts';
import type { ServerConfig } from '../config.ts';
import type { Adapters } from '../adapters/index.ts';
import { legacyOk, legacyRefusal, toRefusal } from './answers.ts';
import { LEGACY_HEADERS } from '../../services/contract/envelope.ts';
import { freshRequestNo } from '../ledger/numbers.ts';

/**
 * `/api/ccservice/<group>/<action>`: the same registry, payload from the query string merged with
 * a JSON body, answered as `{status, message, body}`.
 */
export function registerLegacyTransport(app: FastifyInstance, deps: { db: Database; config: ServerConfig; adapters: Adapters }) {
  app.route({
    method: ['GET', 'POST', 'PUT', 'DELETE'],
    url: '/api/ccservice/*',
    handler: async (request, reply) => {
      const service = (request.params as { '*': string })['*'];
      const query = (request.query ?? {}) as Record<string, string>;
      const body = request.body && typeof request.body === 'object' && !Array.isArray(request.body) ? request.body : {};
      const language = normaliseLanguage(query.language ?? request.headers['accept-language']);
      const header = (name: string) => String(request.headers[name] ?? '');
      const operatorToken = header(LEGACY_HEADERS.ssoAuth);
      const memberToken = header(LEGACY_HEADERS.userAuth) || header(LEGACY_HEADERS.loginToken);
      const { language: _ignored, ...payload } = { ...query, ...(body as Record<string, unknown>) };
      reply.header('cache-control', 'no-store');
      try {
        const result = await dispatch(
          service,
          payload,
          memberToken ? { token: memberToken, claimedAudience: 'member' } : { token: operatorToken, claimedAudience: 'operator' },
          { db: deps.db, config: deps.config, adapters: deps.adapters, language, requestNo: header('request-no') || freshRequestNo(), ip: request.ip },
        );
        return reply.send(legacyOk(result));
      } catch (error) {
        const refusal = toRefusal(error, request);
        return reply.code(refusal.httpStatus).send(legacyRefusal(refusal.code, language));
      }
    },
  });
}
