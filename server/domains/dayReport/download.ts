import type { FastifyInstance } from 'fastify';
import { CODES, LEGACY_HEADERS, STAFF_CODES } from '../../../services/contract/answerCodes.ts';
import { dayReportRequest } from '../../../services/contract/dayReport.ts';
import type { Adapters } from '../../adapters/index.ts';
import type { ServerConfig } from '../../config.ts';
import type { Database } from '../../db/index.ts';
import { DomainError } from '../../errors.ts';
import type { HandlerContext } from '../../handler.ts';
import { errorMessage, normaliseLanguage } from '../../i18n.ts';
import { authenticate } from '../../auth/sessions.ts';
import { dayReportFor } from './report.ts';
import { dayReportPdf } from './pdf.ts';

/**
 * `GET /merchant/dayReport.pdf?day=&storeId=&language=` with the member's session token in a header
 * (as the records' CSV: never in a URL a link could carry): the end-of-day report the caller may
 * see, as a PDF to save or show, made from the same query as `merchant/dayReport/query`. Refusals
 * are the call's codes in JSON (401 session, 403 removed clerk, 400 otherwise).
 */
export function registerDayReportDownload(app: FastifyInstance, deps: { db: Database; config: ServerConfig; adapters: Adapters }) {
  app.get('/merchant/dayReport.pdf', async (request, reply) => {
    const query = request.query as Record<string, string | undefined>;
    const language = normaliseLanguage(query.language ?? request.headers['accept-language']);
    const refuse = (status: number, code: string) =>
      reply.code(status).header('cache-control', 'private, no-store').send({ code, msg: errorMessage(language, code) });
    const header = (name: string) => String(request.headers[name] ?? '');
    const principal = await authenticate(deps.db, header(LEGACY_HEADERS.loginToken) || header(LEGACY_HEADERS.userAuth), {
      idleMs: deps.config.sessionIdleMs,
      lifetimeMs: deps.config.sessionLifetimeMs,
    });
    if (!principal) return refuse(401, CODES.sessionLost);
    if (principal.audience !== 'member') return refuse(403, CODES.forbidden);
    const asked = dayReportRequest.safeParse({ day: query.day, ...(query.storeId ? { storeId: query.storeId } : {}) });
    if (!asked.success) return refuse(400, CODES.invalidParameters);
    const ctx: HandlerContext = { db: deps.db, config: deps.config, adapters: deps.adapters, language, principal, requestNo: '', ip: request.ip };
    try {
      const report = await dayReportFor(ctx, asked.data);
      const pdf = await dayReportPdf(report, language);
      const store = report.storeId ? `-${report.storeId}` : '';
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="kwanza-wallet-day-${report.day}${store}.pdf"`)
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox; frame-ancestors 'none'")
        .header('cache-control', 'private, no-store')
        .send(Buffer.from(pdf));
    } catch (error) {
      if (error instanceof DomainError) return refuse(error.code === STAFF_CODES.staffRemoved ? 403 : 400, error.code);
      throw error;
    }
  });
}
