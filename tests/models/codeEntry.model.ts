import { codeEntryMachine, type CodeEntryEvent } from '../../machines/codeEntry.machine.ts';
import { UNREACHABLE } from '../../machines/outcome.ts';
import { afterEvent, doneEvent, errorEvent, parkInvokes, type FlowModel } from '../support/mbt.ts';
import { parkedSendCode } from './sendCode.model.ts';
import { sampleCard } from './withdrawal.model.ts';

const refusal = (code: string, detail = '') => ({ ok: false, code, message: code, detail });

/** The code the bank sent for Ana's card, and the one a resend brings under a new bind request. */
export const sampleCardCodeRequest = { cardNo: '6004000000000011', mobile: '923000001' };
export const sampleCardCodeSent = { bindId: '3f1c2b7e-9d4a-4c1e-8f00-123456789abc', mobileMasked: '923***001', expiresInSeconds: 300, resendAfterSeconds: 60 };
export const sampleCardCodeResent = { ...sampleCardCodeSent, bindId: '00000000-0000-4000-8000-000000000002' };

/** The code entry with its calls parked, its resend a send-a-code chart with its call parked: what the parents' models run. */
export const parkedCodeEntry = parkInvokes(codeEntryMachine, ['verify']).provide({ actors: { resend: parkedSendCode } });

export const codeEntryUserEvents = {
  'code.changed': { type: 'code.changed', value: '123456' },
  'code.submitted': { type: 'code.submitted' },
  'code.resendRequested': { type: 'code.resendRequested' },
} satisfies Record<CodeEntryEvent['type'], CodeEntryEvent>;

/**
 * The code entry as card binding runs it (the one parent that lists refusals of both kinds): the
 * resend runs as the real send-a-code chart with its call parked, and its outcome is fed to the code
 * entry as `xstate.done.actor.resend`, as the child would send it.
 */
export const codeEntryModel: FlowModel<typeof codeEntryMachine> = {
  machine: parkedCodeEntry,
  variants: [{ name: 'a card', input: { request: sampleCardCodeRequest, sent: sampleCardCodeSent, handOver: ['CRD10006'], expiredWith: ['CRD10007'] } }],
  events: [
    ...Object.values(codeEntryUserEvents),
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
  serializeState: (snapshot) => JSON.stringify([snapshot.value, /^\d{6}$/.test(snapshot.context.code)]),
};
