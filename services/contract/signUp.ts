import { z } from 'zod';
import { defineService } from './define.ts';
import { loginResultSchema } from './session.ts';
import { captchaToken } from './captcha.ts';
import { codeSentSchema, emailAddress, nationalMobile, passwordText, smsCode, ticket } from './shared.ts';

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
