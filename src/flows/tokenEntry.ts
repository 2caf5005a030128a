import { fromPromise } from 'xstate';
import { tokenEntryMachine } from '../../machines/tokenEntry.machine.ts';
import type { ActorsOf } from '../../machines/outcome.ts';
import { requestGateway } from '../../services/gateway.ts';

/** The `index/:token` entry's one call: the token from the address, checked as the login token. */
export const tokenEntryActors = {
  checkAuthToken: fromPromise(({ input }) =>
    requestGateway('common/authLogin/checkAuthToken', {}, { auth: { loginToken: input.token, loginTokenType: 'LOGIN-TOKEN' } }),
  ),
} satisfies ActorsOf<typeof tokenEntryMachine>;

export const tokenEntryFlow = tokenEntryMachine.provide({ actors: tokenEntryActors });
