import { payConfirmMachine, type PayConfirmEvent } from '../../machines/payConfirm.machine.ts';
import { doneEvent, errorEvent, parkInvokes, type FlowModel } from '../support/mbt.ts';
import { sampleKeypad } from './payPassword.model.ts';

const refusal = (code: string, detail = '') => ({ ok: false, code, message: code, detail });
export const samplePurpose = { service: 'wallet/transfer/doTransfer', amount: 125_000, counterparty: '943000002' };
export const samplePayToken = 'pay-token-abcdefghijklmnopqrstuvwxyz';

export const payConfirmUserEvents = {
  'digit.pressed': { type: 'digit.pressed', position: 3 },
  'digit.deleted': { type: 'digit.deleted' },
  'keypad.retry': { type: 'keypad.retry' },
} satisfies Record<PayConfirmEvent['type'], PayConfirmEvent>;

export const payConfirmModel: FlowModel<typeof payConfirmMachine> = {
  machine: parkInvokes(payConfirmMachine, ['payPasswordState', 'getKeypad', 'checkPayPassword']),
  variants: [{ name: 'a transfer', input: { purpose: samplePurpose } }],
  events: [
    ...Object.values(payConfirmUserEvents),
    doneEvent('payPasswordState', { ok: true, data: { payPasswordSet: true, payLockedMinutes: null } }),
    doneEvent('payPasswordState', { ok: true, data: { payPasswordSet: false, payLockedMinutes: null } }),
    doneEvent('payPasswordState', { ok: true, data: { payPasswordSet: true, payLockedMinutes: 30 } }),
    doneEvent('payPasswordState', refusal('AGW50000')),
    errorEvent('payPasswordState', new Error('network down')),
    doneEvent('getKeypad', { ok: true, data: sampleKeypad }),
    doneEvent('getKeypad', refusal('AGW50000')),
    errorEvent('getKeypad', new Error('network down')),
    doneEvent('checkPayPassword', { ok: true, data: { valid: true, payToken: samplePayToken } }),
    doneEvent('checkPayPassword', { ok: true, data: { valid: true } }),
    doneEvent('checkPayPassword', refusal('PAY10001', '4')),
    doneEvent('checkPayPassword', refusal('PAY10005')),
    doneEvent('checkPayPassword', refusal('PAY10002', '30')),
    doneEvent('checkPayPassword', refusal('PAY10006')),
    doneEvent('checkPayPassword', refusal('AGW10003')),
    errorEvent('checkPayPassword', new Error('network down')),
  ],
  // digits typed, why a fresh keypad shows, and whether a keypad is held
  serializeState: (snapshot) => {
    const c = snapshot.context;
    return JSON.stringify([snapshot.value, c.positions.length, c.notice, c.keypad !== null, c.errorCode, c.result?.ok ?? null, c.result?.ok === false ? c.result.code : null]);
  },
};
