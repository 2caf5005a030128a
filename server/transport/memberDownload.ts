import type { FastifyReply, FastifyRequest } from 'fastify';
import { CODES, LEGACY_HEADERS } from '../../services/contract/answerCodes.ts';
import type { Adapters } from '../adapters/index.ts';
import type { ServerConfig } from '../config.ts';
import type { Database } from '../db/index.ts';
import type { HandlerContext } from '../handler.ts';
import { errorMessage, normaliseLanguage, type Language } from '../i18n.ts';
import { authenticate } from '../auth/sessions.ts';

export interface MemberDownload {
  ctx: HandlerContext;
  language: Language;
  query: Record<string, string | undefined>;
  /** Answers a refusal as JSON: the code and its message in the caller's language, never cached. */
  refuse: (status: number, code: string) => FastifyReply;
}

/**
 * What a member's file download (the records' CSV, the day report's PDF) starts from: the session
 * token read from a header, never from a URL a link could carry; the language from `?language=` or
 * the browser's. Null once it has answered a refusal (401 no session, 403 not a member).
 */
export async function memberDownload(request: FastifyRequest, reply: FastifyReply, deps: { db: Database; config: ServerConfig; adapters: Adapters }): Promise<MemberDownload | null> {
  const query = request.query as Record<string, string | undefined>;
  const language = normaliseLanguage(query.language ?? request.headers['accept-language']);
  const refuse = (status: number, code: string) =>
    reply.code(status).header('cache-control', 'private, no-store').send({ code, msg: errorMessage(language, code) });
  const header = (name: string) => String(request.headers[name] ?? '');
  const principal = await authenticate(deps.db, header(LEGACY_HEADERS.loginToken) || header(LEGACY_HEADERS.userAuth), {
    idleMs: deps.config.sessionIdleMs,
    lifetimeMs: deps.config.sessionLifetimeMs,
  });
  if (!principal) return (refuse(401, CODES.sessionLost), null);
  if (principal.audience !== 'member') return (refuse(403, CODES.forbidden), null);
  const ctx: HandlerContext = { db: deps.db, config: deps.config, adapters: deps.adapters, language, principal, requestNo: '', ip: request.ip };
  return { ctx, language, query, refuse };
}
