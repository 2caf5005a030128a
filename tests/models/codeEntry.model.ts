import { setup } from 'xstate';
import { codeEntryMachine, type CodeEntryEvent } from '../../machines/codeEntry.machine.ts';
import type { CodeRequest, CodeSent } from '../../machines/sendCode.machine.ts';
import { UNREACHABLE } from '../../machines/outcome.ts';
import { isWholeCode } from '../../src/lib/oneTimeCode.ts';
import { afterEvent, doneEvent, errorEvent, parkInvokes, type FlowModel } from '../support/mbt.ts';
import { parkedSendCode } from './sendCode.model.ts';
import { sampleCard } from './withdrawal.model.ts';

const refusal = (code: string, detail = '') => ({ ok: false, code, message: code, detail });

/** The code the bank sent for Ana's card, and the one a resend brings under a new bind request. */
export const sampleCardCodeRequest = { cardNo: '6004000000000011', mobile: '923000001' };
export const sampleCardCodeSent = { bindId: '3f1c2b7e-9d4a-4c1e-8f00-123456789abc', mobileMasked: '923***001', expiresInSeconds: 300, resendAfterSeconds: 60 };
export const sampleCardCodeResent = { ...sampleCardCodeSent, bindId: '00000000-0000-4000-8000-000000000002' };

/** Sign-up's code to Bruno's mobile: what is sent, where it went, what its right code gives. */
export const sampleSignUpCodeRequest = { memberType: 'individual', identity: '923456789' };
export const sampleSignUpCodeSent = { sentTo: '+244 9** *** 789', expiresInSeconds: 300, resendAfterSeconds: 60 };
export const sampleTicket = { ticket: 'ticket-abcdefghijklmnopqrstuvwxyz' };

/** The code entry with its call parked, its sends send-a-code charts with their calls parked: the first code is being sent. */
export const parkedCodeEntry = parkInvokes(codeEntryMachine, ['verify']).provide({ actors: { sendCode: parkedSendCode, resend: parkedSendCode } });

/** What a parent's model says its first send answers: a code sent at once, or null (the send stays under way). */
export type FirstSend = (request: CodeRequest) => CodeSent | null;

/** A stand-in for the first send: it answers as it starts, or stays under way (busy), by the request. */
const firstSend = (answer: FirstSend) =>
  setup({
    types: { input: {} as { request: CodeRequest }, context: {} as { sent: CodeSent | null } },
    guards: { answered: ({ context }) => context.sent !== null },
  }).createMachine({
    id: 'sendCode',
    context: ({ input }) => ({ sent: answer(input.request) }),
    initial: 'starting',
    output: ({ context }) => ({ ok: true, data: context.sent }),
    states: {
      starting: { always: [{ guard: 'answered', target: 'sent' }, { target: 'sending' }] },
      sending: { tags: ['busy'] },
      sent: { type: 'final' },
    },
  });

/**
 * The code entry as the parents' models run it, the check and the resends parked: its first code
 * goes at once for the requests `answer` gives an answer for (the flow shows the code entry), and
 * stays under way for the others (the flow's own form shows, its button busy). A parent's model
 * reaches both with two numbers; `codePhase` tells them apart. A code not sent is shown in the
 * parents' forms by tests/support/codeStep.tsx, with `parkedCodeEntry`.
 */
export const codeEntryAnswering = (answer: FirstSend) =>
  parkedCodeEntry.provide({ actors: { sendCode: firstSend(answer) as unknown as typeof parkedSendCode } });

/**
 * Where a parent's code entry child is: its first code still being sent, or the code went. The
 * graph's snapshots hold children that were never started: there, a first send that answers as it
 * starts tells that the code goes at once.
 */
export function codePhase(snapshot: { children: Record<string, unknown> }): 'sending' | 'entering' | null {
  type Child = { getSnapshot(): { status: string; matches(value: string): boolean; children: Record<string, Child | undefined> } };
  const codeEntry = (snapshot.children.codeEntry as Child | undefined)?.getSnapshot();
  if (!codeEntry) return null;
  if (codeEntry.matches('enteringCode') || codeEntry.children.sendCode?.getSnapshot().status === 'done') return 'entering';
  return 'sending';
}

export const codeEntryUserEvents = {
  'code.requested': { type: 'code.requested' },
  'code.changed': { type: 'code.changed', value: '123456' },
  'code.submitted': { type: 'code.submitted' },
  'code.resendRequested': { type: 'code.resendRequested' },
} satisfies Record<CodeEntryEvent['type'], CodeEntryEvent>;

/**
 * The code entry as sign-up runs it (its first code sent here; already registered is sign-up's own
 * refusal), and as a flow whose own call sent the first code runs it, with a card's refusals of both
 * kinds (bound meanwhile handed over, a lapsed bind request voiding the code). The sends run as the
 * real send-a-code charts with their calls parked, and their outcomes are fed to the code entry as
 * `xstate.done.actor.sendCode` / `xstate.done.actor.resend`, as the children would send them.
 */
export const codeEntryModel: FlowModel<typeof codeEntryMachine> = {
  machine: parkedCodeEntry,
  variants: [
    { name: 'a sign-up code', input: { request: sampleSignUpCodeRequest, handOver: ['REG10001'] } },
    { name: 'a code the flow sent', input: { request: sampleCardCodeRequest, sent: sampleCardCodeSent, handOver: ['CRD10006'], expiredWith: ['CRD10007'] } },
  ],
  events: [
    ...Object.values(codeEntryUserEvents),
    doneEvent('sendCode', { ok: true, data: sampleSignUpCodeSent }),
    doneEvent('sendCode', refusal('COD10004', '42')),
    doneEvent('sendCode', refusal('COD10005')),
    doneEvent('sendCode', refusal('REG10001')),
    doneEvent('sendCode', refusal('AGW10003', 'mobile')),
    doneEvent('sendCode', UNREACHABLE),
    errorEvent('sendCode', new Error('child failed')),
    { type: 'code.changed', value: '12' } as CodeEntryEvent,
    doneEvent('verify', { ok: true, data: { card: sampleCard } }),
    doneEvent('verify', refusal('CRD10006')),
    doneEvent('verify', refusal('COD10001', '4')),
    doneEvent('verify', refusal('COD10002')),
    doneEvent('verify', refusal('CRD10007')),
    doneEvent('verify', refusal('COD10003')),
    doneEvent('verify', refusal('AGW50000')),
    errorEvent('verify', new Error('network down')),
    doneEvent('resend', { ok: true, data: sampleCardCodeResent }),
    doneEvent('resend', refusal('CRD10006')),
    doneEvent('resend', refusal('COD10005')),
    doneEvent('resend', UNREACHABLE),
    doneEvent('resend', refusal('COD10004', '12')),
    errorEvent('resend', new Error('child failed')),
    afterEvent('resendCooldown', 'codeEntry.enteringCode.resend.coolingDown'),
  ],
  // the fact the guards read: a whole code typed
  serializeState: (snapshot) => JSON.stringify([snapshot.value, isWholeCode(snapshot.context.code)]),
};
