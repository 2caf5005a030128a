import { changeMobileMachine, type ChangeMobileEvent } from '../../machines/changeMobile.machine.ts';
import { doneEvent, errorEvent, parkInvokes, type FlowModel } from '../support/mbt.ts';
import { UNREACHABLE } from '../../machines/outcome.ts';
import { parkedSendCode } from './sendCode.model.ts';

const refusal = (code: string, detail = '') => ({ ok: false, code, message: code, detail });
export const photo = (name: string) => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], name, { type: 'image/png' });

export const changeMobileUserEvents = {
  'password.changed': { type: 'password.changed', value: 'Kwanza2026' },
  'identity.submitted': { type: 'identity.submitted' },
  'mobile.changed': { type: 'mobile.changed', value: '933777888' },
  'oldNumber.toggled': { type: 'oldNumber.toggled' },
  'codes.requested': { type: 'codes.requested' },
  'newCode.changed': { type: 'newCode.changed', value: '123456' },
  'oldCode.changed': { type: 'oldCode.changed', value: '654321' },
  'codes.submitted': { type: 'codes.submitted' },
  'photo.chosen': { type: 'photo.chosen', slot: 'front', file: photo('frente.png') },
  'photos.submitted': { type: 'photos.submitted' },
  'flow.retry': { type: 'flow.retry' },
  'flow.finished': { type: 'flow.finished' },
} satisfies Record<ChangeMobileEvent['type'], ChangeMobileEvent>;

export const changeMobileModel: FlowModel<typeof changeMobileMachine> = {
  machine: parkInvokes(changeMobileMachine.provide({ actors: { sendCode: parkedSendCode } }), ['loadStatus', 'checkIdentity', 'checkCodes', 'bindNumber', 'submitPhotos']),
  variants: [{ name: 'rebinding', input: undefined }],
  events: [
    ...Object.values(changeMobileUserEvents),
    { type: 'photo.chosen', slot: 'selfie', file: photo('selfie.png') } as ChangeMobileEvent,
    doneEvent('loadStatus', { ok: true, data: { maskedMobile: '+244 9** *** 001', pendingRequest: null } }),
    doneEvent('loadStatus', { ok: true, data: { maskedMobile: '+244 9** *** 001', pendingRequest: { requestId: 'r1', newMobile: '+244 9** *** 888', status: 'pending_review' } } }),
    doneEvent('loadStatus', refusal('AGW50000')),
    errorEvent('loadStatus', new Error('network down')),
    doneEvent('checkIdentity', { ok: true, data: { ticket: 'ticket-abcdefghijklmnopqrstuvwxyz' } }),
    doneEvent('checkIdentity', refusal('LGN10001', '4')),
    doneEvent('checkIdentity', refusal('LGN10002', '15')),
    doneEvent('checkIdentity', refusal('AGW50000')),
    errorEvent('checkIdentity', new Error('network down')),
    doneEvent('sendCode', { ok: true, data: { newSentTo: '+244 9** *** 888', oldSentTo: '+244 9** *** 001', resendAfterSeconds: 60 } }),
    doneEvent('sendCode', UNREACHABLE),
    doneEvent('sendCode', refusal('MOB10001')),
    doneEvent('sendCode', refusal('MOB10002')),
    doneEvent('sendCode', refusal('COD10004', '40')),
    doneEvent('sendCode', refusal('COD10005')),
    doneEvent('sendCode', refusal('REG10002')),
    doneEvent('sendCode', refusal('AGW50000')),
    errorEvent('sendCode', new Error('network down')),
    doneEvent('checkCodes', { ok: true, data: { requestId: 'r2', route: 'direct' } }),
    doneEvent('checkCodes', { ok: true, data: { requestId: 'r3', route: 'review' } }),
    doneEvent('checkCodes', refusal('COD10001', '3')),
    doneEvent('checkCodes', refusal('COD10002')),
    doneEvent('checkCodes', refusal('COD10003')),
    doneEvent('checkCodes', refusal('REG10002')),
    doneEvent('checkCodes', refusal('AGW50000')),
    errorEvent('checkCodes', new Error('network down')),
    doneEvent('bindNumber', { ok: true, data: { mobile: '+244933777888' } }),
    doneEvent('bindNumber', refusal('MOB10001')),
    errorEvent('bindNumber', new Error('network down')),
    doneEvent('submitPhotos', { ok: true, data: { status: 'pending_review' } }),
    doneEvent('submitPhotos', refusal('MOB10004')),
    errorEvent('submitPhotos', new Error('network down')),
  ],
  serializeState: (snapshot) => {
    const c = snapshot.context;
    const facts = snapshot.matches('confirmingIdentity')
      ? [c.password.length > 0]
      : snapshot.matches('enteringNumber')
        ? [/^9[1-79]\d{7}$/.test(c.newMobile)]
        : snapshot.matches('enteringCodes')
          ? [/^\d{6}$/.test(c.newCode), /^\d{6}$/.test(c.oldCode)]
          : snapshot.matches('choosingPhotos')
            ? [c.photos.front !== null, c.photos.selfie !== null]
            : [];
    return JSON.stringify([snapshot.value, facts]);
  },
};
