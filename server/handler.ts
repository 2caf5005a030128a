import type { z } from 'zod';
import type { contracts, FLOW_CONTRACTS, ServiceContract, ServiceName } from '../services/contract/index.ts';
import type { Database } from './db/index.ts';
import type { ServerConfig } from './config.ts';
import type { Language } from './i18n.ts';
import type { Adapters } from './adapters/index.ts';
import type { Principal, SessionCheck } from './auth/sessions.ts';

/**
 * What a domain handler is given and must answer. The registry (server/registry.ts) imports the
 * domains' handlers; the domains import only these types, so neither imports the other.
 */
export interface HandlerContext {
  db: Database;
  config: ServerConfig;
  /** The outside world (bank, identity registry, file storage): simulators locally, real providers in production. */
  adapters: Adapters;
  language: Language;
  /** The caller, authenticated for the service's audience by the registry; null for a public service. */
  principal: Principal | null;
  requestNo: string;
  ip: string;
}

type Contracts = typeof contracts;
type Input<N extends ServiceName> = z.output<Contracts[N]['request']>;
type Answer<N extends ServiceName> = Promise<z.input<Contracts[N]['response']>>;

export type Handler<N extends ServiceName> = (input: Input<N>, ctx: HandlerContext) => Answer<N>;

/** The context of a handler that checks the session itself: no principal yet, the session to check instead. */
export interface InStatementSessionContext extends Omit<HandlerContext, 'principal'> {
  session: SessionCheck;
}

/**
 * A service whose one SQL statement checks the caller's session itself, so the whole call is one
 * round trip to the database instead of two (the transfer, the hot path: measured 13–24 % more
 * transfers a second). The registry does not authenticate first; it hands over the session to
 * check, and the statement must answer AGW20001 / AGW10005 exactly as the registry would.
 */
export interface InStatementSessionHandler<N extends ServiceName> {
  sessionCheck: 'inStatement';
  handle: (input: Input<N>, ctx: InStatementSessionContext) => Answer<N>;
}

/** How a service is registered: a plain handler (the registry checks the session), or one that checks it in its statement. */
export type RegisteredHandler<N extends ServiceName> = Handler<N> | InStatementSessionHandler<N>;

export type Handlers = { [N in ServiceName]: RegisteredHandler<N> };

/** A flow, as the contract catalogue names it (services/contract/<flow>.ts, server/domains/<flow>/). */
export type Flow = keyof typeof FLOW_CONTRACTS;
type ServicesOf<F extends Flow> = Extract<(typeof FLOW_CONTRACTS)[F][keyof (typeof FLOW_CONTRACTS)[F]], ServiceContract>['name'] & ServiceName;

/**
 * The handlers of one flow's calls, exactly: `export const withdrawalHandlers = { … } satisfies
 * FlowHandlers<'withdrawal'>` does not compile when a call of the flow is missing or when the
 * module serves another flow's call.
 */
export type FlowHandlers<F extends Flow> = { [N in ServicesOf<F>]: RegisteredHandler<N> };
