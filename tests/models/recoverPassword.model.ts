import { recoverPasswordMachine, type RecoverEvent } from '../../machines/recoverPassword.machine.ts';
import { UNREACHABLE } from '../../machines/outcome.ts';
import { doneEvent, errorEvent, parkInvokes, type FlowModel } from '../support/mbt.ts';
import { parkedSendCode } from './sendCode.model.ts';
import { parkedCodeEntry } from './codeEntry.model.ts';
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

/** The recovery chart with its call parked; the send, the code entry and the new password run as parked children whose outcomes are fed. */
export const recoverPasswordModel: FlowModel<typeof recoverPasswordMachine> = {
  machine: parkInvokes(recoverPasswordMachine, ['checkAccount']).provide({ actors: { sendCode: parkedSendCode, codeEntry: parkedCodeEntry, newPassword: parkedNewPassword } }),
  variants: [{ name: 'recovery', input: undefined }],
  events: [
    ...Object.values(recoverUserEvents),
    doneEvent('checkAccount', { ok: true, data: { maskedName: 'A*** D***' } }),
    doneEvent('checkAccount', refusal('ACC10001')),
    doneEvent('checkAccount', refusal('CAP10001')),
    doneEvent('checkAccount', refusal('ACC10002', '42')),
    doneEvent('checkAccount', refusal('AGW50000')),
    errorEvent('checkAccount', new Error('network down')),
    doneEvent('sendCode', { ok: true, data: sampleRecoveryCodeSent }),
    doneEvent('sendCode', refusal('COD10004', '33')),
    doneEvent('sendCode', refusal('COD10005')),
    doneEvent('sendCode', UNREACHABLE),
    doneEvent('sendCode', refusal('AGW50000')),
    errorEvent('sendCode', new Error('child failed')),
    doneEvent('codeEntry', { ok: true, data: { ticket: 'ticket-abcdefghijklmnopqrstuvwxyz' } }),
    errorEvent('codeEntry', new Error('child failed')),
    doneEvent('newPassword', { ok: true, data: { reset: true } }),
    doneEvent('newPassword', refusal('REG10002')),
    errorEvent('newPassword', new Error('child failed')),
  ],
  serializeState: (snapshot) => {
    const c = snapshot.context;
    const facts = snapshot.matches('enteringAccount') ? [/^9[1-79]\d{7}$/.test(c.mobile)] : [];
    return JSON.stringify([snapshot.value, facts]);
  },
};
