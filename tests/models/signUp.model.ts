import { signUpMachine, isStrongPassword, MOBILE, type SignUpEvent } from '../../machines/signUp.machine.ts';
import { afterEvent, doneEvent, errorEvent, parkInvokes, type FlowModel } from '../support/mbt.ts';

const refusal = (code: string, detail = '') => ({ ok: false, code, message: code, detail });
const sent = { ok: true, data: { sentTo: '+244 9** *** 789', expiresInSeconds: 300, resendAfterSeconds: 60 } };
export const sampleLogin = { loginToken: 'token-abcdefghijklmnopqrstuvwxyz', profile: { memberId: '9', memberType: 'individual', displayName: '923 456 789', mobile: '+244923456789', email: null, language: 'pt' } };

/** Every event a person can cause; `satisfies` fails the build when the chart gains one untested. */
export const signUpUserEvents = {
  'identity.changed': { type: 'identity.changed', value: '923456789' },
  'agreement.toggled': { type: 'agreement.toggled' },
  'code.requested': { type: 'code.requested' },
  'code.changed': { type: 'code.changed', value: '123456' },
  'code.submitted': { type: 'code.submitted' },
  'code.resendRequested': { type: 'code.resendRequested' },
  'identity.edit': { type: 'identity.edit' },
  'password.changed': { type: 'password.changed', value: 'Luanda2026' },
  'password.submitted': { type: 'password.submitted' },
  'signup.restarted': { type: 'signup.restarted' },
  'captcha.solved': { type: 'captcha.solved', token: 'captcha-token-abcdefghijklmnop' },
} satisfies Record<SignUpEvent['type'], SignUpEvent>;

export const signUpServerEvents = [
  doneEvent('sendCode', sent),
  doneEvent('sendCode', refusal('REG10001')),
  doneEvent('sendCode', refusal('CAP10001')),
  doneEvent('sendCode', refusal('COD10004', '42')),
  doneEvent('sendCode', refusal('COD10005')),
  doneEvent('sendCode', refusal('AGW10003', 'mobile')),
  errorEvent('sendCode', new Error('network down')),
  doneEvent('resendCode', sent),
  doneEvent('resendCode', refusal('COD10005')),
  doneEvent('resendCode', refusal('CAP10001')),
  doneEvent('resendCode', refusal('COD10004', '12')),
  errorEvent('resendCode', new Error('network down')),
  doneEvent('verifyCode', { ok: true, data: { ticket: 'ticket-abcdefghijklmnopqrstuvwxyz' } }),
  doneEvent('verifyCode', refusal('COD10001', '4')),
  doneEvent('verifyCode', refusal('COD10002')),
  doneEvent('verifyCode', refusal('COD10003')),
  doneEvent('verifyCode', refusal('REG10001')),
  doneEvent('verifyCode', refusal('AGW50000')),
  errorEvent('verifyCode', new Error('network down')),
  doneEvent('activate', { ok: true, data: sampleLogin }),
  doneEvent('activate', refusal('PWD10001')),
  doneEvent('activate', refusal('REG10002')),
  doneEvent('activate', refusal('AGW50000')),
  errorEvent('activate', new Error('network down')),
  afterEvent('resendCooldown', 'signUp.enteringCode.resend.coolingDown'),
];

export const signUpModel: FlowModel<typeof signUpMachine> = {
  machine: parkInvokes(signUpMachine, ['sendCode', 'verifyCode', 'activate']),
  variants: [{ name: 'individual', input: { memberType: 'individual' } }],
  events: [
    ...Object.values(signUpUserEvents),
    { type: 'identity.changed', value: '123' } as SignUpEvent,
    { type: 'code.changed', value: '12' } as SignUpEvent,
    { type: 'password.changed', value: 'short' } as SignUpEvent,
    ...signUpServerEvents,
  ],
  // a state is its value plus the facts its guards read there, nothing else
  serializeState: (snapshot) => {
    const c = snapshot.context;
    const facts = snapshot.matches('editingIdentity')
      ? [c.agreed, MOBILE.test(c.identity)]
      : snapshot.matches('enteringCode')
        ? [/^\d{6}$/.test(c.code)]
        : snapshot.matches('choosingPassword')
          ? [isStrongPassword(c.password)]
          : [];
    return JSON.stringify([snapshot.value, facts]);
  },
};
