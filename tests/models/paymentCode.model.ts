import { paymentCodeMachine, type CodeStatus, type PaymentCodeEvent } from '../../machines/paymentCode.machine.ts';
import { paymentMachine } from '../../machines/payment.machine.ts';
import { afterEvent, doneEvent, errorEvent, parkInvokes, type FlowModel } from '../support/mbt.ts';
import { UNREACHABLE } from '../../machines/outcome.ts';
import { paymentModel } from './payment.model.ts';
import { sampleMerchantReceipt, samplePromotedQuote } from './scanToPay.model.ts';

const refusal = (code: string, detail = '') => ({ ok: false, code, message: code, detail });

export const sampleIssued = { code: '284719036652810937', expiresAt: '2026-03-14T09:07:00.000Z', passwordFreeLimit: 500_000 };
export const samplePendingCharge = { chargeId: '12', amount: 1_250_000, merchantName: 'Comercial Kianda, Lda', storeName: 'Loja Central' };
export const sampleEnrolment = { deviceNo: '004815162', validUntil: '2026-03-17T09:05:00.000Z' };
/** Online with this phone's offline code on, and back online with a charge made meanwhile waiting for the member. */
export const sampleIssuedWithOffline = { ...sampleIssued, offline: sampleEnrolment, waitingCharge: null };
export const sampleIssuedWithWaitingCharge = { ...sampleIssued, offline: sampleEnrolment, waitingCharge: samplePendingCharge };
export const sampleOfflineCode = { code: '900481516283920174', changesAt: '2026-03-14T09:05:30.000Z', validUntil: sampleEnrolment.validUntil };
const status = (state: CodeStatus['state'], extra: Partial<CodeStatus> = {}): CodeStatus => ({ state, charge: null, receipt: null, refusalCode: null, ...extra });
export const sampleStatuses = {
  active: status('active'),
  awaiting: status('awaitingConfirmation', { charge: samplePendingCharge }),
  paid: status('paid', { charge: { ...samplePendingCharge, amount: 125_000 }, receipt: sampleMerchantReceipt }),
  refused: status('refused', { charge: samplePendingCharge, refusalCode: 'FND10001' }),
  declined: status('refused', { charge: samplePendingCharge, refusalCode: 'MCH10018' }),
  expired: status('expired'),
  replaced: status('replaced'),
};

export const paymentCodeUserEvents = {
  'code.refresh': { type: 'code.refresh' },
  'charge.confirmed': { type: 'charge.confirmed' },
  'charge.declined': { type: 'charge.declined' },
  'quote.retry': { type: 'quote.retry' },
  'payment.cancelled': { type: 'payment.cancelled' },
  'offline.turnedOn': { type: 'offline.turnedOn' },
  'offline.turnedOff': { type: 'offline.turnedOff' },
} satisfies Record<PaymentCodeEvent['type'], PaymentCodeEvent>;

/**
 * The payment-code chart with its calls parked and the payment child as the real chart (its calls
 * parked); the two-minute lifetime and the two-second poll are fed as their `xstate.after` events.
 */
export const paymentCodeModel: FlowModel<typeof paymentCodeMachine> = {
  machine: parkInvokes(paymentCodeMachine, ['issue', 'checkStatus', 'decline', 'quote', 'deriveOfflineCode', 'enrolOffline', 'turnOffOffline']).provide({
    actors: { payment: paymentModel.machine as typeof paymentMachine },
  } as never) as typeof paymentCodeMachine,
  variants: [{ name: 'a verified member', input: undefined }],
  events: [
    ...Object.values(paymentCodeUserEvents),
    doneEvent('issue', { ok: true, data: sampleIssued }),
    doneEvent('issue', refusal('FND10004')),
    doneEvent('issue', refusal('PAY10006')),
    doneEvent('issue', refusal('AGW50000')),
    errorEvent('issue', new Error('network down')),
    doneEvent('issue', { ok: true, data: sampleIssuedWithOffline }),
    doneEvent('issue', { ok: true, data: sampleIssuedWithWaitingCharge }),
    // no network: the phone's own code, or none (not turned on here, run out)
    doneEvent('deriveOfflineCode', { ok: true, data: sampleOfflineCode }),
    doneEvent('deriveOfflineCode', refusal('MCH12001')),
    errorEvent('deriveOfflineCode', new Error('no crypto')),
    afterEvent('offlineTick', 'paymentCode.offline.code.shown'),
    afterEvent('networkProbe', 'paymentCode.offline.network.resting'),
    doneEvent('enrolOffline', { ok: true, data: sampleEnrolment }),
    doneEvent('enrolOffline', refusal('PAY10006')),
    errorEvent('enrolOffline', new Error('network down')),
    doneEvent('turnOffOffline', { ok: true, data: { turnedOff: true } }),
    errorEvent('turnOffOffline', new Error('network down')),
    afterEvent('codeLifetime', 'paymentCode.showing'),
    afterEvent('statusPoll', 'paymentCode.showing.waiting'),
    doneEvent('checkStatus', { ok: true, data: sampleStatuses.active }),
    doneEvent('checkStatus', { ok: true, data: sampleStatuses.awaiting }),
    doneEvent('checkStatus', { ok: true, data: sampleStatuses.paid }),
    doneEvent('checkStatus', { ok: true, data: sampleStatuses.refused }),
    doneEvent('checkStatus', { ok: true, data: sampleStatuses.declined }),
    doneEvent('checkStatus', { ok: true, data: sampleStatuses.expired }),
    doneEvent('checkStatus', { ok: true, data: sampleStatuses.replaced }),
    doneEvent('checkStatus', refusal('MCH10008')),
    // a refusal of the question itself: asked again
    doneEvent('checkStatus', refusal('AGW50000')),
    errorEvent('checkStatus', new Error('network down')),
    doneEvent('quote', { ok: true, data: { amount: 1_250_000, adjustments: [], payable: 1_250_000, cashback: 0 } }),
    doneEvent('quote', { ok: true, data: { ...samplePromotedQuote, amount: 1_250_000, payable: 1_235_000 } }),
    doneEvent('quote', refusal('MCH10013')),
    doneEvent('quote', refusal('MCH10008')),
    doneEvent('quote', refusal('MCH10014')),
    doneEvent('quote', refusal('AGW50000')),
    errorEvent('quote', new Error('network down')),
    doneEvent('payment', { ok: true, data: sampleMerchantReceipt }),
    // the quote no longer holds: quoted again, with why
    ...['PRM10001', 'PRM10002', 'PRM10003', 'PRM10004', 'PRM10005'].map((code) => doneEvent('payment', refusal(code))),
    doneEvent('payment', refusal('FND10003', 'daily')),
    // a child chart's answer that never came (the payment child settles its own: never, in practice)
    doneEvent('payment', UNREACHABLE),
    errorEvent('payment', new Error('child failed')),
    doneEvent('decline', { ok: true, data: { declined: true } }),
    doneEvent('decline', refusal('MCH10013')),
    errorEvent('decline', new Error('network down')),
  ],
  serializeState: (snapshot) => {
    const c = snapshot.context;
    return JSON.stringify([snapshot.value, c.issued !== null, c.offline !== null, c.offlineCode !== null, c.charge?.chargeId ?? null, c.quote?.payable ?? null, c.receipt !== null, c.errorCode]);
  },
};
