import { fromPromise } from 'xstate';
import { operatorSignInMachine, type Redemption } from '../../machines/operatorSignIn.machine.ts';
import type { ActorsOf } from '../../machines/outcome.ts';
import { requestGateway } from '../../services/gateway.ts';
import type { Outcome } from '../../services/contract/outcome.ts';

/**
 * A hand-off code is good once. React's strict mode restarts a chart once in development, which
 * would redeem it twice (and the second answer, PLT10005, would win): both runs share one call.
 */
const redemptions = new Map<string, Promise<Outcome<Redemption>>>();
function redeemOnce(handoff: string): Promise<Outcome<Redemption>> {
  let pending = redemptions.get(handoff);
  if (!pending) {
    pending = requestGateway('platform/sso/redeem', { handoff }, { quiet: true });
    redemptions.set(handoff, pending);
    pending.catch(() => redemptions.delete(handoff)); // no answer: a retry may call again
  }
  return pending;
}

/** The operators' sign-in: the single sign-on hand-off code redeemed for a platform token. */
export const operatorSignInActors = {
  redeem: fromPromise<Outcome<Redemption>, { handoff: string }>(({ input }) => redeemOnce(input.handoff)),
} satisfies ActorsOf<typeof operatorSignInMachine>;

export const operatorSignInFlow = operatorSignInMachine.provide({ actors: operatorSignInActors });

/** Who is signed in, for the platform's frame. */
export const loadOperator = () => requestGateway('platform/session/whoami', {}, { quiet: true });

/** Ends the operator's session on the server (the caller forgets the token whatever the answer). */
export const endOperatorSession = () => requestGateway('platform/session/logout', {}, { quiet: true });
