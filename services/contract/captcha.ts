import { z } from 'zod';
import { defineService } from './define.ts';

/** A solved captcha's one-time token, accepted by the services a suspicious address must earn. */
export const captchaToken = z.string().min(20).max(128).optional();

/** Whether this address must solve a captcha first; when it must, the image comes with the answer. */
export const preCheckCaptchaCode = defineService({
  name: 'common/captcha/preCheckCaptchaCode',
  audience: 'public',
  request: z.object({ scene: z.enum(['login', 'sendCode', 'lookup']) }),
  response: z.object({ required: z.boolean(), captchaId: z.string().optional(), image: z.string().optional() }),
});

/** One answer per image: right gives a token for the next protected call; wrong voids the image. */
export const checkCaptchaCode = defineService({
  name: 'wechat/merchantCooperation/checkCaptchaCode',
  audience: 'public',
  request: z.object({ captchaId: z.string().uuid(), answer: z.string().min(1).max(12) }),
  response: z.object({ captchaToken: z.string() }),
});
