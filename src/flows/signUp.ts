import { signUpMachine, type SignUpCodeRequest } from '../../machines/signUp.machine.ts';
import type { CodeSent } from '../../machines/sendCode.machine.ts';
import type { ActorsOf } from '../../machines/outcome.ts';
import type { LoginResult } from '../../services/contract/session.ts';
import { requestGateway } from '../../services/gateway.ts';
import type { SendCall } from './sendCode.ts';
import { codeEntryWith } from './codeEntry.ts';
import { newPasswordWith } from './newPassword.ts';

/** An individual signs up with a mobile, an enterprise with an e-mail address. */
const identityOf = ({ memberType, identity }: SignUpCodeRequest) =>
  memberType === 'individual' ? ({ memberType, mobile: identity } as const) : ({ memberType, email: identity } as const);

/** The sign-up code, the first one and every resend. */
export const sendSignUpCode: SendCall<SignUpCodeRequest, CodeSent> = (request, captchaToken) =>
  requestGateway('register/sendAuthCode', { ...identityOf(request), captchaToken: captchaToken ?? undefined });

/** Sign-up's calls: the code, its check (the agreements were accepted to send it), the password that activates the account. */
export const signUpActors = {
  codeEntry: codeEntryWith({
    send: sendSignUpCode,
    verify: (request, _sent, code) => requestGateway('register/doRegister', { ...identityOf(request), code, agreed: true }),
  }),
  newPassword: newPasswordWith<LoginResult>((request) => requestGateway('register/setLoginPwdAndActive', request)),
} satisfies ActorsOf<typeof signUpMachine>;

export const signUpFlow = signUpMachine.provide({ actors: signUpActors });
