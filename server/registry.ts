import type { z } from 'zod';
import { contracts, CODES, type ServiceName } from '../services/contract/index.ts';
import type { Database } from './db/index.ts';
import type { ServerConfig } from './config.ts';
import type { Language } from './i18n.ts';
import { DomainError } from './errors.ts';
import { authenticate, type Principal } from './domains/session/sessions.ts';
import { contentHandlers } from './domains/content/handlers.ts';
import { sessionHandlers } from './domains/session/handlers.ts';
import { registrationHandlers } from './domains/accounts/registration.ts';
import { loginHandlers } from './domains/accounts/login.ts';
import { recoveryHandlers } from './domains/accounts/recovery.ts';
import { payPasswordHandlers } from './domains/payPassword/handlers.ts';
import { settingsHandlers } from './domains/settings/handlers.ts';
import { captchaHandlers } from './domains/captcha/handlers.ts';
import { changeMobileHandlers } from './domains/changeMobile/handlers.ts';
import { personalVerificationHandlers } from './domains/verification/personal.ts';
import { enterpriseVerificationHandlers } from './domains/verification/enterprise.ts';
import { platformHandlers } from './domains/platform/handlers.ts';
import { assetHandlers } from './domains/wallet/assets.ts';
import { transferHandlers } from './domains/wallet/transfer.ts';
import { fundDetailHandlers } from './domains/wallet/fundDetail.ts';
import { cardHandlers } from './domains/cards/handlers.ts';
import { topupHandlers } from './domains/topup/topup.ts';
import { withdrawHandlers } from './domains/withdraw/withdraw.ts';

export interface HandlerContext {
  db: Database;
  config: ServerConfig;
  language: Language;
  principal: Principal | null;
  requestNo: string;
  ip: string;
}

type Contracts = typeof contracts;
export type Handler<N extends ServiceName> = (
  input: z.output<Contracts[N]['request']>,
  ctx: HandlerContext,
) => Promise<z.input<Contracts[N]['response']>>;
export type Handlers = { [N in ServiceName]: Handler<N> };

/** One handler per catalogue entry: a service without one does not compile. */
const handlers = { ...contentHandlers, ...sessionHandlers, ...registrationHandlers, ...loginHandlers, ...recoveryHandlers, ...payPasswordHandlers, ...settingsHandlers, ...captchaHandlers, ...changeMobileHandlers, ...personalVerificationHandlers, ...enterpriseVerificationHandlers, ...platformHandlers, ...assetHandlers, ...transferHandlers, ...fundDetailHandlers, ...cardHandlers, ...topupHandlers, ...withdrawHandlers } satisfies Handlers;

export interface Caller {
  token: string;
  /** The audience the caller's token type claims (LOGIN_TOKEN → member, SSO-AUTH → operator). */
  claimedAudience: 'member' | 'operator' | 'third-party';
}

/**
 * Both transports end here: find the service, authenticate for its audience, validate the input
 * with the contract, run the handler, and check the answer against the contract too.
 */
export async function dispatch(
  service: string,
  bizContent: unknown,
  caller: Caller,
  ctx: Omit<HandlerContext, 'principal'>,
): Promise<unknown> {
  if (!Object.hasOwn(contracts, service)) throw new DomainError(CODES.unknownService, 404);
  const name = service as ServiceName;
  const contract = contracts[name];

  let principal: Principal | null = null;
  if (contract.audience !== 'public') {
    principal = await authenticate(ctx.db, caller.token, {
      idleMs: ctx.config.sessionIdleMs,
      lifetimeMs: ctx.config.sessionLifetimeMs,
    });
    if (!principal) throw new DomainError(CODES.sessionLost);
    if (principal.audience !== contract.audience || caller.claimedAudience !== contract.audience) {
      throw new DomainError(CODES.forbidden, 403);
    }
  }

  const parsed = contract.request.safeParse(bizContent);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new DomainError(CODES.invalidParameters, 200, issue ? issue.path.join('.') || undefined : undefined);
  }
  const handler = handlers[name] as (input: unknown, ctx: HandlerContext) => Promise<unknown>;
  const output = await handler(parsed.data, { ...ctx, principal });
  return contract.response.parse(output);
}

export function claimedAudience(loginTokenType: string): Caller['claimedAudience'] {
  if (loginTokenType === 'SSO-AUTH') return 'operator';
  if (loginTokenType === 'THIRD-PARTY-AUTH') return 'third-party';
  return 'member';
}
