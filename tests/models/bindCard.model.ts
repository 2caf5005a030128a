import { bindCardMachine, cardNoComplete, cardNoMistyped, type BindCardEvent } from '../../machines/bindCard.machine.ts';
import { MOBILE_PATTERN } from '../../src/lib/phone.ts';
import { afterEvent, doneEvent, errorEvent, parkInvokes, type FlowModel } from '../support/mbt.ts';
import { sampleCard } from './withdrawal.model.ts';

const refusal = (code: string, detail = '') => ({ ok: false, code, message: code, detail });

/** Ana's BAI debit card (simulator test card 6004000000000011) as checkCardBin shows it. */
export const sampleBin = { bin: '600400', bankCode: '0040', bankShort: 'BAI', bankName: 'Banco Angolano de Investimentos', cardType: 'debit' as const, bindable: true as const, holderName: 'A*** M*** D***' };
export const sampleSent = { bindId: '3f1c2b7e-9d4a-4c1e-8f00-123456789abc', mobileMasked: '923***001', expiresInSeconds: 300, resendAfterSeconds: 60 };

export const bindCardUserEvents = {
  'cardNo.changed': { type: 'cardNo.changed', value: '6004 0000 0000 0011' },
  'cardNo.submitted': { type: 'cardNo.submitted' },
  'cardNo.edit': { type: 'cardNo.edit' },
  'mobile.changed': { type: 'mobile.changed', value: '923000001' },
  'mobile.submitted': { type: 'mobile.submitted' },
  'mobile.edit': { type: 'mobile.edit' },
  'code.changed': { type: 'code.changed', value: '123456' },
  'code.submitted': { type: 'code.submitted' },
  'code.resendRequested': { type: 'code.resendRequested' },
  'bind.restarted': { type: 'bind.restarted' },
} satisfies Record<BindCardEvent['type'], BindCardEvent>;

export const bindCardModel: FlowModel<typeof bindCardMachine> = {
  machine: parkInvokes(bindCardMachine, ['checkBin', 'sendCode', 'resendCode', 'verifyCode']),
  variants: [{ name: 'a debit card', input: undefined }],
  events: [
    ...Object.values(bindCardUserEvents),
    { type: 'cardNo.changed', value: '6004 0000' } as BindCardEvent,
    { type: 'cardNo.changed', value: '6004 0000 0000 0012' } as BindCardEvent,
    { type: 'mobile.changed', value: '12345' } as BindCardEvent,
    { type: 'code.changed', value: '12' } as BindCardEvent,
    doneEvent('checkBin', { ok: true, data: sampleBin }),
    doneEvent('checkBin', refusal('CRD10001')),
    doneEvent('checkBin', refusal('CRD10002')),
    doneEvent('checkBin', refusal('CRD10009')),
    doneEvent('checkBin', refusal('CRD10003')),
    doneEvent('checkBin', refusal('FND10004')),
    doneEvent('checkBin', refusal('AGW50000')),
    errorEvent('checkBin', new Error('network down')),
    doneEvent('sendCode', { ok: true, data: sampleSent }),
    doneEvent('sendCode', refusal('CRD10004')),
    doneEvent('sendCode', refusal('CRD10003')),
    doneEvent('sendCode', refusal('CRD10005')),
    doneEvent('sendCode', refusal('CRD10006')),
    doneEvent('sendCode', refusal('COD10004', '42')),
    doneEvent('sendCode', refusal('COD10005')),
    doneEvent('sendCode', refusal('CRD10002')),
    doneEvent('sendCode', refusal('FND10004')),
    doneEvent('sendCode', refusal('AGW50000')),
    errorEvent('sendCode', new Error('network down')),
    doneEvent('resendCode', { ok: true, data: sampleSent }),
    doneEvent('resendCode', refusal('COD10005')),
    doneEvent('resendCode', refusal('COD10004', '12')),
    errorEvent('resendCode', new Error('network down')),
    doneEvent('verifyCode', { ok: true, data: { card: sampleCard } }),
    doneEvent('verifyCode', refusal('COD10001', '4')),
    doneEvent('verifyCode', refusal('COD10002')),
    doneEvent('verifyCode', refusal('CRD10007')),
    doneEvent('verifyCode', refusal('COD10003')),
    doneEvent('verifyCode', refusal('CRD10006')),
    doneEvent('verifyCode', refusal('AGW50000')),
    errorEvent('verifyCode', new Error('network down')),
    afterEvent('resendCooldown', 'bindCard.enteringCode.resend.coolingDown'),
  ],
  // the facts the guards read
  serializeState: (snapshot) => {
    const c = snapshot.context;
    const cardNo = !cardNoComplete(c.cardNo) ? 'incomplete' : cardNoMistyped(c.cardNo) ? 'mistyped' : 'ok';
    return JSON.stringify([snapshot.value, cardNo, MOBILE_PATTERN.test(c.mobile), /^\d{6}$/.test(c.code), c.bin !== null, c.sent !== null]);
  },
};
