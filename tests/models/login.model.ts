import { loginMachine, type LoginEvent } from '../../machines/login.machine.ts';
import { doneEvent, errorEvent, parkInvokes, type FlowModel } from '../support/mbt.ts';
import { sampleLogin } from './signUp.model.ts';

const refusal = (code: string, detail = '') => ({ ok: false, code, message: code, detail });

export const loginUserEvents = {
  'method.password': { type: 'method.password' },
  'method.sms': { type: 'method.sms' },
  'login.changed': { type: 'login.changed', value: '923000001' },
  'password.changed': { type: 'password.changed', value: 'Kwanza2026' },
  'password.submitted': { type: 'password.submitted' },
  'mobile.changed': { type: 'mobile.changed', value: '943000002' },
  'code.requested': { type: 'code.requested' },
  'code.changed': { type: 'code.changed', value: '123456' },
  'code.submitted': { type: 'code.submitted' },
  'captcha.solved': { type: 'captcha.solved', token: 'captcha-token-abcdefghijklmnop' },
} satisfies Record<LoginEvent['type'], LoginEvent>;

export const loginModel: FlowModel<typeof loginMachine> = {
  machine: parkInvokes(loginMachine, ['passwordLogin', 'sendLoginCode', 'smsLogin']),
  variants: [{ name: 'log-in', input: undefined }],
  events: [
    ...Object.values(loginUserEvents),
    { type: 'mobile.changed', value: '12' } as LoginEvent,
    doneEvent('passwordLogin', { ok: true, data: sampleLogin }),
    doneEvent('passwordLogin', refusal('LGN10001', '3')),
    doneEvent('passwordLogin', refusal('LGN10002', '15')),
    doneEvent('passwordLogin', refusal('CAP10001')),
    doneEvent('passwordLogin', refusal('AGW50000')),
    errorEvent('passwordLogin', new Error('network down')),
    doneEvent('sendLoginCode', { ok: true, data: { sentTo: '+244 9** *** 002', expiresInSeconds: 300, resendAfterSeconds: 60 } }),
    doneEvent('sendLoginCode', refusal('ACC10001')),
    doneEvent('sendLoginCode', refusal('CAP10001')),
    doneEvent('sendLoginCode', refusal('COD10004', '37')),
    doneEvent('sendLoginCode', refusal('COD10005')),
    doneEvent('sendLoginCode', refusal('AGW50000')),
    errorEvent('sendLoginCode', new Error('network down')),
    doneEvent('smsLogin', { ok: true, data: sampleLogin }),
    doneEvent('smsLogin', refusal('COD10001', '2')),
    doneEvent('smsLogin', refusal('COD10002')),
    doneEvent('smsLogin', refusal('COD10003')),
    doneEvent('smsLogin', refusal('AGW50000')),
    errorEvent('smsLogin', new Error('network down')),
  ],
  serializeState: (snapshot) => {
    const c = snapshot.context;
    const facts = snapshot.matches('byPassword')
      ? [c.login.length >= 3, c.password.length > 0]
      : snapshot.matches('bySms')
        ? [/^9[1-79]\d{7}$/.test(c.mobile), /^\d{6}$/.test(c.code)]
        : [];
    return JSON.stringify([snapshot.value, facts]);
  },
};
