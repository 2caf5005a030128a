import { setup, assign, not, stateIn } from 'xstate';
import type { Outcome } from '../services/contract/outcome.ts';
import { codeDigits, isWholeCode } from '../src/lib/oneTimeCode.ts';
import { announceAnswer, answerCode, answerData, answerDetail, answerOutcome, provided, type AnswerEvent } from './outcome.ts';
import { sendCodeMachine, type CodeRequest, type CodeSent } from './sendCode.machine.ts';

/**
 * A code sent, then entered: a child chart for every flow that proves a number or an address with
 * a code (sign-up, log-in by SMS, password recovery, card binding), and for the top-up, whose order
 * brought the first code already. Unless the flow's own call sent it, the first code goes through
 * the send-a-code chart (with the captcha it may ask for); a send refused because a code went less
 * than a minute ago (with the seconds to wait), because too many went this hour, for another reason,
 * or that got no answer stays here until the person asks again. Then two regions run side by side:
 * the entry (type, verify, each refusal with its message, type again) and the resend control (a
 * cool-down from the last send, then a new code through the send-a-code chart). It ends with the
 * verify's answer, or with a refusal the flow listed as its own (already registered, no account,
 * the bank's checks of a card…), from any send or the verify; every other refusal stays here as a
 * state with its message.
 */
export interface CodeEntryInput {
  /** What every send sends and what verify is told (the flow's mobile, identity, card…). */
  request: CodeRequest;
  /** The answer of the flow's own call that brought the first code (the top-up's order); none: the first code is sent here. */
  sent?: CodeSent;
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
  /** The latest send's answer: where the code went, when a new one may be asked for (a card's bank names its holder). */
  sent: CodeSent | null;
  handOver: string[];
  expiredWith: string[];
  code: string;
  /** The seconds to wait before the first code can be sent (COD10004's detail). */
  waitSeconds: string | null;
  sendRefusal: string | null;
  triesLeft: string | null;
  entryRefusal: string | null;
  resendRefusal: string | null;
  result: Outcome<unknown> | null;
}

export type CodeEntryEvent = { type: 'code.requested' } | { type: 'code.changed'; value: string } | { type: 'code.submitted' } | { type: 'code.resendRequested' };

