import { fromPromise } from 'xstate';
import { paymentAlertsMachine, type AlertPage } from '../../machines/paymentAlerts.machine.ts';
import type { ActorsOf } from '../../machines/outcome.ts';
import { ALERT_WAIT_SECONDS } from '../../services/contract/values.ts';
import { requestGateway } from '../../services/gateway.ts';
import type { Outcome } from '../../services/contract/outcome.ts';

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
 * Whether payments are read aloud for a member: their own choice, kept in this browser's
 * localStorage under their id, else this phone's default. On the device, because reading aloud is
 * about this phone's speaker at this till (the same person may want it at the till and not on
 * their own phone), and per member, because one till phone is shared by the clerks of a store; no
 * server call on the till's path. The default is off until someone allows it on this phone (the
 * owner setting up the till, usually): from the first "read aloud" switched on here, it is on for
 * every member who has not switched it off themselves.
 */
const voiceKey = (memberId: string) => `PaymentAlertsVoice:${memberId}`;
/** This phone's default once someone switched the voice on here. */
const PHONE_ALLOWED = 'PaymentAlertsVoice';

function read(key: string): string | null {
  if (typeof localStorage === 'undefined') return null;
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function rememberedVoice(memberId: string | undefined): boolean {
  const own = memberId ? read(voiceKey(memberId)) : null;
  if (own === 'on' || own === 'off') return own === 'on';
  return read(PHONE_ALLOWED) === 'allowed';
}

export function rememberVoice(memberId: string | undefined, on: boolean): void {
  if (typeof localStorage === 'undefined') return;
  try {
    if (memberId) localStorage.setItem(voiceKey(memberId), on ? 'on' : 'off');
    if (on) localStorage.setItem(PHONE_ALLOWED, 'allowed');
  } catch {
    // private mode or a full quota: the choice lasts as long as the screen
  }
}
