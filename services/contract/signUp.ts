import { z } from 'zod';
import { defineService } from './define.ts';
import { memberProfileSchema } from './session.ts';
import { captchaToken } from './captcha.ts';

/** decisions.md: 9 national digits, 91–97 or 99. */
export const nationalMobile = z.string().regex(/^9[1-79]\d{7}$/);
export const emailAddress = z.email().max(254);
export const smsCode = z.string().regex(/^\d{6}$/);
/** Length only: the strength rule answers its own code (PWD10001) so the screen can say why. */
export const passwordText = z.string().min(1).max(64);
const ticket = z.string().min(20).max(128);

export const codeSentSchema = z.object({
  sentTo: z.string(),
  expiresInSeconds: z.number().int(),
  resendAfterSeconds: z.number().int(),
});

export const loginResultSchema = z.object({
  loginToken: z.string(),
  profile: memberProfileSchema,
});
export type LoginResult = z.infer<typeof loginResultSchema>;

const signUpIdentity = z.discriminatedUnion('memberType', [
  z.object({ memberType: z.literal('individual'), mobile: nationalMobile }),
  z.object({ memberType: z.literal('enterprise'), email: emailAddress }),
]);
const withCaptcha = z.object({ captchaToken });

/** Sign-up step 1: a code to the new mobile (individual) or e-mail (enterprise). */
export const sendAuthCode = defineService({
  name: 'register/sendAuthCode',
  audience: 'public',
  request: z.intersection(signUpIdentity, withCaptcha),
  response: codeSentSchema,
});

/** Sign-up step 2: the code, with the agreements accepted; answers a ticket for step 3. */
export const doRegister = defineService({
  name: 'register/doRegister',
  audience: 'public',
  request: z.intersection(signUpIdentity, z.object({ code: smsCode, agreed: z.literal(true) })),
  response: z.object({ ticket }),
});

/** Sign-up step 3: the login password; the account is active and signed in. */
export const setLoginPwdAndActive = defineService({
  name: 'register/setLoginPwdAndActive',
  audience: 'public',
  request: z.object({ ticket, password: passwordText }),
  response: loginResultSchema,
});

export const passwordLogin = defineService({
  name: 'oauth/passwordLogin',
  audience: 'public',
  request: z.object({ login: z.string().min(3).max(254), password: passwordText, captchaToken }),
  response: loginResultSchema,
});

/** A code to a registered member's mobile: to log in by SMS, or to recover the login password. */
export const sendSMS = defineService({
  name: 'fund/sms/sendSMS',
  audience: 'public',
  request: z.object({ mobile: nationalMobile, purpose: z.enum(['login', 'recover']), captchaToken }),
  response: codeSentSchema,
});

export const authSmsLoginAdvance = defineService({
  name: 'oauth/authSmsLoginAdvance',
  audience: 'public',
  request: z.object({ mobile: nationalMobile, code: smsCode }),
  response: loginResultSchema,
});

/** Recovery step 1: is there an active account for this mobile? Answers only what the screen shows. */
export const checkAccount4FindPassword = defineService({
  name: 'fund/member/checkAccount4FindPassword',
  audience: 'public',
  request: z.object({ mobile: nationalMobile }),
  response: z.object({ maskedName: z.string() }),
});

/** Recovery step 3: the SMS code (sent by `fund/sms/sendSMS` with purpose `recover`) gives a ticket. */
export const checkVerifyCode = defineService({
  name: 'fund/sms/checkVerifyCode',
  audience: 'public',
  request: z.object({ mobile: nationalMobile, purpose: z.literal('recover'), code: smsCode }),
  response: z.object({ ticket }),
});

/** Recovery step 4: the new login password; every session of the member ends. */
export const findLoginPassword = defineService({
  name: 'fund/password/find-loginPassword',
  audience: 'public',
  request: z.object({ ticket, password: passwordText }),
  response: z.object({ reset: z.literal(true) }),
});

/**
 * Before log-in: which account types and operators a login has, so a person with several (a member
 * who is also a merchant's clerk) can choose. Answers nothing that would tell a stranger more than
 * the log-in itself does.
 */
export const getMemberTypeAndOperators = defineService({
  name: 'wechat/login/getMemberTypeAndOperators',
  audience: 'public',
  request: z.object({ login: z.string().min(3).max(254) }),
  response: z.object({
    accounts: z.array(z.object({ memberType: z.enum(['individual', 'enterprise']), operatorId: z.string().nullable(), maskedName: z.string() })),
  }),
});
