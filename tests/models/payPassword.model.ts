import { payPasswordMachine, type PayPasswordEvent } from '../../machines/payPassword.machine.ts';
import { UNREACHABLE } from '../../machines/outcome.ts';
import { doneEvent, errorEvent, parkInvokes, type FlowModel } from '../support/mbt.ts';
import { parkedNewPayPassword } from './newPayPassword.model.ts';

const refusal = (code: string, detail = '') => ({ ok: false, code, message: code, detail });
// the keypad every keypad test uses is the new-password child's
export { sampleKeypad } from './newPayPassword.model.ts';

export const payPasswordUserEvents = {
  'reset.requested': { type: 'reset.requested' },
  'code.changed': { type: 'code.changed', value: '123456' },
  'code.submitted': { type: 'code.submitted' },
  'choosing.retry': { type: 'choosing.retry' },
  'flow.finished': { type: 'flow.finished' },
  'card.changed': { type: 'card.changed', value: '6004 0000 0000 0011' },
  'cardMobile.changed': { type: 'cardMobile.changed', value: '923000001' },
  'card.submitted': { type: 'card.submitted' },
} satisfies Record<PayPasswordEvent['type'], PayPasswordEvent>;

export const payPasswordModel: FlowModel<typeof payPasswordMachine> = {
  // the new password is the child's (its own model covers its keypad and save): fed here as its outcome
  machine: parkInvokes(payPasswordMachine, ['sendResetCode', 'verifyResetCode', 'sendCardCode']).provide({ actors: { newPayPassword: parkedNewPayPassword } }),
  variants: [
    { name: 'first time', input: { alreadySet: false } },
    { name: 'already set', input: { alreadySet: true } },
  ],
  events: [
    ...Object.values(payPasswordUserEvents),
    doneEvent('newPayPassword', { ok: true }),
    doneEvent('newPayPassword', { ok: false, code: 'PAY10003' }),
    doneEvent('newPayPassword', UNREACHABLE),
    errorEvent('newPayPassword', new Error('child failed')),
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
  // the facts the guards read: a whole code, a whole card and mobile, a reset by card
  serializeState: (snapshot) => {
    const c = snapshot.context;
    const card = [/^\d{16,19}$/.test(c.cardNo) && /^9[1-79]\d{7}$/.test(c.cardMobile), c.cardNo !== ''];
    return JSON.stringify([snapshot.value, /^\d{6}$/.test(c.code), c.resetTicket !== null, ...card]);
  },
};
