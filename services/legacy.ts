import { LEGACY_HEADERS, LEGACY_OK, LEGACY_SESSION_LOST } from './contract/answerCodes.ts';
import type { LegacyAnswer } from './contract/envelope.ts';
import { storage } from '../src/lib/storage.ts';
import { http, never } from './http.ts';
import { signalSessionExpired } from './session-signal.ts';
import { DURATIONS, transportUi } from './transport-ui.ts';

export const LEGACY_BASE = 'api/ccservice';
type Method = 'GET' | 'PUT' | 'POST' | 'DELETE' | 'OPTIONS';

/** Payload fields go in the query string, non-empty values only (spec §7). */
export function legacyQuery(payload: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(payload)) {
    if (value === undefined || value === null || value === '') continue;
    params.append(key, typeof value === 'object' ? JSON.stringify(value) : String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

export function legacyHeaders(): Record<string, string> {
  const user = storage.getUserInfo() ?? {};
  const device = storage.getUserInfoDevice() ?? {};
  const headers: Record<string, string> = {
    'Content-Type': 'application/json',
    [LEGACY_HEADERS.sarsTokenId]: '',
    [LEGACY_HEADERS.ssoAuth]: user.ssoToken ?? '',
    [LEGACY_HEADERS.userAuth]: user.userToken ?? user.h5Token ?? '',
    [LEGACY_HEADERS.partnerId]: user.partnerId ?? '',
    [LEGACY_HEADERS.agent]: 'H5',
  };
  if (device.kjtToken) headers[LEGACY_HEADERS.loginToken] = device.kjtToken;
  if (device.deviceId) headers[LEGACY_HEADERS.deviceId] = device.deviceId;
  if (device.deviceType) headers[LEGACY_HEADERS.deviceType] = device.deviceType;
  return headers;
}

/**
 * The legacy helper: `{base}/{segment1}/{segment2}` with a loading toast. Status 0 resolves with
 * the body (the whole answer with `raw`); 1004 raises `session.expired`; another status shows the
 * server's message unless `raw`; no answer shows the network toast.
 */
export async function callLegacy<T = unknown>(
  method: Method,
  path: string,
  payload: Record<string, unknown> = {},
  body?: object,
  options: { raw?: boolean } = {},
): Promise<T | LegacyAnswer<T>> {
  const ui = transportUi();
  const hide = ui.loading();
  let answer: LegacyAnswer<T>;
  try {
    const response = await http.request<LegacyAnswer<T>>({
      method,
      url: `/${LEGACY_BASE}/${path.replace(/^\/+/, '')}${legacyQuery(payload)}`,
      data: body,
      headers: legacyHeaders(),
    });
    answer = response.data;
    if (typeof answer !== 'object' || answer === null || !('status' in answer)) throw new Error('answer without a status');
  } catch (error) {
    hide();
    ui.toast(ui.t('network.legacy'), { kind: 'offline', durationMs: DURATIONS.apiError });
    throw error;
  }
  hide();
  if (Number(answer.status) === LEGACY_SESSION_LOST) {
    signalSessionExpired();
    return never();
  }
  if (options.raw) return answer;
  if (Number(answer.status) === LEGACY_OK && String(answer.status) === '0') return answer.body as T;
  ui.toast(answer.message, { kind: 'fail', durationMs: DURATIONS.apiError });
  return never();
}
