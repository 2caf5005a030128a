import { fromPromise } from 'xstate';
import { paymentAlertsMachine, type AlertPage } from '../../machines/paymentAlerts.machine.ts';
import type { ActorsOf } from '../../machines/outcome.ts';
import { ALERT_WAIT_SECONDS } from '../contract/paymentAlerts.ts';
import { requestGateway, type Outcome } from '../gateway.ts';

/**
 * The long poll: no cover, no network toast (the chart says it is reconnecting), a time-out past
 * the server's hold, and cancelled with the chart's state (the screen closed, the stream stopped).
 */
export const waitAlerts = ({ after }: { after: string | null }, signal?: AbortSignal): Promise<Outcome<AlertPage>> =>
  requestGateway('merchant/alerts/wait', after === null ? {} : { after }, { quiet: true, silent: true, background: true, signal, timeoutMs: (ALERT_WAIT_SECONDS + 15) * 1000 });

export const paymentAlertsActors = {
  waitAlerts: fromPromise<Outcome<AlertPage>, { after: string | null }>(({ input, signal }) => waitAlerts(input, signal)),
} satisfies ActorsOf<typeof paymentAlertsMachine>;

export const paymentAlertsFlow = paymentAlertsMachine.provide({ actors: paymentAlertsActors });

/**
 * Whether a member asked for payments read aloud: kept in this browser's localStorage under the
 * member's id. On the device, because reading aloud is about this phone's speaker at this till
 * (the same person may want it at the till and not on their own phone), and per member, because
 * one till phone is shared by the clerks of a store; no server call on the till's path.
 */
const voiceKey = (memberId: string) => `PaymentAlertsVoice:${memberId}`;

export function rememberedVoice(memberId: string | undefined): boolean {
  if (!memberId || typeof localStorage === 'undefined') return false;
  try {
    return localStorage.getItem(voiceKey(memberId)) === 'on';
  } catch {
    return false;
  }
}

export function rememberVoice(memberId: string | undefined, on: boolean): void {
  if (!memberId || typeof localStorage === 'undefined') return;
  try {
    localStorage.setItem(voiceKey(memberId), on ? 'on' : 'off');
  } catch {
    // private mode or a full quota: the choice lasts as long as the screen
  }
}
