import { payPasswordMachine, type PayPasswordEvent } from '../../machines/payPassword.machine.ts';
import { doneEvent, errorEvent, parkInvokes, type FlowModel } from '../support/mbt.ts';

const refusal = (code: string, detail = '') => ({ ok: false, code, message: code, detail });
export const sampleKeypad = { randKey: '6f1c1b8e-8d0a-4d36-9a51-1b0e6d2f3a10', rsaPublicKey: 'MIIB', mapArr: [7, 2, 9, 0, 4, 1, 8, 3, 6, 5] };

export const payPasswordUserEvents = {
  'digit.pressed': { type: 'digit.pressed', position: 3 },
  'digit.deleted': { type: 'digit.deleted' },
  'reset.requested': { type: 'reset.requested' },
  'code.changed': { type: 'code.changed', value: '123456' },
  'code.submitted': { type: 'code.submitted' },
  'keypad.retry': { type: 'keypad.retry' },
  'flow.finished': { type: 'flow.finished' },
  'card.changed': { type: 'card.changed', value: '6004 0000 0000 0011' },
  'cardMobile.changed': { type: 'cardMobile.changed', value: '923000001' },
  'card.submitted': { type: 'card.submitted' },
} satisfies Record<PayPasswordEvent['type'], PayPasswordEvent>;

export const payPasswordModel: FlowModel<typeof payPasswordMachine> = {
  machine: parkInvokes(payPasswordMachine, ['getKeypad', 'savePayPassword', 'sendResetCode', 'verifyResetCode', 'sendCardCode']),
  variants: [
    { name: 'first time', input: { alreadySet: false } },
    { name: 'already set', input: { alreadySet: true } },
  ],
  events: [
    ...Object.values(payPasswordUserEvents),
    { type: 'digit.pressed', position: 8 } as PayPasswordEvent,
    doneEvent('getKeypad', { ok: true, data: sampleKeypad }),
    doneEvent('getKeypad', refusal('AGW50000')),
    errorEvent('getKeypad', new Error('network down')),
    doneEvent('savePayPassword', { ok: true, data: { set: true } }),
    doneEvent('savePayPassword', refusal('PAY10004')),
    doneEvent('savePayPassword', refusal('PAY10003')),
    doneEvent('savePayPassword', refusal('PAY10005')),
    errorEvent('savePayPassword', new Error('network down')),
    doneEvent('sendResetCode', { ok: true, data: { sentTo: '+244 9** *** 001' } }),
    doneEvent('sendResetCode', refusal('COD10005')),
    doneEvent('sendResetCode', refusal('PAY10007')),
    doneEvent('sendCardCode', { ok: true, data: { sentTo: '+244 9** *** 001' } }),
    doneEvent('sendCardCode', refusal('CRD10008')),
    doneEvent('sendCardCode', refusal('CRD10004')),
    doneEvent('sendCardCode', refusal('COD10005')),
    errorEvent('sendCardCode', new Error('network down')),
    errorEvent('sendResetCode', new Error('network down')),
    doneEvent('verifyResetCode', { ok: true, data: { resetTicket: 'ticket-abcdefghijklmnopqrstuvwxyz' } }),
    doneEvent('verifyResetCode', refusal('COD10001', '4')),
    doneEvent('verifyResetCode', refusal('COD10002')),
    doneEvent('verifyResetCode', refusal('COD10003')),
    doneEvent('verifyResetCode', refusal('AGW50000')),
    errorEvent('verifyResetCode', new Error('network down')),
  ],
  // digits typed (as counts) and whether the second entry still agrees with the first
  serializeState: (snapshot) => {
    const c = snapshot.context;
    const card = [/^\d{16,19}$/.test(c.cardNo) && /^9[1-79]\d{7}$/.test(c.cardMobile), c.cardNo !== ''];
    return JSON.stringify([snapshot.value, c.first.length, c.second.length, c.first.startsWith(c.second), /^\d{6}$/.test(c.code), ...card]);
  },
};
