import { fromPromise } from 'xstate';
import { enterpriseVerificationMachine } from '../../machines/enterpriseVerification.machine.ts';
import type { ActorsOf } from '../../machines/outcome.ts';
import { requestGateway } from '../../services/gateway.ts';

/**
 * Enterprise verification's calls: where the request stands, and sending the form. The form's own
 * calls (provinces, document uploads) are in ./enterpriseForm.ts, so the result page loads neither.
 */
export const enterpriseVerificationActors = {
  loadStatus: fromPromise(() => requestGateway('appRegisterAction/advance', {}, { quiet: true })),
  submitForm: fromPromise(({ input }) => requestGateway('appRegisterAction/apply', input)),
} satisfies ActorsOf<typeof enterpriseVerificationMachine>;

export const enterpriseVerificationFlow = enterpriseVerificationMachine.provide({ actors: enterpriseVerificationActors });
