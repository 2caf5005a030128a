import { setup, assign, not, stateIn } from 'xstate';
import type { Outcome } from '../services/contract/outcome.ts';
import { isOk, outputOf, provided, refusalCode, refusalDetail, refusedWith, unreachable } from './outcome.ts';
import { sendCodeMachine, type CodeRequest, type CodeSent } from './sendCode.machine.ts';

/**
 * The code entry with its resend cool-down: a child chart for every flow that asks for a code it
 * sent (sign-up, log-in by SMS, password recovery, card binding). Two regions run side by side: the
 * entry (type, verify, each refusal with its message, type again) and the resend control (a
 * cool-down from the last send, then a new code through the send-a-code chart, captcha included).
 * It ends with the verify's answer, or with a refusal the parent listed as its own to handle; every
 * other refusal stays here as a state with its message.
 */
export interface CodeEntryInput {
  /** What a resend sends again and what verify is told (the flow's mobile, identity, card…). */
  request: CodeRequest;
  /** The answer of the send that brought the first code. */
  sent: CodeSent;
  /** Refusals that end the chart, for the parent to route (sign-up's "already registered"). */
  handOver?: string[];
  /** Refusals of verify that, like COD10002, void the code: only a new one helps (bindCard's lapsed bind request). */
  expiredWith?: string[];
}

/** Verify is told the code and what brought it: the latest send's answer carries what it needs (bindCard's new bindId after a resend). */
export interface VerifyInput {
  request: CodeRequest;
  sent: CodeSent;
  code: string;
}

export interface CodeEntryContext {
  request: CodeRequest;
  sent: CodeSent;
  handOver: string[];
  expiredWith: string[];
  code: string;
  triesLeft: string | null;
  entryRefusal: string | null;
  resendRefusal: string | null;
  result: Outcome<unknown> | null;
}

export type CodeEntryEvent = { type: 'code.changed'; value: string } | { type: 'code.submitted' } | { type: 'code.resendRequested' };

const listed = (codes: string[], event: unknown) => codes.includes(refusalCode(event) ?? '');

export const codeEntryMachine = setup({
  types: {
    input: {} as CodeEntryInput,
    context: {} as CodeEntryContext,
    events: {} as CodeEntryEvent,
    output: {} as Outcome<unknown>,
  },
  actors: {
    verify: provided<Outcome<unknown>, VerifyInput>('verify'),
    resend: sendCodeMachine,
  },
  guards: {
    isOk,
    refusedWith,
    unreachable,
    codeComplete: ({ context }) => /^\d{6}$/.test(context.code),
    handedOver: ({ context, event }) => listed(context.handOver, event),
    listedAsExpired: ({ context, event }) => listed(context.expiredWith, event),
    // a code being checked may be the right one: no new code meanwhile
    notVerifying: not(stateIn('#codeEntry.enteringCode.entry.verifying')),
  },
  actions: {
    setCode: assign({ code: ({ event, context }) => (event.type === 'code.changed' ? event.value.replace(/\D/g, '').slice(0, 6) : context.code) }),
    keepTriesLeft: assign({ triesLeft: ({ event }) => refusalDetail(event), code: '' }),
    keepEntryRefusal: assign({ entryRefusal: ({ event }) => refusalCode(event) }),
    keepResendRefusal: assign({ resendRefusal: ({ event }) => refusalCode(event) }),
    keepResult: assign({ result: ({ event }) => outputOf<unknown>(event) }),
    keepSent: assign(({ event, context }) => {
      const output = outputOf<CodeSent>(event);
      return output.ok ? { sent: output.data, code: '', triesLeft: null, entryRefusal: null, resendRefusal: null } : { sent: context.sent };
    }),
  },
  delays: {
    resendCooldown: ({ context }) => context.sent.resendAfterSeconds * 1000,
  },
}).createMachine({
  id: 'codeEntry',
  context: ({ input }) => ({
    request: input.request, sent: input.sent, handOver: input.handOver ?? [], expiredWith: input.expiredWith ?? [],
    code: '', triesLeft: null, entryRefusal: null, resendRefusal: null, result: null,
  }),
  initial: 'enteringCode',
  output: ({ context }) => context.result ?? { ok: false, code: 'AGW50000', message: '', detail: '' },
  states: {
    enteringCode: {
      type: 'parallel',
      on: { 'code.changed': { actions: 'setCode' } },
      states: {
        entry: {
          initial: 'typing',
          states: {
            typing: { on: { 'code.submitted': { guard: 'codeComplete', target: 'verifying' } } },
            verifying: {
              tags: ['busy'],
              invoke: {
                id: 'verify',
                src: 'verify',
                input: ({ context }) => ({ request: context.request, sent: context.sent, code: context.code }),
                onDone: [
                  { guard: 'isOk', target: '#codeEntry.verified', actions: 'keepResult' },
                  { guard: 'handedOver', target: '#codeEntry.handedOver', actions: 'keepResult' },
                  { guard: { type: 'refusedWith', params: { code: 'COD10001' } }, target: 'wrongCode', actions: 'keepTriesLeft' },
                  { guard: { type: 'refusedWith', params: { code: 'COD10002' } }, target: 'expired' },
                  { guard: 'listedAsExpired', target: 'expired' },
                  { guard: { type: 'refusedWith', params: { code: 'COD10003' } }, target: 'tooManyTries' },
                  { target: 'refused', actions: 'keepEntryRefusal' },
                ],
                onError: { target: 'unreachable' },
              },
            },
            wrongCode: { tags: ['error'], on: { 'code.submitted': { guard: 'codeComplete', target: 'verifying' } } },
            // expired, voided or tried too often: only a new code helps (the resend region)
            expired: { tags: ['error'] },
            tooManyTries: { tags: ['error'] },
            refused: { tags: ['error'], on: { 'code.submitted': { guard: 'codeComplete', target: 'verifying' } } },
            unreachable: { tags: ['error'], on: { 'code.submitted': { guard: 'codeComplete', target: 'verifying' } } },
          },
        },
        resend: {
          initial: 'coolingDown',
          states: {
            coolingDown: { after: { resendCooldown: { target: 'available' } } },
            available: { on: { 'code.resendRequested': { guard: 'notVerifying', target: 'resending' } } },
            resending: {
              tags: ['busy'],
              invoke: {
                id: 'resend',
                src: 'resend',
                input: ({ context }) => ({ request: context.request }),
                onDone: [
                  // a new code voids the old one and whatever was said about it
                  { guard: 'isOk', target: ['coolingDown', '#codeEntry.enteringCode.entry.typing'], actions: 'keepSent' },
                  { guard: 'handedOver', target: '#codeEntry.handedOver', actions: 'keepResult' },
                  // the hourly limit of codes is reached: no more for now
                  { guard: { type: 'refusedWith', params: { code: 'COD10005' } }, target: 'limited' },
                  { guard: 'unreachable', target: 'unreachable' },
                  { target: 'refused', actions: 'keepResendRefusal' },
                ],
                onError: { target: 'unreachable' },
              },
            },
            limited: { tags: ['error'] },
            refused: { tags: ['error'], on: { 'code.resendRequested': { guard: 'notVerifying', target: 'resending' } } },
            unreachable: { tags: ['error'], on: { 'code.resendRequested': { guard: 'notVerifying', target: 'resending' } } },
          },
        },
      },
    },
    verified: { type: 'final' },
    handedOver: { type: 'final' },
  },
});
