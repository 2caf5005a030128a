import { fromPromise } from 'xstate';
import { sendCodeMachine, type CodeRequest, type CodeSent, type SendInput } from '../../machines/sendCode.machine.ts';
import type { Outcome } from '../../services/contract/outcome.ts';

/** A flow's send call: the request its chart builds and, after a captcha, the one-time token. */
export type SendCall<R extends CodeRequest, S extends CodeSent> = (request: R, captchaToken: string | null) => Promise<Outcome<S>>;

/**
 * The send-a-code chart with a flow's own send call. The chart hands the parent's request through
 * untouched, so the call gets the request type its flow's chart exports (R): the one cast saying so
 * is here, not in every flow.
 */
export const sendCodeWith = <R extends CodeRequest, S extends CodeSent>(send: SendCall<R, S>) =>
  sendCodeMachine.provide({
    actors: { send: fromPromise<Outcome<CodeSent>, SendInput>(({ input }) => send(input.request as R, input.captchaToken)) },
  });
