import { describe, expect, it } from 'vitest';
import { fireEvent, type screen as Screen } from '@testing-library/react';
import { SendCodeView } from '../../screens/common/SendCodeView.tsx';
import type { sendCodeMachine, SendCodeEvent } from '../../machines/sendCode.machine.ts';
import type { RenderCaptcha } from '../../screens/common/CaptchaBox.tsx';
import { sendCodeModel } from '../models/sendCode.model.ts';
import { transitionCoveringPaths } from '../support/mbt.ts';
import { runScreenPath, type ScreenBinding, type UserEvents } from '../support/screen-mbt.tsx';

type Ui = typeof Screen;

/** The captcha box has its own chart and test; here it only hands back a token. */
const captchaStub: RenderCaptcha = (scene, onSolved) => <button type="button" onClick={() => onSolved('captcha-token-abcdefghijklmnop')}>Captcha resolvido ({scene})</button>;

const events: UserEvents<SendCodeEvent> = {
  'captcha.solved': (ui) => void fireEvent.click(ui.getByRole('button', { name: 'Captcha resolvido (sendCode)' })),
};

const binding: ScreenBinding<typeof sendCodeMachine> = {
  view: (state, send) => <SendCodeView state={state} send={send as (e: SendCodeEvent) => void} renderCaptcha={captchaStub} />,
  userEvents: events,
  // the flow's own button shows the sending and the flow the answer: the child shows only the captcha it asks for
  states: (ui: Ui, state) => {
    if (state.matches('captchaNeeded')) return void expect(ui.getByRole('button', { name: 'Captcha resolvido (sendCode)' })).toBeTruthy();
    expect(ui.queryByRole('button')).toBeNull();
  },
};

describe('send-a-code chart on its screen', () => {
  const paths = transitionCoveringPaths(sendCodeModel);
  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_d, path) => {
    await runScreenPath(sendCodeModel, path, binding);
  });
});
