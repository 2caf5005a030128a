import { groupPurchaseMachine, type GroupPurchaseEvent } from '../../machines/groupPurchase.machine.ts';
import { paymentMachine } from '../../machines/payment.machine.ts';
import type { GroupVoucher } from '../../services/contract/groupPackages.ts';
import { doneEvent, errorEvent, parkInvokes, type FlowModel } from '../support/mbt.ts';
import { UNREACHABLE } from '../../machines/outcome.ts';
import { paymentModel } from './payment.model.ts';
import { sampleMerchantReceipt } from './scanToPay.model.ts';

const refusal = (code: string, detail = '') => ({ ok: false, code, message: code, detail });

/** A package's quote: the group price, a discount, and what the member pays. */
export const sampleGroupQuote = {
  method: 'groupPackage', serial: null, chargeId: null, merchantName: 'Pizzaria Kianda, Lda', storeName: 'Loja da Ilha', mcc: '5812',
  amount: 800_000,
  adjustments: [{ extension: 'discount', kind: 'discount' as const, amount: 50_000, reference: 'discount:3', name: 'Semana do cliente' }],
  payable: 750_000,
  cashback: 0,
};
export const sampleGroupVoucher: GroupVoucher = {
  voucherId: '77', code: 'GV12345678901234567890', state: 'unused', packageId: '15', packageName: 'Pizza para dois', content: ['2 pizzas grandes', '2 refrigerantes'],
  storeId: '4', storeName: 'Loja da Ilha', merchantName: 'Pizzaria Kianda, Lda', groupPrice: 800_000, normalPrice: 1_200_000, paid: 750_000, paymentId: '31',
  voucherNo: 'MP20260314000031', boughtAt: '2026-03-14T09:05:00.000Z', expiresAt: '2026-04-14T22:59:59.000Z', redeemedAt: null, redeemedStoreName: null,
};
export const sampleGroupPurchase = {
  receipt: { ...sampleMerchantReceipt, merchantName: 'Pizzaria Kianda, Lda', storeName: 'Loja da Ilha', amount: 800_000, paid: 750_000 },
  voucher: sampleGroupVoucher,
};

export const groupPurchaseUserEvents = {
  'quote.accept': { type: 'quote.accept' },
  'quote.retry': { type: 'quote.retry' },
  'payment.cancelled': { type: 'payment.cancelled' },
} satisfies Record<GroupPurchaseEvent['type'], GroupPurchaseEvent>;

/** The purchase chart with its quote parked; the payment child runs as its own model, its outcomes fed as `xstate.done.actor.payment`. */
export const groupPurchaseModel: FlowModel<typeof groupPurchaseMachine> = {
  machine: parkInvokes(groupPurchaseMachine, ['quote']).provide({
    actors: { payment: paymentModel.machine as typeof paymentMachine },
  } as never) as typeof groupPurchaseMachine,
  variants: [{ name: 'pt', input: { language: 'pt', packageId: '15' } }],
  events: [
    ...Object.values(groupPurchaseUserEvents),
    doneEvent('quote', { ok: true, data: sampleGroupQuote }),
    ...['GRP10006', 'GRP10007', 'GRP10008', 'MCH10005', 'MCH10014'].map((code) => doneEvent('quote', refusal(code))),
    doneEvent('quote', refusal('AGW50000')),
    errorEvent('quote', new Error('network down')),
    doneEvent('payment', { ok: true, data: sampleGroupPurchase }),
    doneEvent('payment', refusal('FND10001')),
    doneEvent('payment', refusal('GRP10008')),
    ...['PRM10001', 'PRM10002', 'PRM10003', 'PRM10004', 'PRM10005'].map((code) => doneEvent('payment', refusal(code, '700000'))),
    doneEvent('payment', UNREACHABLE),
    errorEvent('payment', new Error('child failed')),
  ],
  serializeState: (snapshot) => {
    const c = snapshot.context;
    return JSON.stringify([snapshot.value, c.errorCode, c.quote?.payable ?? null, c.purchase !== null]);
  },
};
