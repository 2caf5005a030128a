import type { FastifyInstance } from 'fastify';
import { CODES } from '../../services/contract/answerCodes.ts';
import { envelopeSchema } from '../../services/contract/envelope.ts';
import { BACKGROUND_HEADER } from '../../services/contract/transport.ts';
import { normaliseLanguage } from '../i18n.ts';
import { claimedAudience, dispatch } from '../registry.ts';
import type { Database } from '../db/index.ts';
import type { ServerConfig } from '../config.ts';
import type { Adapters } from '../adapters/index.ts';
import { gatewayOk, gatewayRefusal, sendGateway, toRefusal } from './answers.ts';

/** `POST /gatewayinner/api`: the spec §3 envelope in, `{code, msg, subMsg, bizContent}` out. */
export function registerEnvelopeTransport(app: FastifyInstance, deps: { db: Database; config: ServerConfig; adapters: Adapters }) {
  app.post('/gatewayinner/api', async (request, reply) => {
    const body = request.body as Record<string, unknown> | null;
    const parsed = envelopeSchema.safeParse(body);
    if (!parsed.success) {
      const language = normaliseLanguage(body && typeof body === 'object' ? body.language : request.headers['accept-language']);
      const field = parsed.error.issues[0]?.path.join('.') ?? '';
      return sendGateway(reply, 400, gatewayRefusal(CODES.malformedEnvelope, language, field));
    }
    const envelope = parsed.data;
    const language = normaliseLanguage(envelope.language);
    try {
      const result = await dispatch(
        envelope.service,
        envelope.bizContent,
        {
          token: envelope.loginAuthInfo.loginToken,
          claimedAudience: claimedAudience(envelope.loginAuthInfo.loginTokenType),
          background: request.headers[BACKGROUND_HEADER] === '1',
        },
        { db: deps.db, config: deps.config, adapters: deps.adapters, language, requestNo: envelope.requestNo, ip: request.ip },
      );
      return sendGateway(reply, 200, gatewayOk(result, language));
    } catch (error) {
      const refusal = toRefusal(error, request);
      return sendGateway(reply, refusal.httpStatus, gatewayRefusal(refusal.code, language, refusal.detail));
    }
  });
}
