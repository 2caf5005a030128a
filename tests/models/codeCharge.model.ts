import { codeChargeMachine, type CodeChargeEvent } from '../../machines/codeCharge.machine.ts';
import { scannerMachine } from '../../machines/scanner.machine.ts';
import { afterEvent, doneEvent, errorEvent, parkInvokes, type FlowModel } from '../support/mbt.ts';
import { amountStepEvents, samplePayment, tillAmount } from './dynamicCode.model.ts';
import { samplePayload } from './scanner.model.ts';

const refusal = (code: string, detail = '') => ({ ok: false, code, message: code, detail });

export const samplePaymentCode = '281234567890123456';
const charge = (state: 'paid' | 'awaitingConfirmation' | 'refused' | 'expired', refusalCode: string | null = null) => ({
  chargeId: '77', state, amount: 125_000, payment: state === 'paid' ? { ...samplePayment, method: 'paymentCode' as const, serial: null } : null, refusalCode,
});
export const sampleCharges = { paid: charge('paid'), awaiting: charge('awaitingConfirmation'), refused: charge('refused', 'FND10001'), declined: charge('refused'), expired: charge('expired') };

export const codeChargeUserEvents = {
  ...amountStepEvents,
  'scan.cancelled': { type: 'scan.cancelled' },
  'scan.again': { type: 'scan.again' },
  'charge.retry': { type: 'charge.retry' },
} satisfies Record<CodeChargeEvent['type'], CodeChargeEvent>;

/**
 * The payment-code charge at the till of store 31 with its calls parked; the scanner child runs as
 * the real chart with its own calls parked, and what it read is fed as `xstate.done.actor.scanner`;
 * the polls' delays are fed as their `xstate.after` events.
 */
export const codeChargeModel: FlowModel<typeof codeChargeMachine> = {
  machine: parkInvokes(codeChargeMachine, ['chargeCode', 'queryCharge']).provide({
    actors: { scanner: parkInvokes(scannerMachine, ['startCamera', 'detect', 'decodePhoto', 'torch']) },
  } as never) as typeof codeChargeMachine,
  variants: [{ name: 'pt', input: { language: 'pt', storeId: '31' } }],
  events: [
    ...Object.values(codeChargeUserEvents),
    doneEvent('amountEntry', tillAmount),
    errorEvent('amountEntry', new Error('child failed')),
    doneEvent('scanner', { text: samplePaymentCode, source: 'camera' }),
    doneEvent('scanner', { text: samplePayload, source: 'camera' }),
    // a group-package voucher read where a payment code was expected: its own page opens
    doneEvent('scanner', { text: 'GV12345678901234567890', source: 'camera' }),
    errorEvent('scanner', new Error('child failed')),
    doneEvent('chargeCode', { ok: true, data: sampleCharges.paid }),
    doneEvent('chargeCode', { ok: true, data: sampleCharges.awaiting }),
    doneEvent('chargeCode', { ok: true, data: sampleCharges.expired }),
    doneEvent('chargeCode', refusal('MCH10008')),
    errorEvent('chargeCode', new Error('answer lost')),
    afterEvent('pollInterval', 'codeCharge.awaiting.waiting'),
    afterEvent('pollInterval', 'codeCharge.awaiting.trouble'),
    doneEvent('queryCharge', { ok: true, data: sampleCharges.awaiting }),
    doneEvent('queryCharge', { ok: true, data: sampleCharges.paid }),
    doneEvent('queryCharge', { ok: true, data: sampleCharges.refused }),
    doneEvent('queryCharge', { ok: true, data: sampleCharges.declined }),
    doneEvent('queryCharge', { ok: true, data: sampleCharges.expired }),
    doneEvent('queryCharge', refusal('MCH10004')),
    errorEvent('queryCharge', new Error('network down')),
  ],
  // the facts the guards and the screen read, never the random requestNo
  serializeState: (snapshot) => {
    const c = snapshot.context;
    return JSON.stringify([snapshot.value, c.amountText, c.charge?.state ?? null, c.payment !== null, c.errorCode, c.requestNo !== null, c.voucherCode]);
  },
};
