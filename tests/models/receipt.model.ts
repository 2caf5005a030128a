import { receiptMachine, type ReceiptCard, type ReceiptEvent } from '../../machines/receipt.machine.ts';
import type { Receipt } from '../../services/contract/fundDetail.ts';
import { doneEvent, errorEvent, parkInvokes, type FlowModel } from '../support/mbt.ts';

const refusal = (code: string) => ({ ok: false, code, message: code, detail: '' });

/** A transfer Ana sent Bruno, as the server answers it. */
export const sampleReceipt: Receipt = {
  id: '41', kind: 'transfer', direction: 'expenditure', voucherNo: 'TF00000000000041', amount: 125_000, charge: 0, state: 'SUCCESS',
  from: { type: 'person', name: 'Ana M*** D***', detail: '9** *** 001' },
  to: { type: 'person', name: 'Bruno M*** D***', detail: '9** *** 002' },
  note: 'Renda de março', refundOf: null, at: '2026-11-26T10:15:00.000Z',
};

export const sampleCard: ReceiptCard = { title: 'Comprovativo de transferência', amount: '1 250,00 Kz', rows: [['N.º do comprovativo', 'TF00000000000041']], fileName: 'comprovativo-TF00000000000041.png' };

export const receiptEvents = {
  'receipt.retry': { type: 'receipt.retry' },
  'receipt.share': { type: 'receipt.share', card: sampleCard },
} satisfies Record<ReceiptEvent['type'], ReceiptEvent>;

export const receiptResults = {
  loaded: doneEvent('loadReceipt', { ok: true, data: sampleReceipt }),
  notFound: doneEvent('loadReceipt', refusal('CNT40401')),
  unreachable: errorEvent('loadReceipt', new Error('network down')),
  sheet: doneEvent('shareReceipt', { ok: true, data: { via: 'sheet' } }),
  download: doneEvent('shareReceipt', { ok: true, data: { via: 'download' } }),
  clipboard: doneEvent('shareReceipt', { ok: true, data: { via: 'clipboard' } }),
  aborted: doneEvent('shareReceipt', refusal('aborted')),
  unavailable: doneEvent('shareReceipt', refusal('unavailable')),
  thrown: errorEvent('shareReceipt', new Error('share failed')),
};

export const receiptModel: FlowModel<typeof receiptMachine> = {
  machine: parkInvokes(receiptMachine, ['loadReceipt', 'shareReceipt']),
  variants: [{ name: 'a transfer sent', input: { key: { id: '41' } } }],
  events: [...Object.values(receiptEvents), ...Object.values(receiptResults)],
  serializeState: (snapshot) => JSON.stringify(snapshot.value),
};
