import { CODES } from '../../services/contract/answerCodes.ts';
import { DomainError } from '../errors.ts';
import type { HandlerContext } from '../handler.ts';

/** The signed-in member behind a call (the registry has already checked the audience; this narrows it). */
export function memberIdOf(ctx: HandlerContext): string {
  if (ctx.principal?.audience !== 'member') throw new DomainError(CODES.forbidden, 403);
  return ctx.principal.memberId;
}

/** The signed-in operator behind a platform call. */
export function operatorIdOf(ctx: HandlerContext): string {
  if (ctx.principal?.audience !== 'operator') throw new DomainError(CODES.forbidden, 403);
  return ctx.principal.operatorId;
}
