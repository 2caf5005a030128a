import { dayReportMachine, type DayReportEvent } from '../../machines/dayReport.machine.ts';
import type { DayReport } from '../../services/contract/dayReport.ts';
import { doneEvent, errorEvent, parkInvokes, type FlowModel } from '../support/mbt.ts';

const refusal = (code: string) => ({ ok: false, code, message: code, detail: '' });
export const TODAY = '2026-03-14';

const figures = (payments: [number, number], refunds: [number, number], charges: number) => ({
  payments: { count: payments[0], sum: payments[1] }, refunds: { count: refunds[0], sum: refunds[1] }, charges, net: payments[1] - refunds[1] - charges,
});

export const ownerReport: DayReport = {
  day: TODAY, merchantName: 'Loja Demo', role: 'owner', tillOf: null, storeId: null,
  stores: [{ storeId: '7', name: 'Loja Central' }, { storeId: '8', name: 'Loja do Porto' }],
  totals: figures([4, 3_934_567], [1, 200_000], 18_673),
  byStore: [
    { storeId: '7', name: 'Loja Central', ...figures([3, 1_434_567], [1, 200_000], 6_173) },
    { storeId: '8', name: 'Loja do Porto', ...figures([1, 2_500_000], [0, 0], 12_500) },
  ],
  byClerk: [
    { clerkId: '31', name: 'Ana Caixa', storeId: '7', storeName: 'Loja Central', ...figures([2, 1_284_567], [1, 200_000], 5_423) },
    { clerkId: 'none', name: '', storeId: '7', storeName: 'Loja Central', ...figures([1, 150_000], [0, 0], 750) },
    { clerkId: '32', name: 'Bruno Caixa', storeId: '8', storeName: 'Loja do Porto', ...figures([1, 2_500_000], [0, 0], 12_500) },
  ],
  at: '2026-03-14T17:45:00.000Z',
};
export const clerkReport: DayReport = {
  ...ownerReport, role: 'clerk', tillOf: 'Ana Caixa', storeId: '7', stores: [{ storeId: '7', name: 'Loja Central' }],
  totals: ownerReport.byClerk[0]!, byStore: [ownerReport.byStore[0]!], byClerk: [ownerReport.byClerk[0]!],
};
export const emptyReport: DayReport = { ...ownerReport, day: '2026-03-13', totals: figures([0, 0], [0, 0], 0), byStore: [], byClerk: [] };

export const dayReportUserEvents = {
  'day.previous': { type: 'day.previous' },
  'day.next': { type: 'day.next' },
  'day.chosen': { type: 'day.chosen', day: '2026-03-10' },
  'reportStore.changed': { type: 'reportStore.changed', storeId: '8' },
  'report.refresh': { type: 'report.refresh' },
  'report.retry': { type: 'report.retry' },
  'pdf.requested': { type: 'pdf.requested' },
} satisfies Record<DayReportEvent['type'], DayReportEvent>;

export const dayReportModel: FlowModel<typeof dayReportMachine> = {
  machine: parkInvokes(dayReportMachine, ['loadReport', 'downloadPdf']),
  variants: [{ name: 'today', input: { today: TODAY } }],
  events: [
    ...Object.values(dayReportUserEvents),
    // a day after today is not taken
    { type: 'day.chosen', day: '2026-03-15' } satisfies DayReportEvent,
    doneEvent('loadReport', { ok: true, data: ownerReport }),
    doneEvent('loadReport', { ok: true, data: emptyReport }),
    doneEvent('loadReport', refusal('MCH10003')),
    doneEvent('loadReport', refusal('STF10009')),
    errorEvent('loadReport', new Error('network down')),
    doneEvent('downloadPdf', { ok: true, data: { saved: true } }),
    doneEvent('downloadPdf', refusal('STF10009')),
    errorEvent('downloadPdf', new Error('network down')),
  ],
  serializeState: (snapshot) => {
    const c = snapshot.context;
    return JSON.stringify([snapshot.value, c.day === TODAY, c.storeId !== null, c.report !== null]);
  },
};
