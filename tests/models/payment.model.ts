import { paymentMachine, type PaymentEvent, type PaymentInput } from '../../machines/payment.machine.ts';
import { payConfirmMachine } from '../../machines/payConfirm.machine.ts';
import { UNREACHABLE } from '../../machines/outcome.ts';
import { doneEvent, errorEvent, parkInvokes, type FlowModel } from '../support/mbt.ts';
import { samplePayToken } from './payConfirm.model.ts';
import { parkedNewPayPassword } from './newPayPassword.model.ts';

const refusal = (code: string, detail = '') => ({ ok: false, code, message: code, detail });

/** A top-up's payment: the confirmation of its order, with the refusals the top-up chart routes itself. */
export const samplePayment: PaymentInput = {
  purpose: { service: 'wallet/topup/confirmTopup', amount: 125_000, counterparty: '7' },
  requestPrefix: 'H5P',
  request: { orderNo: 'TP202603140001' },
  routedByParent: ['TOP10003', 'TOP10001', 'FND10004'],
};

export const paymentUserEvents = {
  'payment.retry': { type: 'payment.retry' },
  'payPasswordSetup.started': { type: 'payPasswordSetup.started' },
} satisfies Record<PaymentEvent['type'], PaymentEvent>;

/**
 * The payment chart with its call parked; the pay confirmation and new-pay-password children run
 * as the real charts with their own calls parked, and their outcomes are fed as
 * `xstate.done.actor.payConfirm` and `xstate.done.actor.newPayPassword`.
 */
export const paymentModel: FlowModel<typeof paymentMachine> = {
  machine: parkInvokes(paymentMachine, ['apply']).provide({
    actors: { payConfirm: parkInvokes(payConfirmMachine, ['payPasswordState', 'getKeypad', 'checkPayPassword']), newPayPassword: parkedNewPayPassword },
  } as never) as typeof paymentMachine,
  variants: [{ name: 'a top-up', input: samplePayment }],
  events: [
    ...Object.values(paymentUserEvents),
    doneEvent('payConfirm', { ok: true, data: { payToken: samplePayToken } }),
    doneEvent('payConfirm', refusal('PAY10002', '30')),
    doneEvent('payConfirm', refusal('PAY10006')),
    doneEvent('payConfirm', refusal('AGW50000')),
    // never sent by these children; their answer protocol allows it
    doneEvent('payConfirm', UNREACHABLE),
    errorEvent('payConfirm', new Error('child failed')),
    doneEvent('newPayPassword', { ok: true }),
    doneEvent('newPayPassword', { ok: false, code: 'PAY10003' }),
    doneEvent('newPayPassword', UNREACHABLE),
    errorEvent('newPayPassword', new Error('child failed')),
    doneEvent('apply', { ok: true, data: { orderNo: 'TP202603140001', state: 'PENDING' } }),
    doneEvent('apply', refusal('FND10008')),
    doneEvent('apply', refusal('TOP10003')),
    doneEvent('apply', refusal('FND10002')),
    errorEvent('apply', new Error('answer lost')),
  ],
  // the facts the guards and the screen read, never the random requestNo
  serializeState: (snapshot) => {
    const c = snapshot.context;
    return JSON.stringify([snapshot.value, c.payToken !== null, c.errorCode, c.lockMinutes, c.answer?.ok ?? null]);
  },
};
