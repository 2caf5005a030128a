import type { FastifyInstance } from 'fastify';
import { LEGACY_HEADERS } from '../../../services/contract/answerCodes.ts';
import { UUID_PATTERN } from '../../../services/contract/shared.ts';
import type { ServerConfig } from '../../config.ts';
import type { Database } from '../../db/index.ts';
import type { Adapters } from '../../adapters/index.ts';
import { authenticate } from '../../auth/sessions.ts';
import { writeAudit } from '../../entities/audit.ts';

/**
 * `GET /platform/files/:fileId` with the operator's token in `sso-auth-token`: a document a member
 * attached to a request under review (never any other upload). Each look is audited. Served so a
 * browser cannot run it: exact stored type, no sniffing, sandboxed.
 */
export function registerOperatorFiles(app: FastifyInstance, deps: { db: Database; config: ServerConfig; adapters: Pick<Adapters, 'storage'> }) {
  app.get('/platform/files/:fileId', async (request, reply) => {
    const token = String(request.headers[LEGACY_HEADERS.ssoAuth] ?? '');
    const principal = await authenticate(deps.db, token, { idleMs: deps.config.sessionIdleMs, lifetimeMs: deps.config.sessionLifetimeMs });
    if (!principal) return reply.code(401).send({ error: 'session' });
    if (principal.audience !== 'operator') return reply.code(403).send({ error: 'forbidden' });
    const fileId = (request.params as { fileId: string }).fileId;
    if (!UUID_PATTERN.test(fileId)) return reply.code(404).send({ error: 'not found' });
    const { rows } = await deps.db.query<{ storage_key: string; content_type: string; original_name: string; request_id: string }>(
      `SELECT f.storage_key, f.content_type, f.original_name, attached.request_id FROM uploaded_files f
         JOIN LATERAL (
           SELECT v.id::text AS request_id FROM enterprise_verifications v
            WHERE v.member_id = f.member_id AND EXISTS (SELECT 1 FROM jsonb_each_text(v.form->'documents') d WHERE d.value = f.id::text)
           UNION ALL
           SELECT r.id::text FROM mobile_change_requests r WHERE r.member_id = f.member_id AND f.id = ANY (r.file_ids)
           LIMIT 1
         ) attached ON true
        WHERE f.id = $1::uuid`,
      [fileId],
    );
    const file = rows[0];
    const bytes = file ? await deps.adapters.storage.get(file.storage_key) : null;
    if (!file || !bytes) return reply.code(404).send({ error: 'not found' });
    await writeAudit(deps.db, { operatorId: principal.operatorId, action: 'document.view', subjectType: 'uploaded_file', subjectId: fileId, after: { request: file.request_id } });
    return reply
      .type(file.content_type)
      .header('content-disposition', `inline; filename*=UTF-8''${encodeURIComponent(file.original_name)}`)
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; sandbox; frame-ancestors 'none'")
      .header('cache-control', 'private, no-store')
      .send(bytes);
  });
}
