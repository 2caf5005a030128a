import { z } from 'zod';
import { captchaToken } from './captcha.ts';
import { defineService } from './define.ts';
import { nationalMobile, passwordText, smsCode } from './shared.ts';

const ticket = z.string().min(20).max(128);
const requestId = z.string().uuid();

/** Start: what the flow shows of the current number. */
export const advance = defineService({
  name: 'selfservice/changemobile/advance',
  audience: 'member',
  request: z.object({}),
  response: z.object({ maskedMobile: z.string().nullable(), pendingRequest: z.object({ requestId, newMobile: z.string(), status: z.string() }).nullable() }),
});

/** The login password proves it is the member; answers a ticket for the next steps. */
export const identityCheck = defineService({
  name: 'selfservice/changemobile/identityCheck',
  audience: 'member',
  request: z.object({ password: passwordText }),
  response: z.object({ ticket }),
});

/**
 * A code to the new number, and to the old one when the member still has it. A number not yet the
 * member's needs a solved captcha every time (CAP10001 first), and a member reaches only a few new
 * numbers a day (COD10005): a signed-in account must not be a free way to text strangers.
 */
export const getVerifyCode = defineService({
  name: 'common/setting/getVerifyCode',
  audience: 'member',
  request: z.object({ ticket, newMobile: nationalMobile, oldNumberAvailable: z.boolean(), captchaToken }),
  response: z.object({ newSentTo: z.string(), oldSentTo: z.string().nullable(), resendAfterSeconds: z.number().int() }),
});

/** Checks the codes; with the old number's code too, the change can be made at once, else it needs review. */
export const preCheck = defineService({
  name: 'selfservice/changemobile/preCheck',
  audience: 'member',
  request: z.object({ ticket, newMobile: nationalMobile, newCode: smsCode, oldCode: smsCode.optional() }),
  response: z.object({ requestId, route: z.enum(['direct', 'review']) }),
});

/** Direct route: the new number replaces the old one. */
export const bindingMobile = defineService({
  name: 'common/setting/bindingMobile',
  audience: 'member',
  request: z.object({ requestId }),
  response: z.object({ mobile: z.string() }),
});

/** Review route: the photos already attached to the request. */
export const queryImgFiles = defineService({
  name: 'selfservice/changemobile/queryImgFiles',
  audience: 'member',
  request: z.object({ requestId }),
  response: z.object({ files: z.array(z.object({ fileId: z.string(), fileName: z.string(), contentType: z.string() })) }),
});

/** Review route: the ID photos (front, back, selfie holding it) go to the operators' queue. */
export const submit = defineService({
  name: 'selfservice/changemobile/submit',
  audience: 'member',
  request: z.object({ requestId, fileIds: z.array(z.string().uuid()).min(2).max(3) }),
  response: z.object({ status: z.literal('pending_review') }),
});
