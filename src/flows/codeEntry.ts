import { fromPromise } from 'xstate';
import { codeEntryMachine, type VerifyInput } from '../../machines/codeEntry.machine.ts';
import type { CodeRequest, CodeSent } from '../../machines/sendCode.machine.ts';
import type { Outcome } from '../../services/contract/outcome.ts';
import { sendCodeWith, type SendCall } from './sendCode.ts';

/** A flow's check of the code, with the request that brought it and the latest send's answer (bindCard's bindId). */
export type VerifyCall<R extends CodeRequest, S extends CodeSent, T> = (request: R, sent: S, code: string) => Promise<Outcome<T>>;

/**
 * The code entry of a flow: its send call, for the first code (unless the flow's own call sent it)
 * and every new one, through the send-a-code chart, and its verify call. Request and answer come
 * back as the flow's chart and calls typed them (R, S): the chart carries them without looking inside.
 */
export const codeEntryWith = <R extends CodeRequest, S extends CodeSent, T>(calls: { send: SendCall<R, S>; verify: VerifyCall<R, S, T> }) =>
  codeEntryMachine.provide({
    actors: {
      sendCode: sendCodeWith(calls.send),
      verify: fromPromise<Outcome<unknown>, VerifyInput>(({ input }) => calls.verify(input.request as R, input.sent as S, input.code)),
      resend: sendCodeWith(calls.send),
    },
  });
