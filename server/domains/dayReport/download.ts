import type { FastifyInstance } from 'fastify';
import { CODES, STAFF_CODES } from '../../../services/contract/answerCodes.ts';
import { dayReportRequest } from '../../../services/contract/dayReport.ts';
import type { Adapters } from '../../adapters/index.ts';
import type { ServerConfig } from '../../config.ts';
import type { Database } from '../../db/index.ts';
import { DomainError } from '../../errors.ts';
import { memberDownload } from '../../transport/memberDownload.ts';
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
    const download = await memberDownload(request, reply, deps);
    if (!download) return reply;
    const { ctx, language, query, refuse } = download;
    const asked = dayReportRequest.safeParse({ day: query.day, ...(query.storeId ? { storeId: query.storeId } : {}) });
    if (!asked.success) return refuse(400, CODES.invalidParameters);
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
