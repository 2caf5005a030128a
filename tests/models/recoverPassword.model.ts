import { recoverPasswordMachine, type RecoverEvent } from '../../machines/recoverPassword.machine.ts';
import { isStrongPassword } from '../../machines/signUp.machine.ts';
import { doneEvent, errorEvent, parkInvokes, type FlowModel } from '../support/mbt.ts';

const refusal = (code: string, detail = '') => ({ ok: false, code, message: code, detail });

export const recoverUserEvents = {
  'mobile.changed': { type: 'mobile.changed', value: '923000001' },
  'account.submitted': { type: 'account.submitted' },
  'code.requested': { type: 'code.requested' },
  'code.changed': { type: 'code.changed', value: '123456' },
  'code.submitted': { type: 'code.submitted' },
  'password.changed': { type: 'password.changed', value: 'NovaSenha9' },
  'password.submitted': { type: 'password.submitted' },
  'recovery.restarted': { type: 'recovery.restarted' },
  'recovery.finished': { type: 'recovery.finished' },
  'captcha.solved': { type: 'captcha.solved', token: 'captcha-token-abcdefghijklmnop' },
} satisfies Record<RecoverEvent['type'], RecoverEvent>;

export const recoverPasswordModel: FlowModel<typeof recoverPasswordMachine> = {
  machine: parkInvokes(recoverPasswordMachine, ['checkAccount', 'sendRecoveryCode', 'verifyRecoveryCode', 'setNewPassword']),
  variants: [{ name: 'recovery', input: undefined }],
  events: [
    ...Object.values(recoverUserEvents),
    { type: 'password.changed', value: 'fraca' } as RecoverEvent,
    doneEvent('checkAccount', { ok: true, data: { maskedName: 'A*** D***' } }),
    doneEvent('checkAccount', refusal('ACC10001')),
    doneEvent('checkAccount', refusal('AGW50000')),
    errorEvent('checkAccount', new Error('network down')),
    doneEvent('sendRecoveryCode', { ok: true, data: { sentTo: '+244 9** *** 001', expiresInSeconds: 300, resendAfterSeconds: 60 } }),
    doneEvent('sendRecoveryCode', refusal('COD10004', '33')),
    doneEvent('sendRecoveryCode', refusal('COD10005')),
    doneEvent('sendRecoveryCode', refusal('CAP10001')),
    doneEvent('sendRecoveryCode', refusal('AGW50000')),
    errorEvent('sendRecoveryCode', new Error('network down')),
    doneEvent('verifyRecoveryCode', { ok: true, data: { ticket: 'ticket-abcdefghijklmnopqrstuvwxyz' } }),
    doneEvent('verifyRecoveryCode', refusal('COD10001', '3')),
    doneEvent('verifyRecoveryCode', refusal('COD10002')),
    doneEvent('verifyRecoveryCode', refusal('COD10003')),
    doneEvent('verifyRecoveryCode', refusal('AGW50000')),
    errorEvent('verifyRecoveryCode', new Error('network down')),
    doneEvent('setNewPassword', { ok: true, data: { reset: true } }),
    doneEvent('setNewPassword', refusal('PWD10001')),
    doneEvent('setNewPassword', refusal('REG10002')),
    doneEvent('setNewPassword', refusal('AGW50000')),
    errorEvent('setNewPassword', new Error('network down')),
  ],
  serializeState: (snapshot) => {
    const c = snapshot.context;
    const facts = snapshot.matches('enteringAccount')
      ? [/^9[1-79]\d{7}$/.test(c.mobile)]
      : snapshot.matches('enteringCode')
        ? [/^\d{6}$/.test(c.code)]
        : snapshot.matches('choosingPassword')
          ? [isStrongPassword(c.password)]
          : [];
    return JSON.stringify([snapshot.value, facts]);
  },
};
