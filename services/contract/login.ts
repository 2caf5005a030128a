import { z } from 'zod';
import { defineService } from './define.ts';
import { loginResultSchema } from './session.ts';
import { captchaToken } from './captcha.ts';
import { codeSentSchema, nationalMobile, passwordText, smsCode } from './shared.ts';

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

/**
 * Before log-in: which account types and operators a login has, so a person with several (a member
 * who is also a merchant's clerk) can choose. Answers nothing that would tell a stranger more than
 * the log-in itself does, and is counted like recovery's account check (a captcha, then ACC10002).
 */
export const getMemberTypeAndOperators = defineService({
  name: 'wechat/login/getMemberTypeAndOperators',
  audience: 'public',
  request: z.object({ login: z.string().min(3).max(254), captchaToken }),
  response: z.object({
    accounts: z.array(z.object({ memberType: z.enum(['individual', 'enterprise']), operatorId: z.string().nullable(), maskedName: z.string() })),
  }),
});

/**
 * `fund/sms/sendSMSCaptcha`: the same code as `fund/sms/sendSMS`, for a client that has already
 * shown the captcha: the token is required and spent whether or not the address looked suspicious.
 */
export const sendSMSCaptcha = defineService({
  name: 'fund/sms/sendSMSCaptcha',
  audience: 'public',
  request: z.object({ mobile: nationalMobile, purpose: z.enum(['login', 'recover']), captchaToken: z.string().min(20).max(128) }),
  response: codeSentSchema,
});
