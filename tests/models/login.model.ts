import { loginMachine, type LoginEvent } from '../../machines/login.machine.ts';
import { UNREACHABLE } from '../../machines/outcome.ts';
import { doneEvent, errorEvent, parkInvokes, type FlowModel } from '../support/mbt.ts';
import { sampleLogin } from './newPassword.model.ts';
import { parkedSendCode, sampleCaptchaToken, sampleCodeSent } from './sendCode.model.ts';
import { parkedCodeEntry } from './codeEntry.model.ts';

const refusal = (code: string, detail = '') => ({ ok: false, code, message: code, detail });

export const loginUserEvents = {
  'method.password': { type: 'method.password' },
  'method.sms': { type: 'method.sms' },
  'login.changed': { type: 'login.changed', value: '923000001' },
  'password.changed': { type: 'password.changed', value: 'Kwanza2026' },
  'password.submitted': { type: 'password.submitted' },
  'mobile.changed': { type: 'mobile.changed', value: '943000002' },
  'code.requested': { type: 'code.requested' },
  'captcha.solved': { type: 'captcha.solved', token: sampleCaptchaToken },
} satisfies Record<LoginEvent['type'], LoginEvent>;

/**
 * The log-in chart with its call parked; its children run as the real charts with their calls
 * parked (sending; the code typed), and their outcomes are fed as `xstate.done.actor.sendCode` and
 * `xstate.done.actor.codeEntry`, as the children would send them.
 */
export const loginModel: FlowModel<typeof loginMachine> = {
  machine: parkInvokes(loginMachine, ['passwordLogin']).provide({ actors: { sendCode: parkedSendCode, codeEntry: parkedCodeEntry } }),
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
    doneEvent('sendCode', { ok: true, data: sampleCodeSent }),
    doneEvent('sendCode', refusal('ACC10001')),
    doneEvent('sendCode', refusal('COD10004', '37')),
    doneEvent('sendCode', refusal('COD10005')),
    doneEvent('sendCode', UNREACHABLE),
    doneEvent('sendCode', refusal('AGW50000')),
    errorEvent('sendCode', new Error('child failed')),
    doneEvent('codeEntry', { ok: true, data: sampleLogin }),
    errorEvent('codeEntry', new Error('child failed')),
  ],
  serializeState: (snapshot) => {
    const c = snapshot.context;
    const facts = snapshot.matches('byPassword') ? [c.login.length >= 3, c.password.length > 0] : snapshot.matches('bySms') ? [/^9[1-79]\d{7}$/.test(c.mobile)] : [];
    return JSON.stringify([snapshot.value, facts]);
  },
};
