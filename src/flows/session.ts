import { fromPromise } from 'xstate';
import { sessionMachine } from '../../machines/session.machine.ts';
import type { ActorsOf } from '../../machines/outcome.ts';
import { storage } from '../lib/storage.ts';
import type { Outcome } from '../../services/contract/outcome.ts';

/**
 * The session chart's one call: logging out ends the member's session on the server too (which
 * revokes the offline payment code it turned on), and this phone's offline-code secret is wiped first.
 */
export const sessionActors = {
  // loaded on first use: the gateway client (zod, axios) stays out of the first page's bundle
  endServerSession: fromPromise<Outcome<unknown>>(async () => {
    await (await import('../lib/offlineCodeStore.ts')).forgetEnrolment().catch(() => {});
    const { requestGateway } = await import('../../services/gateway.ts');
    return requestGateway('common/logout', {}, { auth: { loginTokenType: 'LOGIN-TOKEN', loginToken: storage.getUserInfo()?.h5Token ?? '' } });
  }),
} satisfies ActorsOf<typeof sessionMachine>;

export const sessionFlow = sessionMachine.provide({ actors: sessionActors });
