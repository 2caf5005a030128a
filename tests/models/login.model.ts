import { loginMachine, type LoginEvent } from '../../machines/login.machine.ts';
import { UNREACHABLE } from '../../machines/outcome.ts';
import { isNationalMobile } from '../../src/lib/phone.ts';
import { doneEvent, errorEvent, parkInvokes, type FlowModel } from '../support/mbt.ts';
import { sampleLogin } from './newPassword.model.ts';
import { sampleCaptchaToken, sampleCodeSent } from './sendCode.model.ts';
import { codeEntryAnswering } from './codeEntry.model.ts';

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
 * The log-in chart with its call parked; its code entry runs as the real chart, the code sent at
 * once and the check parked, and its outcome is fed as `xstate.done.actor.codeEntry`, as the child
 * would send it.
 */
export const loginModel: FlowModel<typeof loginMachine> = {
  machine: parkInvokes(loginMachine, ['passwordLogin']).provide({ actors: { codeEntry: codeEntryAnswering(() => sampleCodeSent) } }),
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
    doneEvent('codeEntry', { ok: true, data: sampleLogin }),
    doneEvent('codeEntry', refusal('ACC10001')),
    doneEvent('codeEntry', refusal('AGW50000')),
    doneEvent('codeEntry', UNREACHABLE),
    errorEvent('codeEntry', new Error('child failed')),
  ],
  serializeState: (snapshot) => {
    const c = snapshot.context;
    const facts = snapshot.matches('byPassword') ? [c.login.length >= 3, c.password.length > 0] : snapshot.matches('bySms') ? [isNationalMobile(c.mobile)] : [];
    return JSON.stringify([snapshot.value, facts]);
  },
};
