import type { z } from 'zod';
import { contracts, CODES, type ServiceName } from '../services/contract/index.ts';
import type { Database } from './db/index.ts';
import type { ServerConfig } from './config.ts';
import type { Language } from './i18n.ts';
import { DomainError } from './errors.ts';
import { authenticate, sessionCheck, type Principal, type SessionCheck } from './domains/session/sessions.ts';
import { contentHandlers } from './domains/document/handlers.ts';
import { sessionHandlers } from './domains/session/handlers.ts';
import { registrationHandlers } from './domains/signUp/handlers.ts';
import { loginHandlers } from './domains/login/handlers.ts';
import { recoveryHandlers } from './domains/recoverPassword/handlers.ts';
import { payPasswordHandlers } from './domains/payPassword/handlers.ts';
import { settingsHandlers } from './domains/settings/handlers.ts';
import { captchaHandlers } from './domains/captcha/handlers.ts';
import { changeMobileHandlers } from './domains/changeMobile/handlers.ts';
import { personalVerificationHandlers } from './domains/personalVerification/handlers.ts';
import { enterpriseVerificationHandlers } from './domains/enterpriseVerification/handlers.ts';
import { platformHandlers } from './domains/platform/handlers.ts';
import { assetHandlers } from './domains/walletAssets/handlers.ts';
import { transferHandlers } from './domains/transfer/handlers.ts';
import { fundDetailHandlers } from './domains/fundDetail/handlers.ts';
import { cardHandlers } from './domains/bindCard/handlers.ts';
import { topupHandlers } from './domains/topup/handlers.ts';
import { withdrawHandlers } from './domains/withdrawal/handlers.ts';

export interface HandlerContext {
  db: Database;
  config: ServerConfig;
  language: Language;
  principal: Principal | null;
  /** Only for the services in SESSION_CHECKED_BY_STATEMENT (their principal is null): the session to check. */
  session: SessionCheck | null;
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
 * Services whose one SQL statement checks the session itself (`wallet_transfer_in_session`), so the
 * busiest money call is one round trip to the database instead of two. Their handler gets the
 * session to check instead of a principal, and answers AGW20001/AGW10005 as the registry would.
 */
const SESSION_CHECKED_BY_STATEMENT: ReadonlySet<ServiceName> = new Set(['wallet/transfer/doTransfer']);

/** The signed-in principal for a service's audience, or the refusal every service gives. */
async function requirePrincipal(audience: string, caller: Caller, ctx: Omit<HandlerContext, 'principal' | 'session'>): Promise<Principal> {
  const principal = await authenticate(ctx.db, caller.token, { idleMs: ctx.config.sessionIdleMs, lifetimeMs: ctx.config.sessionLifetimeMs });
  if (!principal) throw new DomainError(CODES.sessionLost);
  if (principal.audience !== audience || caller.claimedAudience !== audience) throw new DomainError(CODES.forbidden, 403);
  return principal;
}

/**
 * Both transports end here: find the service, authenticate for its audience, validate the input
 * with the contract, run the handler, and check the answer against the contract too.
 */
export async function dispatch(
  service: string,
  bizContent: unknown,
  caller: Caller,
  ctx: Omit<HandlerContext, 'principal' | 'session'>,
): Promise<unknown> {
  if (!Object.hasOwn(contracts, service)) throw new DomainError(CODES.unknownService, 404);
  const name = service as ServiceName;
  const contract = contracts[name];
  const checkedByStatement = SESSION_CHECKED_BY_STATEMENT.has(name);

  const principal = contract.audience !== 'public' && !checkedByStatement ? await requirePrincipal(contract.audience, caller, ctx) : null;
  const parsed = contract.request.safeParse(bizContent);
  let session: SessionCheck | null = null;
  if (checkedByStatement) {
    session = sessionCheck(caller.token, { idleMs: ctx.config.sessionIdleMs, lifetimeMs: ctx.config.sessionLifetimeMs });
    // off the usual path, check the session first, so that the answer is the one any other service gives
    if (!session || !parsed.success || caller.claimedAudience !== contract.audience) await requirePrincipal(contract.audience, caller, ctx);
  }
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new DomainError(CODES.invalidParameters, 200, issue ? issue.path.join('.') || undefined : undefined);
  }
  const handler = handlers[name] as (input: unknown, ctx: HandlerContext) => Promise<unknown>;
  const output = await handler(parsed.data, { ...ctx, principal, session });
  return contract.response.parse(output);
}

export function claimedAudience(loginTokenType: string): Caller['claimedAudience'] {
  if (loginTokenType === 'SSO-AUTH') return 'operator';
  if (loginTokenType === 'THIRD-PARTY-AUTH') return 'third-party';
  return 'member';
}
