import { recoverPasswordMachine, type RecoverEvent } from '../../machines/recoverPassword.machine.ts';
import { UNREACHABLE } from '../../machines/outcome.ts';
import { isNationalMobile } from '../../src/lib/phone.ts';
import { doneEvent, errorEvent, parkInvokes, type FlowModel } from '../support/mbt.ts';
import { codeEntryAnswering, codePhase, sampleTicket } from './codeEntry.model.ts';
import { parkedNewPassword } from './newPassword.model.ts';

const refusal = (code: string, detail = '') => ({ ok: false, code, message: code, detail });
export const sampleRecoveryCodeSent = { sentTo: '+244 9** *** 001', expiresInSeconds: 300, resendAfterSeconds: 60 };

export const recoverUserEvents = {
  'mobile.changed': { type: 'mobile.changed', value: '923000001' },
  'account.submitted': { type: 'account.submitted' },
  'code.requested': { type: 'code.requested' },
  'recovery.restarted': { type: 'recovery.restarted' },
  'recovery.finished': { type: 'recovery.finished' },
  'captcha.solved': { type: 'captcha.solved', token: 'captcha-token-abcdefghijklmnop' },
} satisfies Record<RecoverEvent['type'], RecoverEvent>;

/** A mobile whose first code is still being sent (the model's other mobile gets its code at once). */
const SLOW_MOBILE = '923000009';
const recoverEvents: RecoverEvent[] = [...Object.values(recoverUserEvents), { type: 'mobile.changed', value: SLOW_MOBILE }];

const recoverServerEvents = [
  doneEvent('checkAccount', { ok: true, data: { maskedName: 'A*** D***' } }),
  doneEvent('checkAccount', refusal('ACC10001')),
  doneEvent('checkAccount', refusal('CAP10001')),
  doneEvent('checkAccount', refusal('ACC10002', '42')),
  doneEvent('checkAccount', refusal('AGW50000')),
  errorEvent('checkAccount', new Error('network down')),
  doneEvent('codeEntry', { ok: true, data: sampleTicket }),
  doneEvent('codeEntry', refusal('AGW50000')),
  doneEvent('codeEntry', UNREACHABLE),
  errorEvent('codeEntry', new Error('child failed')),
  doneEvent('newPassword', { ok: true, data: { reset: true } }),
  doneEvent('newPassword', refusal('REG10002')),
  doneEvent('newPassword', UNREACHABLE),
  errorEvent('newPassword', new Error('child failed')),
];

/** The recovery chart with its call parked; the code entry (its first code sent at once, or still under way) and the new password run as parked children whose outcomes are fed. */
export const recoverPasswordModel: FlowModel<typeof recoverPasswordMachine> = {
  machine: parkInvokes(recoverPasswordMachine, ['checkAccount']).provide({
    actors: {
      codeEntry: codeEntryAnswering((request) => (request.mobile === SLOW_MOBILE ? null : sampleRecoveryCodeSent)),
      newPassword: parkedNewPassword,
    },
  }),
  variants: [{ name: 'recovery', input: undefined }],
  // what the screen offers: in the code step, the account's "change number" until the code went; only what the chart takes there
  events: (snapshot) => [
    ...recoverEvents.filter((e) => !(e.type === 'recovery.restarted' && codePhase(snapshot as never) === 'entering')),
    ...recoverServerEvents,
  ].filter((e) => snapshot.can(e as never)),
  serializeState: (snapshot) => {
    const c = snapshot.context;
    const facts = snapshot.matches('enteringAccount') ? [isNationalMobile(c.mobile)] : [];
    return JSON.stringify([snapshot.value, facts, c.mobile === SLOW_MOBILE, codePhase(snapshot as never)]);
  },
};
