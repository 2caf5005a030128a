import { fromPromise } from 'xstate';
import { captchaMachine, type CaptchaPreCheck, type CaptchaScene } from '../../machines/captcha.machine.ts';
import type { ActorsOf } from '../../machines/outcome.ts';
import { requestGateway } from '../../services/gateway.ts';
import type { Outcome } from '../../services/contract/outcome.ts';

/** The captcha's calls: whether this address must solve one (quietly: the box shows its own failure), and the answer's check. */
export const captchaActors = {
  loadCaptcha: fromPromise<Outcome<CaptchaPreCheck>, { scene: CaptchaScene }>(({ input }) =>
    requestGateway('common/captcha/preCheckCaptchaCode', input, { quiet: true }),
  ),
  checkAnswer: fromPromise<Outcome<{ captchaToken: string }>, { captchaId: string; answer: string }>(({ input }) =>
    requestGateway('wechat/merchantCooperation/checkCaptchaCode', input),
  ),
} satisfies ActorsOf<typeof captchaMachine>;

export const captchaFlow = captchaMachine.provide({ actors: captchaActors });
