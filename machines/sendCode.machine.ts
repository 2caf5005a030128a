import { setup, assign } from 'xstate';
import type { Outcome } from '../services/contract/outcome.ts';
import { UNREACHABLE, announceAnswer, answerOutcome, provided, type AnswerEvent, type Unreachable } from './outcome.ts';

/**
 * Send a code, with the captcha if asked: a child chart the flows that send an SMS or e-mail code
 * invoke (the first code of sendAndEnterCode, every resend of the code entry, the number change's codes). It sends
 * the parent's request; when the server first wants a captcha (CAP10001) it waits for one and sends
 * again with its one-time token. It ends with the send's answer for the parent to route (the code
 * went, or the refusal), or with `unreachable` when no answer came.
 */

/** What the parent sends: its own fields (mobile, identity, card…), the same for a first send and a resend. */
export type CodeRequest = Readonly<Record<string, string>>;

/** What every send answers: when a new code may be asked for, where it went; the rest is for the flow's verify (bindCard's bindId). */
export interface CodeSent {
  resendAfterSeconds: number;
  sentTo?: string;
  mobileMasked?: string;
}

/** The send call's input: the parent's request and, after a captcha, its one-time token. */
export interface SendInput {
  request: CodeRequest;
  captchaToken: string | null;
}

export interface SendCodeInput {
  request: CodeRequest;
}

export interface SendCodeContext {
  request: CodeRequest;
  captchaToken: string | null;
  result: SendCodeOutput | null;
}

/** The send's own answer, or no answer at all. */
export type SendCodeOutput = Outcome<CodeSent> | Unreachable;

export type SendCodeEvent = { type: 'captcha.solved'; token: string | null };

export const sendCodeMachine = setup({
  types: {
    input: {} as SendCodeInput,
    context: {} as SendCodeContext,
    events: {} as SendCodeEvent | AnswerEvent,
    output: {} as SendCodeOutput,
  },
  actors: {
    send: provided<Outcome<CodeSent>, SendInput>('send'),
  },
  actions: {
    announceAnswer: announceAnswer<SendCodeContext, SendCodeEvent | AnswerEvent>(),
    keepAnswer: assign({ result: ({ event }) => answerOutcome(event) as Outcome<CodeSent> }),
    keepUnreachable: assign({ result: UNREACHABLE }),
    keepCaptchaToken: assign({ captchaToken: ({ event, context }) => (event.type === 'captcha.solved' ? event.token : context.captchaToken) }),
    // a token is good for one attempt: the next send, whatever its answer, needs a new one
    forgetCaptchaToken: assign({ captchaToken: null }),
  },
}).createMachine({
  id: 'sendCode',
  context: ({ input }) => ({ request: input.request, captchaToken: null, result: null }),
  initial: 'sending',
  output: ({ context }) => context.result ?? UNREACHABLE,
  states: {
    sending: {
      tags: ['busy'],
      exit: 'forgetCaptchaToken',
      invoke: {
        id: 'send',
        src: 'send',
        input: ({ context }) => ({ request: context.request, captchaToken: context.captchaToken }),
        onDone: { actions: 'announceAnswer' },
        onError: { target: 'unreachable', actions: 'keepUnreachable' },
      },
      on: {
        'send.ok': { target: 'sent', actions: 'keepAnswer' },
        // the server saw suspicious attempts from this address: a person must solve the captcha first
        'send.refused.CAP10001': { target: 'captchaNeeded' },
        'send.refused.*': { target: 'refused', actions: 'keepAnswer' },
      },
    },
    captchaNeeded: {
      on: { 'captcha.solved': { target: 'sending', actions: 'keepCaptchaToken' } },
    },
    sent: { type: 'final' },
    refused: { type: 'final' },
    unreachable: { type: 'final' },
  },
});
