import { signUpMachine, MOBILE, type SignUpEvent } from '../../machines/signUp.machine.ts';
import { UNREACHABLE } from '../../machines/outcome.ts';
import { doneEvent, errorEvent, type FlowModel } from '../support/mbt.ts';
import { parkedSendCode } from './sendCode.model.ts';
import { parkedCodeEntry } from './codeEntry.model.ts';
import { parkedNewPassword, sampleLogin } from './newPassword.model.ts';

const refusal = (code: string, detail = '') => ({ ok: false, code, message: code, detail });
export const sampleSignUpCodeSent = { sentTo: '+244 9** *** 789', expiresInSeconds: 300, resendAfterSeconds: 60 };

/** Every event a person can cause; `satisfies` fails the build when the chart gains one untested. */
export const signUpUserEvents = {
  'identity.changed': { type: 'identity.changed', value: '923456789' },
  'agreement.toggled': { type: 'agreement.toggled' },
  'code.requested': { type: 'code.requested' },
  'identity.edit': { type: 'identity.edit' },
  'signup.restarted': { type: 'signup.restarted' },
} satisfies Record<SignUpEvent['type'], SignUpEvent>;

export const signUpServerEvents = [
  doneEvent('sendCode', { ok: true, data: sampleSignUpCodeSent }),
  doneEvent('sendCode', refusal('REG10001')),
  doneEvent('sendCode', refusal('COD10004', '42')),
  doneEvent('sendCode', refusal('COD10005')),
  doneEvent('sendCode', UNREACHABLE),
  doneEvent('sendCode', refusal('AGW10003', 'mobile')),
  errorEvent('sendCode', new Error('child failed')),
  doneEvent('codeEntry', { ok: true, data: { ticket: 'ticket-abcdefghijklmnopqrstuvwxyz' } }),
  doneEvent('codeEntry', refusal('REG10001')),
  errorEvent('codeEntry', new Error('child failed')),
  doneEvent('newPassword', { ok: true, data: sampleLogin }),
  doneEvent('newPassword', refusal('REG10002')),
  errorEvent('newPassword', new Error('child failed')),
];

export const signUpModel: FlowModel<typeof signUpMachine> = {
  // the send, the code entry and the new password run as parked children whose outcomes are fed
  machine: signUpMachine.provide({ actors: { sendCode: parkedSendCode, codeEntry: parkedCodeEntry, newPassword: parkedNewPassword } }),
  variants: [{ name: 'individual', input: { memberType: 'individual' } }],
  events: [
    ...Object.values(signUpUserEvents),
    { type: 'identity.changed', value: '123' } as SignUpEvent,
    ...signUpServerEvents,
  ],
  // a state is its value plus the facts its guards read there, nothing else
  serializeState: (snapshot) => {
    const c = snapshot.context;
    const facts = snapshot.matches('editingIdentity') ? [c.agreed, MOBILE.test(c.identity)] : [];
    return JSON.stringify([snapshot.value, facts]);
  },
};
