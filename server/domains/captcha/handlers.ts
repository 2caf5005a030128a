import { transactionKeepingCountedRefusals } from '../../errors.ts';
import type { Handler, FlowHandlers } from '../../handler.ts';
import { answerCaptcha, isCaptchaRequired, newCaptcha } from './captcha.ts';

const preCheckCaptchaCode: Handler<'common/captcha/preCheckCaptchaCode'> = async (_input, ctx) => {
  if (!(await isCaptchaRequired(ctx.db, ctx.ip))) return { required: false };
  const { captchaId, image } = await newCaptcha(ctx.db, ctx.ip);
  return { required: true, captchaId, image };
};

const checkCaptchaCode: Handler<'wechat/merchantCooperation/checkCaptchaCode'> = async (input, ctx) =>
  transactionKeepingCountedRefusals(ctx.db, async (tx) => ({ captchaToken: await answerCaptcha(tx, ctx.ip, input.captchaId, input.answer) }));

export const captchaHandlers = {
  'common/captcha/preCheckCaptchaCode': preCheckCaptchaCode,
  'wechat/merchantCooperation/checkCaptchaCode': checkCaptchaCode,
} satisfies FlowHandlers<'captcha'>;
