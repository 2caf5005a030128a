import { transactionKeepingCountedRefusals } from '../../errors.ts';
import type { Handler, FlowHandlers } from '../../handler.ts';
import { answerCaptcha, isCaptchaRequired, newCaptcha } from './captcha.ts';
import { isLookupCaptchaRequired } from './lookups.ts';

const preCheckCaptchaCode: Handler<'common/captcha/preCheckCaptchaCode'> = async (input, ctx) => {
  const required = input.scene === 'lookup' ? await isLookupCaptchaRequired(ctx.db, ctx.ip) : await isCaptchaRequired(ctx.db, ctx.ip);
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
