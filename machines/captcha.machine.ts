import { setup, assign } from 'xstate';
import type { Outcome } from '../services/contract/outcome.ts';
import { announceAnswer, answerCode, answerData, provided, type AnswerEvent } from './outcome.ts';

/**
 * Captcha: shown when the server has seen suspicious attempts from this address. It asks whether a
 * captcha is needed (and gets the image), takes one answer per image, and ends with a one-time
 * token for the call that needed it. A wrong answer brings a new image.
 */
/** What the captcha guards: a password log-in, a code being sent, or a question whether an account exists. */
export type CaptchaScene = 'login' | 'sendCode' | 'lookup';

export interface CaptchaInput {
  scene: CaptchaScene;
}

export interface CaptchaContext {
  scene: CaptchaScene;
  captchaId: string | null;
  image: string | null;
  answer: string;
  token: string | null;
  errorCode: string | null;
}

export type CaptchaEvent =
  | { type: 'answer.changed'; value: string }
  | { type: 'answer.submitted' }
  | { type: 'captcha.refreshed' };

/** Whether this address must solve a captcha now, and if so the image to solve. */
export type CaptchaPreCheck = { required: boolean; captchaId?: string; image?: string };

export const captchaMachine = setup({
  types: {
    input: {} as CaptchaInput,
    context: {} as CaptchaContext,
    events: {} as CaptchaEvent | AnswerEvent,
    output: {} as { token: string | null },
  },
  actors: {
    loadCaptcha: provided<Outcome<CaptchaPreCheck>, { scene: CaptchaScene }>('loadCaptcha'),
    checkAnswer: provided<Outcome<{ captchaToken: string }>, { captchaId: string; answer: string }>('checkAnswer'),
  },
  guards: {
    imageRequired: ({ event }) => answerData<CaptchaPreCheck>(event).required,
    answerGiven: ({ context }) => context.answer.trim().length > 0,
  },
  actions: {
    announceAnswer: announceAnswer<CaptchaContext, CaptchaEvent | AnswerEvent>(),
    keepImage: assign(({ event }) => {
      const check = answerData<CaptchaPreCheck>(event);
      return { captchaId: check.captchaId ?? null, image: check.image ?? null, answer: '' };
    }),
    setAnswer: assign({ answer: ({ event, context }) => (event.type === 'answer.changed' ? event.value.slice(0, 12) : context.answer) }),
    keepToken: assign({ token: ({ event }) => answerData<{ captchaToken: string }>(event).captchaToken }),
    keepRefusal: assign({ errorCode: ({ event }) => answerCode(event) }),
    // provided by the box: hands the token (or none needed) to the flow that asked
    reportSolved: () => {},
  },
}).createMachine({
  id: 'captcha',
  context: ({ input }) => ({ scene: input.scene, captchaId: null, image: null, answer: '', token: null, errorCode: null }),
  initial: 'loading',
  output: ({ context }) => ({ token: context.token }),
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadCaptcha',
        src: 'loadCaptcha',
        input: ({ context }) => ({ scene: context.scene }),
        onDone: { actions: 'announceAnswer' },
        onError: { target: 'failed' },
      },
      on: {
        'loadCaptcha.ok': [
          { guard: 'imageRequired', target: 'showing', actions: 'keepImage' },
          // the address is trusted again (its failures aged out): nothing to solve
          { target: 'notNeeded' },
        ],
        'loadCaptcha.refused.*': { target: 'failed', actions: 'keepRefusal' },
      },
    },
    showing: {
      initial: 'fresh',
      on: {
        'answer.changed': { actions: 'setAnswer' },
        'answer.submitted': { guard: 'answerGiven', target: 'checking' },
        'captcha.refreshed': { target: 'loading' },
      },
      states: {
        fresh: {},
        wrongAnswer: { tags: ['error'] },
      },
    },
    checking: {
      tags: ['busy'],
      invoke: {
        id: 'checkAnswer',
        src: 'checkAnswer',
        input: ({ context }) => ({ captchaId: context.captchaId ?? '', answer: context.answer }),
        onDone: { actions: 'announceAnswer' },
        onError: { target: 'failed' },
      },
      on: {
        'checkAnswer.ok': { target: 'solved', actions: 'keepToken' },
        'checkAnswer.refused.CAP10002': { target: 'reloadingAfterWrong' },
        'checkAnswer.refused.*': { target: 'failed', actions: 'keepRefusal' },
      },
    },
    // one answer per image: a wrong one fetches the next image and says so
    reloadingAfterWrong: {
      tags: ['busy'],
      invoke: {
        id: 'reloadCaptcha',
        src: 'loadCaptcha',
        input: ({ context }) => ({ scene: context.scene }),
        onDone: { actions: 'announceAnswer' },
        onError: { target: 'failed' },
      },
      on: {
        'reloadCaptcha.ok': [
          { guard: 'imageRequired', target: 'showing.wrongAnswer', actions: 'keepImage' },
          { target: 'notNeeded' },
        ],
        'reloadCaptcha.refused.*': { target: 'failed', actions: 'keepRefusal' },
      },
    },
    failed: {
      tags: ['error'],
      on: { 'captcha.refreshed': { target: 'loading' } },
    },
    notNeeded: { type: 'final', entry: 'reportSolved' },
    solved: { type: 'final', entry: 'reportSolved' },
  },
});
