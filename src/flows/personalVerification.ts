import { fromPromise } from 'xstate';
import { personalVerificationMachine, type Status } from '../../machines/personalVerification.machine.ts';
import type { ActorsOf } from '../../machines/outcome.ts';
import { requestGateway } from '../../services/gateway.ts';
import type { Outcome } from '../../services/contract/outcome.ts';

/** Real-name verification's calls: where the member stands, the NIF check, the name check. */
export const personalVerificationActors = {
  loadStatus: fromPromise<Outcome<Status>>(() => requestGateway('common/setting/main', {}, { quiet: true })),
  checkNif: fromPromise<Outcome<{ checkId: string; nifMasked: string }>, { nif: string }>(({ input }) => requestGateway('common/certification/identityAuth', input)),
  checkName: fromPromise<Outcome<{ realName: string }>, { checkId: string; fullName: string }>(({ input }) => requestGateway('wallet/card/getRealName', input)),
} satisfies ActorsOf<typeof personalVerificationMachine>;

export const personalVerificationFlow = personalVerificationMachine.provide({ actors: personalVerificationActors });
