import { CODES } from './contract/answerCodes.ts';
import { newRequestNo } from '../src/lib/requestNo.ts';
import type { Envelope, GatewayAnswer } from './contract/envelope.ts';
import { BACKGROUND_HEADER } from './contract/transport.ts';
import type { RequestOf, ResponseOf, ServiceName, contracts } from './contract/index.ts';
import { deviceId, userNetType } from '../src/lib/device.ts';
import { authForPath, type AuthInfo } from './auth-info.ts';
import { http, never } from './http.ts';
import { signalSessionExpired } from './session-signal.ts';
import { DURATIONS, transportUi } from './transport-ui.ts';
import type { Outcome } from './contract/outcome.ts';

export const GATEWAY_URL = '/gatewayinner/api';

type Contracts = typeof contracts;

export interface GatewayOptions {
  /** Resolve with the whole `{code, msg, subMsg, bizContent}` answer, whatever its code; no toast. */
  raw?: boolean;
  /** A token other than the page's (the `index/:token` entry hands one in the URL). */
  auth?: Partial<AuthInfo>;
  /** Skip the modal cover (background refreshes). */
  quiet?: boolean;
  language?: string;
  signal?: AbortSignal;
  /**
   * The envelope's requestNo, for a money-moving call retried after a lost answer: resent with
   * the first try's number, the server answers the first outcome and moves nothing again.
   * Without it, every call gets a new one.
   */
  requestNo?: string;
  /** Longer than the spec's 20 s request time-out: a long poll the server holds (merchant/alerts/wait). */
  timeoutMs?: number;
  /** No network toast: a background call whose chart shows its own state (reconnecting). */
  silent?: boolean;
  /**
   * The app's own call (a poll, a long poll, a timed renewal), not the person's: the server does
   * not count it as activity, so an unattended screen lets the session idle out.
   */
  background?: boolean;
}


/** The spec §3 envelope with its defaults: H5 terminal, version 1.0.0, a unique requestNo, sign empty. */
export async function buildEnvelope(service: string, bizContent: object, options: GatewayOptions = {}): Promise<Envelope> {
  const location = typeof window === 'undefined' ? { pathname: '/', search: '' } : window.location;
  const query = new URLSearchParams(location.search);
  const auth = { ...authForPath(location.pathname), ...options.auth };
  return {
    bizContent: bizContent as Record<string, unknown>,
    loginAuthInfo: {
      isEnt: auth.isEnt,
      loginToken: query.get('loginToken') ?? auth.loginToken,
      loginTokenType: auth.loginTokenType,
      operatorId: '',
      operatorName: '',
      partnerId: auth.partnerId,
    },
    requestNo: options.requestNo ?? newRequestNo(),
    sarsTokenId: '',
    service,
    sign: '',
    signType: 'AES',
    language: options.language ?? query.get('language') ?? transportUi().t('languageCode'),
    terminalInfo: {
      appVersion: '1.0.0',
      deviceBrand: '',
      deviceId: query.get('deviceId') ?? (await deviceId()),
      deviceModel: '',
      deviceType: query.get('deviceType') ?? 'H5',
      deviceVersion: typeof navigator === 'undefined' ? '' : navigator.userAgent.slice(0, 64),
      terminal: query.get('terminal') ?? 'H5',
      userNetType: userNetType(),
    },
    timestamp: Date.now(),
    version: '1.0.0',
  };
}

function isAnswer(value: unknown): value is GatewayAnswer {
  return typeof value === 'object' && value !== null && typeof (value as GatewayAnswer).code === 'string';
}

/**
 * Calls one catalogue service through the gateway (spec §7/§8). S0001 resolves with bizContent
 * (or the whole answer with `raw`). AGW20001 raises `session.expired` and never resolves. Another
 * code shows `subMsg || msg` for 2 s and never resolves, unless `raw`. No answer shows the
 * network toast for 1 s and rejects.
 */
export function callGateway<N extends ServiceName>(
  service: N,
  bizContent: RequestOf<Contracts[N]>,
  options?: GatewayOptions & { raw?: false },
): Promise<ResponseOf<Contracts[N]>>;
export function callGateway<N extends ServiceName>(
  service: N,
  bizContent: RequestOf<Contracts[N]>,
  options: GatewayOptions & { raw: true },
): Promise<GatewayAnswer<ResponseOf<Contracts[N]>>>;
export async function callGateway(service: ServiceName, bizContent: unknown, options: GatewayOptions = {}): Promise<unknown> {
  const ui = transportUi();
  const uncover = options.quiet ? () => {} : ui.cover();
  let data: unknown;
  try {
    const envelope = await buildEnvelope(service, bizContent as object, options);
    const response = await http.post(GATEWAY_URL, envelope, {
      signal: options.signal,
      ...(options.timeoutMs ? { timeout: options.timeoutMs } : {}),
      ...(options.background ? { headers: { [BACKGROUND_HEADER]: '1' } } : {}),
    });
    data = response.data;
  } catch (error) {
    uncover();
    if (options.signal?.aborted) throw error;
    if (!options.silent) ui.toast(ui.t('network.gateway'), { kind: 'offline', durationMs: DURATIONS.gatewayNetworkError });
    throw new GatewayUnreachable(error);
  }
  uncover();
  if (!isAnswer(data)) {
    ui.toast(ui.t('network.gateway'), { kind: 'offline', durationMs: DURATIONS.gatewayNetworkError });
    throw new GatewayUnreachable(new Error('answer without a code'));
  }
  if (data.code === CODES.unavailable) {
    // the server could not tell what became of the call (its database was switching over): as no
    // answer, so a money flow sends the same request again (its requestNo makes it count once)
    if (!options.silent) ui.toast(ui.t('network.gateway'), { kind: 'offline', durationMs: DURATIONS.gatewayNetworkError });
    throw new GatewayUnreachable(new Error(data.code));
  }
  if (data.code === CODES.sessionLost) {
    signalSessionExpired();
    return never();
  }
  if (options.raw) return data;
  // the server checked this answer against the contract before sending it (registry.dispatch)
  if (data.code === CODES.ok) return data.bizContent;
  ui.toast(data.subMsg || data.msg, { kind: 'fail', durationMs: DURATIONS.apiError });
  return never();
}

/** No answer from the gateway (network down, time-out, a proxy's HTML page). */
export class GatewayUnreachable extends Error {
  constructor(override readonly cause: unknown) {
    super('gateway unreachable');
  }
}

/**
 * What a machine's actor wants: the answer as a value, business refusals included, so the chart
 * routes them by code. Session loss still goes to the session machine and never resolves here.
 */

export type { Outcome };

export async function requestGateway<N extends ServiceName>(
  service: N,
  bizContent: RequestOf<Contracts[N]>,
  options: Omit<GatewayOptions, 'raw'> = {},
): Promise<Outcome<ResponseOf<Contracts[N]>>> {
  const answer = await callGateway(service, bizContent, { ...options, raw: true });
  if (answer.code === CODES.ok) return { ok: true, data: answer.bizContent as ResponseOf<Contracts[N]> };
  return { ok: false, code: answer.code, message: answer.msg, detail: answer.subMsg };
}
