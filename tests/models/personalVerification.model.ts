import { personalVerificationMachine, NIF_SHAPE, type PersonalVerificationEvent } from '../../machines/personalVerification.machine.ts';
import { doneEvent, errorEvent, parkInvokes, type FlowModel } from '../support/mbt.ts';

const refusal = (code: string, detail = '') => ({ ok: false, code, message: code, detail });

export const personalVerificationUserEvents = {
  'nif.changed': { type: 'nif.changed', value: '004562891LA042' },
  'nif.submitted': { type: 'nif.submitted' },
  'name.changed': { type: 'name.changed', value: 'Ana Maria Demo' },
  'name.submitted': { type: 'name.submitted' },
  'name.edit': { type: 'name.edit' },
  'name.confirmed': { type: 'name.confirmed' },
  'verification.restarted': { type: 'verification.restarted' },
} satisfies Record<PersonalVerificationEvent['type'], PersonalVerificationEvent>;

export const personalVerificationModel: FlowModel<typeof personalVerificationMachine> = {
  machine: parkInvokes(personalVerificationMachine, ['loadStatus', 'checkNif', 'checkName']),
  variants: [{ name: 'individual', input: undefined }],
  events: [
    ...Object.values(personalVerificationUserEvents),
    { type: 'nif.changed', value: '0045' } as PersonalVerificationEvent,
    { type: 'name.changed', value: 'Ana' } as PersonalVerificationEvent,
    doneEvent('loadStatus', { ok: true, data: { verificationStatus: 'unverified', payPasswordSet: false, profile: { memberType: 'individual' } } }),
    doneEvent('loadStatus', { ok: true, data: { verificationStatus: 'verified', payPasswordSet: true, profile: { memberType: 'individual' } } }),
    doneEvent('loadStatus', { ok: true, data: { verificationStatus: 'unverified', payPasswordSet: false, profile: { memberType: 'enterprise' } } }),
    doneEvent('loadStatus', refusal('AGW50000')),
    errorEvent('loadStatus', new Error('network down')),
    doneEvent('checkNif', { ok: true, data: { checkId: '6f1c1b8e-8d0a-4d36-9a51-1b0e6d2f3a10', nifMasked: '004******LA**2' } }),
    doneEvent('checkNif', refusal('VER10001')),
    doneEvent('checkNif', refusal('VER10002')),
    doneEvent('checkNif', refusal('VER10003')),
    doneEvent('checkNif', refusal('VER10006')),
    doneEvent('checkNif', refusal('VER10007')),
    doneEvent('checkNif', refusal('AGW50000')),
    errorEvent('checkNif', new Error('network down')),
    doneEvent('checkName', { ok: true, data: { status: 'verified', accountLevel: 'III', realName: 'Ana Maria Demo' } }),
    doneEvent('checkName', refusal('VER10004', '2')),
    doneEvent('checkName', refusal('VER10005')),
    doneEvent('checkName', refusal('REG10002')),
    doneEvent('checkName', refusal('AGW50000')),
    errorEvent('checkName', new Error('network down')),
  ],
  serializeState: (snapshot) => {
    const c = snapshot.context;
    const facts = snapshot.matches('enteringNif') ? [NIF_SHAPE.test(c.nif)] : snapshot.matches('enteringName') ? [c.fullName.trim().split(/\s+/).length >= 2] : [];
    return JSON.stringify([snapshot.value, facts]);
  },
};
