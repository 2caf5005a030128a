import type { FastifyInstance } from 'fastify';
import { LEGACY_HEADERS } from '../../../services/contract/answerCodes.ts';
import type { ServerConfig } from '../../config.ts';
import type { Database } from '../../db/index.ts';
import { normaliseLanguage } from '../../i18n.ts';
import { authenticate } from '../../auth/sessions.ts';
import { writeAudit } from '../../entities/audit.ts';
import { batchSerials } from './handlers.ts';
import { stickerSheet } from './sheet.ts';

/**
 * `GET /platform/stickers/<batchId>.pdf?language=` with the operator's token in `sso-auth-token`
 * (as the operators' document files, platform/files.ts): the batch's print-ready sheet, its
 * placards' tagline in `language` (pt, en, zh; else pt). Each download is audited. A file to save and print, never to run: exact type, no sniffing, not cached.
 */
export function registerStickerDownloads(app: FastifyInstance, deps: { db: Database; config: ServerConfig }) {
  app.get('/platform/stickers/:file', async (request, reply) => {
    const token = String(request.headers[LEGACY_HEADERS.ssoAuth] ?? '');
    const principal = await authenticate(deps.db, token, { idleMs: deps.config.sessionIdleMs, lifetimeMs: deps.config.sessionLifetimeMs });
    if (!principal) return reply.code(401).send({ error: 'session' });
    if (principal.audience !== 'operator') return reply.code(403).send({ error: 'forbidden' });
    const match = /^(\d{1,18})\.pdf$/.exec((request.params as { file: string }).file);
    if (!match) return reply.code(404).send({ error: 'not found' });
    const batchId = match[1]!;
    const serials = await batchSerials(deps.db, batchId);
    if (serials.length === 0) return reply.code(404).send({ error: 'not found' });
    const pdf = await stickerSheet({ id: batchId, serials }, normaliseLanguage((request.query as { language?: unknown }).language));
    await writeAudit(deps.db, { operatorId: principal.operatorId, action: 'stickers.download', subjectType: 'sticker_batch', subjectId: batchId, after: { count: serials.length } });
    return reply
      .type('application/pdf')
      .header('content-disposition', `attachment; filename="kwanza-wallet-stickers-${batchId}.pdf"`)
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; sandbox; frame-ancestors 'none'")
      .header('cache-control', 'private, no-store')
      .send(Buffer.from(pdf));
  });
}
