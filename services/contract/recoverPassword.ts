import { z } from 'zod';
import { defineService } from './define.ts';
import { captchaToken } from './captcha.ts';
import { nationalMobile, passwordText, smsCode, ticket } from './shared.ts';

/**
 * Recovery step 1: is there an active account for this mobile? Answers only what the screen shows.
 * Counted per address and per number (a captcha, then ACC10002: server/auth/lookups.ts).
 */
export const checkAccount4FindPassword = defineService({
  name: 'fund/member/checkAccount4FindPassword',
  audience: 'public',
  request: z.object({ mobile: nationalMobile, captchaToken }),
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
