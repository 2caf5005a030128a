import { captchaMachine, type CaptchaEvent } from '../../machines/captcha.machine.ts';
import { doneEvent, errorEvent, parkInvokes, type FlowModel } from '../support/mbt.ts';

const refusal = (code: string) => ({ ok: false, code, message: code, detail: '' });
export const sampleImage = 'data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciLz4=';

export const captchaUserEvents = {
  'answer.changed': { type: 'answer.changed', value: 'k7pq4' },
  'answer.submitted': { type: 'answer.submitted' },
  'captcha.refreshed': { type: 'captcha.refreshed' },
} satisfies Record<CaptchaEvent['type'], CaptchaEvent>;

export const captchaModel: FlowModel<typeof captchaMachine> = {
  machine: parkInvokes(captchaMachine, ['loadCaptcha', 'checkAnswer']),
  variants: [{ name: 'a code to send', input: { scene: 'sendCode' } }],
  events: [
    ...Object.values(captchaUserEvents),
    doneEvent('loadCaptcha', { ok: true, data: { required: true, captchaId: '6f1c1b8e-8d0a-4d36-9a51-1b0e6d2f3a10', image: sampleImage } }),
    doneEvent('loadCaptcha', { ok: true, data: { required: false } }),
    doneEvent('loadCaptcha', refusal('AGW50000')),
    errorEvent('loadCaptcha', new Error('network down')),
    doneEvent('checkAnswer', { ok: true, data: { captchaToken: 'token-abcdefghijklmnopqrstuvwxyz' } }),
    doneEvent('checkAnswer', refusal('CAP10002')),
    doneEvent('checkAnswer', refusal('AGW50000')),
    errorEvent('checkAnswer', new Error('network down')),
    doneEvent('reloadCaptcha', { ok: true, data: { required: true, captchaId: '6f1c1b8e-8d0a-4d36-9a51-1b0e6d2f3a11', image: sampleImage } }),
    doneEvent('reloadCaptcha', { ok: true, data: { required: false } }),
    doneEvent('reloadCaptcha', refusal('AGW50000')),
    errorEvent('reloadCaptcha', new Error('network down')),
  ],
  serializeState: (snapshot) => JSON.stringify([snapshot.value, snapshot.context.answer.length > 0]),
};
