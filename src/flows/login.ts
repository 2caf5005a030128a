import { fromPromise } from 'xstate';
import { loginMachine, type SmsCodeRequest } from '../../machines/login.machine.ts';
import type { CodeSent } from '../../machines/sendCode.machine.ts';
import type { ActorsOf } from '../../machines/outcome.ts';
import type { LoginResult } from '../../services/contract/session.ts';
import { requestGateway } from '../../services/gateway.ts';
import type { Outcome } from '../../services/contract/outcome.ts';
import type { SendCall } from './sendCode.ts';
import { codeEntryWith } from './codeEntry.ts';

/** The log-in SMS, the first one and every resend. */
export const sendLoginCode: SendCall<SmsCodeRequest, CodeSent> = ({ mobile }, captchaToken) =>
  requestGateway('fund/sms/sendSMS', { mobile, purpose: 'login', captchaToken: captchaToken ?? undefined });

/** The log-in's calls: by password (with a captcha's token when one was asked for), or by an SMS code. */
export const loginActors = {
  passwordLogin: fromPromise<Outcome<LoginResult>, { login: string; password: string; captchaToken: string | null }>(({ input }) =>
    requestGateway('oauth/passwordLogin', { login: input.login, password: input.password, captchaToken: input.captchaToken ?? undefined }),
  ),
  codeEntry: codeEntryWith({
    send: sendLoginCode,
    verify: ({ mobile }, _sent, code) => requestGateway('oauth/authSmsLoginAdvance', { mobile, code }),
  }),
} satisfies ActorsOf<typeof loginMachine>;

export const loginFlow = loginMachine.provide({ actors: loginActors });
