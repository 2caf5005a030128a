import { transactionKeepingCountedRefusals } from '../../errors.ts';
import type { Handler, FlowHandlers } from '../../handler.ts';
import { answerCaptcha, isCaptchaRequired, newCaptcha } from '../../auth/captcha.ts';
import { isLookupCaptchaRequired } from '../../auth/lookups.ts';

/**
 * Whether the scene needs an image now, and the image. A code's send asks only after the server
 * answered it CAP10001, which several rules give (the address's failures or codes, its account
 * look-ups, a new number's captcha every time): that scene always gets an image.
 */
const preCheckCaptchaCode: Handler<'common/captcha/preCheckCaptchaCode'> = async (input, ctx) => {
  const required =
    input.scene === 'sendCode' ? true : input.scene === 'lookup' ? await isLookupCaptchaRequired(ctx.db, ctx.ip) : await isCaptchaRequired(ctx.db, ctx.ip);
  if (!required) return { required: false };
  const { captchaId, image } = await newCaptcha(ctx.db, ctx.ip);
  return { required: true, captchaId, image };
};

const checkCaptchaCode: Handler<'wechat/merchantCooperation/checkCaptchaCode'> = async (input, ctx) =>
  transactionKeepingCountedRefusals(ctx.db, async (tx) => ({ captchaToken: await answerCaptcha(tx, ctx.ip, input.captchaId, input.answer) }));

export const captchaHandlers = {
  'common/captcha/preCheckCaptchaCode': preCheckCaptchaCode,
  'wechat/merchantCooperation/checkCaptchaCode': checkCaptchaCode,
} satisfies FlowHandlers<'captcha'>;
