import { setup, assign, type EventObject } from 'xstate';
import type { Outcome } from '../services/contract/outcome.ts';
import { UNREACHABLE, dataOf, isOk, outputOf, provided, refusalCode, refusalDetail, refusedWith, type Unreachable } from './outcome.ts';

/**
 * Send a code, with the captcha if asked: a child chart the flows that send an SMS or e-mail code
 * invoke (log-in by SMS, password recovery, sign-up, and every resend of the code entry). It sends
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

/**
 * What a parent of this chart keeps of the first send (sign-up, recovery, card binding): the answer
 * its code entry starts from, or why no code went (COD10004's seconds to wait, another refusal's code).
 */
export interface SendsCode<S extends CodeSent = CodeSent> {
  sent: S | null;
  waitSeconds: string | null;
  errorCode: string | null;
}

/** The parent's actions for that send's answer, typed by its own context and events as its `setup` needs them. */
export const sendsCodeActions = <C extends SendsCode, E extends EventObject>() => ({
  keepCodeSent: assign<C, E, undefined, E, never>(({ event }) => ({ sent: dataOf<CodeSent>(event), errorCode: null }) as Partial<C>),
  keepWait: assign<C, E, undefined, E, never>(({ event }) => ({ waitSeconds: refusalDetail(event) }) as Partial<C>),
  keepRefusal: assign<C, E, undefined, E, never>(({ event }) => ({ errorCode: refusalCode(event) }) as Partial<C>),
});

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
    events: {} as SendCodeEvent,
    output: {} as SendCodeOutput,
  },
  actors: {
    send: provided<Outcome<CodeSent>, SendInput>('send'),
  },
  guards: {
    isOk,
    refusedWith,
  },
  actions: {
    keepAnswer: assign({ result: ({ event }) => outputOf<CodeSent>(event) }),
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
        onDone: [
          { guard: 'isOk', target: 'sent', actions: 'keepAnswer' },
          // the server saw suspicious attempts from this address: a person must solve the captcha first
          { guard: { type: 'refusedWith', params: { code: 'CAP10001' } }, target: 'captchaNeeded' },
          { target: 'refused', actions: 'keepAnswer' },
        ],
        onError: { target: 'unreachable', actions: 'keepUnreachable' },
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
