import { fromPromise } from 'xstate';
import { newPasswordMachine } from '../../machines/newPassword.machine.ts';
import type { Outcome } from '../../services/contract/outcome.ts';

/** A flow's save of the new password, under the ticket its code gave. */
export type SaveCall<T> = (request: { ticket: string; password: string }) => Promise<Outcome<T>>;

/** The new-password chart of a flow: its save call (sign-up's activation, recovery's reset). */
export const newPasswordWith = <T>(save: SaveCall<T>) =>
  newPasswordMachine.provide({
    actors: { save: fromPromise<Outcome<unknown>, { ticket: string; password: string }>(({ input }) => save(input)) },
  });
