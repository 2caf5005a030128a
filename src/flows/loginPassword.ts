import { fromPromise } from 'xstate';
import { loginPasswordMachine } from '../../machines/loginPassword.machine.ts';
import type { ActorsOf } from '../../machines/outcome.ts';
import { requestGateway } from '../../services/gateway.ts';
import type { Outcome } from '../../services/contract/outcome.ts';

/** The change of login password: one call, `wallet/password/setPwd`. */
export const loginPasswordActors = {
  changePassword: fromPromise<Outcome<{ changed: true; otherSessionsEnded: number }>, { oldPassword: string; password: string }>(({ input }) => requestGateway('wallet/password/setPwd', input)),
} satisfies ActorsOf<typeof loginPasswordMachine>;

export const loginPasswordFlow = loginPasswordMachine.provide({ actors: loginPasswordActors });