export const codeEntryMachine = setup({
  types: {
    input: {} as CodeEntryInput,
    context: {} as CodeEntryContext,
    events: {} as CodeEntryEvent | AnswerEvent,
    output: {} as Outcome<unknown>,
  },
  actors: {
    sendCode: sendCodeMachine,
    verify: provided<Outcome<unknown>, VerifyInput>('verify'),
    resend: sendCodeMachine,
  },
  guards: {
    // the flow's own call sent the first code (the top-up's order)
    sentAlready: ({ context }) => context.sent !== null,
    codeComplete: ({ context }) => isWholeCode(context.code),
    // a refusal the flow listed as its own: it ends the chart for the flow to route
    handedOver: ({ context, event }) => context.handOver.includes(answerCode(event) ?? ''),
    listedAsExpired: ({ context, event }) => context.expiredWith.includes(answerCode(event) ?? ''),
    // a code being checked may be the right one: no new code meanwhile
    notVerifying: not(stateIn('#codeEntry.enteringCode.entry.verifying')),
  },
  actions: {
    announceAnswer: announceAnswer<CodeEntryContext, CodeEntryEvent | AnswerEvent>(),
    keepWait: assign({ waitSeconds: ({ event }) => answerDetail(event) }),
    keepSendRefusal: assign({ sendRefusal: ({ event }) => answerCode(event) }),
    setCode: assign({ code: ({ event, context }) => (event.type === 'code.changed' ? codeDigits(event.value) : context.code) }),
    keepTriesLeft: assign({ triesLeft: ({ event }) => answerDetail(event), code: '' }),
    keepEntryRefusal: assign({ entryRefusal: ({ event }) => answerCode(event) }),
    keepResendRefusal: assign({ resendRefusal: ({ event }) => answerCode(event) }),
    keepResult: assign({ result: ({ event }) => answerOutcome(event) }),
    keepSent: assign({ sent: ({ event }) => answerData<CodeSent>(event), code: '', triesLeft: null, entryRefusal: null, resendRefusal: null }),
  },
  delays: {
    resendCooldown: ({ context }) => context.sent!.resendAfterSeconds * 1000,
  },
}).createMachine({
  id: 'codeEntry',
  context: ({ input }) => ({
    request: input.request, sent: input.sent ?? null, handOver: input.handOver ?? [], expiredWith: input.expiredWith ?? [],
    code: '', waitSeconds: null, sendRefusal: null, triesLeft: null, entryRefusal: null, resendRefusal: null, result: null,
  }),
  initial: 'starting',
  output: ({ context }) => context.result ?? { ok: false, code: 'AGW50000', message: '', detail: '' },
  states: {
    starting: {
      always: [{ guard: 'sentAlready', target: 'enteringCode' }, { target: 'sending' }],
    },
    // the first code (the flow's form stays on screen, its button busy)
    sending: {
      invoke: {
        id: 'sendCode',
        src: 'sendCode',
        input: ({ context }) => ({ request: context.request }),
        onDone: { actions: 'announceAnswer' },
        // the child itself failed (never an answer of the server): as no answer
        onError: { target: 'notSent.unreachable' },
      },
      on: {
        'sendCode.ok': { target: 'enteringCode', actions: 'keepSent' },
        // a code went there less than a minute ago (another tab, another device): the seconds to wait
        'sendCode.refused.COD10004': { target: 'notSent.coolingDown', actions: 'keepWait' },
        // the hourly limit of codes is reached
        'sendCode.refused.COD10005': { target: 'notSent.sendLimited' },
        'sendCode.refused.*': [
          { guard: 'handedOver', target: 'handedOver', actions: 'keepResult' },
          { target: 'notSent.refused', actions: 'keepSendRefusal' },
        ],
        'sendCode.unreachable': { target: 'notSent.unreachable' },
      },
    },
    // no code went: the person asks again (or, in the flow, changes where it goes)
    notSent: {
      initial: 'unreachable',
      on: { 'code.requested': { target: 'sending' } },
      states: {
        coolingDown: { tags: ['error'] },
        sendLimited: { tags: ['error'] },
        refused: { tags: ['error'] },
        unreachable: { tags: ['error'] },
      },
    },
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
                input: ({ context }) => ({ request: context.request, sent: context.sent!, code: context.code }),
                onDone: { actions: 'announceAnswer' },
                onError: { target: 'unreachable' },
              },
              on: {
                'verify.ok': { target: '#codeEntry.verified', actions: 'keepResult' },
                'verify.refused.COD10001': { target: 'wrongCode', actions: 'keepTriesLeft' },
                'verify.refused.COD10002': { target: 'expired' },
                'verify.refused.COD10003': { target: 'tooManyTries' },
                'verify.refused.*': [
                  { guard: 'handedOver', target: '#codeEntry.handedOver', actions: 'keepResult' },
                  { guard: 'listedAsExpired', target: 'expired' },
                  { target: 'refused', actions: 'keepEntryRefusal' },
                ],
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
                onDone: { actions: 'announceAnswer' },
                onError: { target: 'unreachable' },
              },
              on: {
                // a new code voids the old one and whatever was said about it
                'resend.ok': { target: ['coolingDown', '#codeEntry.enteringCode.entry.typing'], actions: 'keepSent' },
                // the hourly limit of codes is reached: no more for now
                'resend.refused.COD10005': { target: 'limited' },
                'resend.refused.*': [
                  { guard: 'handedOver', target: '#codeEntry.handedOver', actions: 'keepResult' },
                  { target: 'refused', actions: 'keepResendRefusal' },
                ],
                'resend.unreachable': { target: 'unreachable' },
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
