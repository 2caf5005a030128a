import { fromPromise } from 'xstate';
import { recoverPasswordMachine, type RecoveryCodeRequest } from '../../machines/recoverPassword.machine.ts';
import type { CodeSent } from '../../machines/sendCode.machine.ts';
import type { ActorsOf } from '../../machines/outcome.ts';
import { requestGateway } from '../../services/gateway.ts';
import type { Outcome } from '../../services/contract/outcome.ts';
import type { SendCall } from './sendCode.ts';
import { codeEntryWith } from './codeEntry.ts';
import { newPasswordWith } from './newPassword.ts';

/** The recovery SMS, the first one and every resend. */
export const sendRecoveryCode: SendCall<RecoveryCodeRequest, CodeSent> = ({ mobile }, captchaToken) =>
  requestGateway('fund/sms/sendSMS', { mobile, purpose: 'recover', captchaToken: captchaToken ?? undefined });

/** The recovery's calls: the account behind the mobile, the code (its check gives a ticket), the new password. */
export const recoverPasswordActors = {
  checkAccount: fromPromise<Outcome<{ maskedName: string }>, { mobile: string; captchaToken: string | null }>(({ input }) =>
    requestGateway('fund/member/checkAccount4FindPassword', { mobile: input.mobile, captchaToken: input.captchaToken ?? undefined })),
  codeEntry: codeEntryWith({
    send: sendRecoveryCode,
    verify: ({ mobile }, _sent, code) => requestGateway('fund/sms/checkVerifyCode', { mobile, code, purpose: 'recover' }),
  }),
  newPassword: newPasswordWith((request) => requestGateway('fund/password/find-loginPassword', request)),
} satisfies ActorsOf<typeof recoverPasswordMachine>;

export const recoverPasswordFlow = recoverPasswordMachine.provide({ actors: recoverPasswordActors });
