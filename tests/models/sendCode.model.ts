import { sendCodeMachine, type SendCodeEvent } from '../../machines/sendCode.machine.ts';
import { doneEvent, errorEvent, parkInvokes, type FlowModel } from '../support/mbt.ts';

const refusal = (code: string, detail = '') => ({ ok: false, code, message: code, detail });

/** A log-in SMS to Bruno's mobile, as the log-in chart asks for it and the gateway answers it. */
export const sampleCodeRequest = { mobile: '943000002' };
export const sampleCodeSent = { sentTo: '+244 9** *** 002', expiresInSeconds: 300, resendAfterSeconds: 60 };
export const sampleCaptchaToken = 'captcha-token-abcdefghijklmnop';

/** The send-a-code chart with its call parked, as its parents run it in their models. */
export const parkedSendCode = parkInvokes(sendCodeMachine, ['send']);

export const sendCodeUserEvents = {
  'captcha.solved': { type: 'captcha.solved', token: sampleCaptchaToken },
} satisfies Record<SendCodeEvent['type'], SendCodeEvent>;

export const sendCodeModel: FlowModel<typeof sendCodeMachine> = {
  machine: parkedSendCode,
  variants: [{ name: 'a log-in code', input: { request: sampleCodeRequest } }],
  events: [
    ...Object.values(sendCodeUserEvents),
    doneEvent('send', { ok: true, data: sampleCodeSent }),
    doneEvent('send', refusal('CAP10001')),
    doneEvent('send', refusal('COD10004', '42')),
    errorEvent('send', new Error('network down')),
  ],
  // whether the next send carries a captcha's token
  serializeState: (snapshot) => JSON.stringify([snapshot.value, snapshot.context.captchaToken !== null]),
};
