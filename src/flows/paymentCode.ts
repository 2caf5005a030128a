import { fromPromise } from 'xstate';
import { paymentCodeMachine, type CodeStatus, type IssueInput, type IssuedCode, type OfflineCode, type OfflineEnrolment } from '../../machines/paymentCode.machine.ts';
import type { ActorsOf } from '../../machines/outcome.ts';
import { deviceId } from '../lib/device.ts';
import { requestGateway } from '../../services/gateway.ts';
import type { Outcome } from '../../services/contract/outcome.ts';
import { never } from '../../services/http.ts';
import { paymentFlow } from './payment.ts';
import { quoteMerchantPayment } from './merchantQuote.ts';
import { storage } from '../lib/storage.ts';
import { extendEnrolment, forgetEnrolment, keepEnrolment, offlineCodeAt, readEnrolment } from '../lib/offlineCodeStore.ts';
import { OFFLINE_CODE_CODES } from '../../services/contract/answerCodes.ts';

const signedInMember = () => storage.getUserInfo()?.memberId;
const refusedHere = (code: string): Outcome<never> => ({ ok: false, code, message: code, detail: '' });

const quiet = { quiet: true } as const;

/**
 * The payment code's calls: a code for this member and this device, its fate every two seconds
 * (in the background: no cover, no toast for a missed answer, and not activity for the session's
 * idle window, nor is a renewal on the clock), the confirmation of a charge above
 * the password-free limit (payment child) and its refusal.
 */
export const paymentCodeActors = {
  // a new code spends the one before: an issue whose chart was stopped before it was sent (a screen left at once,
  // React's strict mode restarting the chart) is never sent, or it would spend the code the screen shows; it never
  // settles either, since a restarted chart would take a late answer or refusal as its own
  issue: fromPromise<Outcome<IssuedCode>, IssueInput>(async ({ input, signal }) => {
    const device = await deviceId();
    const kept = await readEnrolment(signedInMember());
    if (signal.aborted) return never();
    // no network says nothing here (no toast over the code): the chart answers it with the offline code, or says why there is none
    const answer = await requestGateway('pay/paymentCode/issue', { deviceId: device, ...(kept ? { offlineDeviceNo: kept.deviceNo } : {}) }, { ...quiet, background: input.renewal, silent: true });
    if (answer.ok && kept) {
      // the server pushed the enrolment's offline life on, or says it is gone (revoked, run out): the secret is wiped
      if (answer.data.offline) await extendEnrolment(kept, answer.data.offline.validUntil, answer.data.serverTime);
      else await forgetEnrolment();
    }
    return answer;
  }),
  // without network: the code this phone derives from its secret and the clock (MCH12001 none here, MCH12002 run out)
  deriveOfflineCode: fromPromise<Outcome<OfflineCode>>(async () => {
    const kept = await readEnrolment(signedInMember());
    if (!kept) return refusedHere(OFFLINE_CODE_CODES.offlineNotEnrolled);
    const now = Date.now();
    // run out on the server's clock, as the till will judge it
    if (new Date(kept.validUntil).getTime() <= now + kept.clockOffsetMs) return refusedHere(OFFLINE_CODE_CODES.offlineRanOut);
    return { ok: true, data: { ...(await offlineCodeAt(kept, now)), validUntil: kept.validUntil } };
  }),
  // turning it on: the server's secret, kept on this phone (replacing the enrolment it held before)
  enrolOffline: fromPromise<Outcome<OfflineEnrolment>>(async () => {
    const memberId = signedInMember();
    const before = await readEnrolment(memberId);
    const answer = await requestGateway('pay/paymentCode/enrolOffline', { deviceId: await deviceId(), ...(before ? { replaces: before.deviceNo } : {}) });
    if (!answer.ok || !memberId) return answer.ok ? refusedHere(OFFLINE_CODE_CODES.offlineNotEnrolled) : answer;
    await keepEnrolment(memberId, answer.data);
    return { ok: true, data: { deviceNo: answer.data.deviceNo, validUntil: answer.data.validUntil } };
  }),
  // turning it off: wiped here first (whatever the network does), then revoked on the server
  turnOffOffline: fromPromise<Outcome<unknown>, OfflineEnrolment>(async ({ input }) => {
    await forgetEnrolment();
    return requestGateway('pay/paymentCode/turnOffOffline', { deviceNo: input.deviceNo }, quiet);
  }),
  checkStatus: fromPromise<Outcome<CodeStatus>, { code: string }>(({ input }) => requestGateway('pay/paymentCode/status', input, { ...quiet, background: true })),
  decline: fromPromise<Outcome<{ declined: true }>, { chargeId: string }>(({ input }) => requestGateway('pay/paymentCode/decline', input)),
  quote: quoteMerchantPayment,
  payment: paymentFlow,
} satisfies ActorsOf<typeof paymentCodeMachine>;

export const paymentCodeFlow = paymentCodeMachine.provide({ actors: paymentCodeActors });
