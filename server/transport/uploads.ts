import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CODES } from '../../services/contract/answerCodes.ts';
import { envelopeSchema, LEGACY_HEADERS } from '../../services/contract/envelope.ts';
import type { Database } from '../db/index.ts';
import type { ServerConfig } from '../config.ts';
import type { Adapters } from '../adapters/index.ts';
import { DomainError } from '../errors.ts';
import { normaliseLanguage } from '../i18n.ts';
import { authenticate } from '../auth/sessions.ts';
import { storeUpload } from '../entities/files.ts';
import { nulField } from './textGuard.ts';
import { gatewayOk, gatewayRefusal, legacyOk, legacyRefusal, sendGateway, toRefusal } from './answers.ts';

interface Deps { db: Database; config: ServerConfig; adapters: Adapters }

/** Reads a multipart body: the one file under `fileField` and the text fields, within the size limit. */
async function readMultipart(request: FastifyRequest, fileField: string) {
  const fields: Record<string, string> = {};
  let file: { name: string; bytes: Buffer } | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        if (part.fieldname === fileField && !file) file = { name: part.filename, bytes };
      } else {
        fields[part.fieldname] = String(part.value).slice(0, 20_000);
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code ?? '';
    if (code === 'FST_REQ_FILE_TOO_LARGE' || code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT') {
      throw new DomainError(CODES.uploadTooLarge, 413);
    }
    if (code.startsWith('FST_')) throw new DomainError(CODES.malformedEnvelope, 400);
    throw error;
  }
  if (!file) throw new DomainError(CODES.uploadNoFile, 400);
  const field = nulField(fields);
  if (field !== null) throw new DomainError(CODES.invalidParameters, 400, field);
  return { fields, file };
}

async function memberFor(deps: Deps, token: string) {
  const principal = await authenticate(deps.db, token, { idleMs: deps.config.sessionIdleMs, lifetimeMs: deps.config.sessionLifetimeMs });
  if (!principal) throw new DomainError(CODES.sessionLost);
  if (principal.audience !== 'member') throw new DomainError(CODES.forbidden, 403);
  return principal;
}

export function registerUploadTransports(app: FastifyInstance, deps: Deps) {
  /** Ordinary upload: `file_select`, the caller's `memberId` in the query, legacy answer shape. */
  app.post('/gatewayinner/common/file/uploadFile', async (request, reply) => {
    const query = request.query as Record<string, string | undefined>;
    const language = normaliseLanguage(query.language);
    try {
      const header = (name: string) => String(request.headers[name] ?? '');
      const principal = await memberFor(deps, header(LEGACY_HEADERS.userAuth) || header(LEGACY_HEADERS.loginToken));
      if (query.memberId !== principal.memberId) throw new DomainError(CODES.forbidden, 403);
      const { file } = await readMultipart(request, 'file_select');
      const stored = await storeUpload({ db: deps.db, storage: deps.adapters.storage }, { memberId: principal.memberId, bizType: query.bizType ?? 'Photocopies', fileName: file.name, bytes: file.bytes });
      return reply.send(legacyOk(stored));
    } catch (error) {
      const refusal = toRefusal(error, request);
      return reply.code(refusal.httpStatus).send(legacyRefusal(refusal.code, language));
    }
  });

  /** Gateway upload: `file`, `bizType`, `sysCode`, `language` and the envelope in `requestBaseStr`. */
  app.post('/gatewayinner/uploadFile', async (request, reply) => {
    let language = normaliseLanguage(request.headers['accept-language']);
    try {
      const { fields, file } = await readMultipart(request, 'file');
      language = normaliseLanguage(fields.language);
      let envelope;
      try {
        envelope = envelopeSchema.parse(JSON.parse(fields.requestBaseStr ?? ''));
      } catch {
        throw new DomainError(CODES.malformedEnvelope, 400, 'requestBaseStr');
      }
      if (fields.sysCode !== 'gateway-inner') throw new DomainError(CODES.malformedEnvelope, 400, 'sysCode');
      const principal = await memberFor(deps, envelope.loginAuthInfo.loginToken);
      const stored = await storeUpload({ db: deps.db, storage: deps.adapters.storage }, { memberId: principal.memberId, bizType: fields.bizType ?? 'Photocopies', fileName: file.name, bytes: file.bytes });
      return sendGateway(reply, 200, gatewayOk(stored, language));
    } catch (error) {
      const refusal = toRefusal(error, request);
      return sendGateway(reply, refusal.httpStatus, gatewayRefusal(refusal.code, language, refusal.detail));
    }
  });
}
