import { fromPromise } from 'xstate';
import { paymentCodeMachine, type CodeStatus, type IssueInput, type IssuedCode } from '../../machines/paymentCode.machine.ts';
import type { ActorsOf } from '../../machines/outcome.ts';
import { deviceId } from '../lib/device.ts';
import { requestGateway } from '../../services/gateway.ts';
import type { Outcome } from '../../services/contract/outcome.ts';
import { never } from '../../services/http.ts';
import { paymentFlow } from './payment.ts';
import { quoteMerchantPayment } from './merchantQuote.ts';

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
    if (signal.aborted) return never();
    return requestGateway('pay/paymentCode/issue', { deviceId: device }, { ...quiet, background: input.renewal });
  }),
  checkStatus: fromPromise<Outcome<CodeStatus>, { code: string }>(({ input }) => requestGateway('pay/paymentCode/status', input, { ...quiet, background: true })),
  decline: fromPromise<Outcome<{ declined: true }>, { chargeId: string }>(({ input }) => requestGateway('pay/paymentCode/decline', input)),
  quote: quoteMerchantPayment,
  payment: paymentFlow,
} satisfies ActorsOf<typeof paymentCodeMachine>;

export const paymentCodeFlow = paymentCodeMachine.provide({ actors: paymentCodeActors });
