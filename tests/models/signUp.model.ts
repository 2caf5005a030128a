import { signUpMachine, isStrongPassword, MOBILE, type SignUpEvent } from '../../machines/signUp.machine.ts';
import { UNREACHABLE } from '../../machines/outcome.ts';
import { doneEvent, errorEvent, parkInvokes, type FlowModel } from '../support/mbt.ts';
import { parkedSendCode } from './sendCode.model.ts';
import { parkedCodeEntry } from './codeEntry.model.ts';

const refusal = (code: string, detail = '') => ({ ok: false, code, message: code, detail });
export const sampleSignUpCodeSent = { sentTo: '+244 9** *** 789', expiresInSeconds: 300, resendAfterSeconds: 60 };
export const sampleLogin = { loginToken: 'token-abcdefghijklmnopqrstuvwxyz', profile: { memberId: '9', memberType: 'individual', displayName: '923 456 789', mobile: '+244923456789', email: null, language: 'pt' } };

/** Every event a person can cause; `satisfies` fails the build when the chart gains one untested. */
export const signUpUserEvents = {
  'identity.changed': { type: 'identity.changed', value: '923456789' },
  'agreement.toggled': { type: 'agreement.toggled' },
  'code.requested': { type: 'code.requested' },
  'identity.edit': { type: 'identity.edit' },
  'password.changed': { type: 'password.changed', value: 'Luanda2026' },
  'password.submitted': { type: 'password.submitted' },
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
  doneEvent('activate', { ok: true, data: sampleLogin }),
  doneEvent('activate', refusal('PWD10001')),
  doneEvent('activate', refusal('REG10002')),
  doneEvent('activate', refusal('AGW50000')),
  errorEvent('activate', new Error('network down')),
];

export const signUpModel: FlowModel<typeof signUpMachine> = {
  // the send and the code entry run as parked children whose outcomes are fed
  machine: parkInvokes(signUpMachine, ['activate']).provide({ actors: { sendCode: parkedSendCode, codeEntry: parkedCodeEntry } }),
  variants: [{ name: 'individual', input: { memberType: 'individual' } }],
  events: [
    ...Object.values(signUpUserEvents),
    { type: 'identity.changed', value: '123' } as SignUpEvent,
    { type: 'password.changed', value: 'short' } as SignUpEvent,
    ...signUpServerEvents,
  ],
  // a state is its value plus the facts its guards read there, nothing else
  serializeState: (snapshot) => {
    const c = snapshot.context;
    const facts = snapshot.matches('editingIdentity') ? [c.agreed, MOBILE.test(c.identity)] : snapshot.matches('choosingPassword') ? [isStrongPassword(c.password)] : [];
    return JSON.stringify([snapshot.value, facts]);
  },
};
