import type { FastifyReply, FastifyRequest } from 'fastify';
import { CODES, LEGACY_OK, LEGACY_SESSION_LOST } from '../../services/contract/answerCodes.ts';
import type { GatewayAnswer, LegacyAnswer } from '../../services/contract/envelope.ts';
import { DomainError } from '../errors.ts';
import { isRetryable } from '../db/index.ts';
import { errorMessage, type Language } from '../i18n.ts';

export function gatewayOk(bizContent: unknown, language: Language): GatewayAnswer {
  return { code: CODES.ok, msg: errorMessage(language, CODES.ok), subMsg: '', bizContent };
}

export function gatewayRefusal(code: string, language: Language, detail = ''): GatewayAnswer {
  return { code, msg: errorMessage(language, code), subMsg: detail, bizContent: null };
}

export function legacyOk(body: unknown): LegacyAnswer {
  return { status: LEGACY_OK, message: '', body };
}

export function legacyRefusal(code: string, language: Language): LegacyAnswer {
  return { status: code === CODES.sessionLost ? LEGACY_SESSION_LOST : code, message: errorMessage(language, code), body: null };
}

/**
 * Turns anything a handler threw into a coded answer. Domain refusals keep their code; a database
 * gone away (a failover) is AGW50300, which the app treats as no answer and sends again; anything
 * else is logged with its stack and answered as AGW50000 with no internal detail.
 */
export function toRefusal(error: unknown, request: FastifyRequest): { code: string; httpStatus: number; detail: string } {
  if (error instanceof DomainError) return { code: error.code, httpStatus: error.httpStatus, detail: error.detail ?? '' };
  if (isRetryable(error)) {
    request.log.warn({ err: error }, 'database unavailable: answered AGW50300, the app retries');
    return { code: CODES.unavailable, httpStatus: 503, detail: '' };
  }
  request.log.error({ err: error }, 'handler failed');
  return { code: CODES.internal, httpStatus: 500, detail: '' };
}

export function sendGateway(reply: FastifyReply, httpStatus: number, answer: GatewayAnswer) {
  if (httpStatus === 503) reply.header('retry-after', '1');
  return reply.code(httpStatus).header('cache-control', 'no-store').send(answer);
}
