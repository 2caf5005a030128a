import { collectionAnalysisMachine, type AnalysisAnswer, type CollectionAnalysisEvent } from '../../machines/collectionAnalysis.machine.ts';
import type { CollectionAnalysis } from '../../services/contract/collectionAnalysis.ts';
import { doneEvent, errorEvent, parkInvokes, type FlowModel } from '../support/mbt.ts';
import { MARCH_RANGE } from './dateRange.model.ts';

const refusal = (code: string) => ({ ok: false, code, message: code, detail: '' });
export const TODAY = '2026-03-14';

const hours = Array.from({ length: 24 }, (_, h) => ({ key: String(h).padStart(2, '0'), collected: 0, count: 0, net: 0 }));
hours[9] = { key: '09', collected: 150_000, count: 2, net: 149_250 };
hours[14] = { key: '14', collected: 2_500_050, count: 1, net: 2_487_549 };

export const todayAnalysis: CollectionAnalysis = {
  from: TODAY, to: TODAY, granularity: 'hour',
  totals: { collected: 2_650_050, count: 3, averageTicket: 883_350, charges: 13_251, refunds: 50_000, chargesReturned: 250, net: 2_587_049 },
  series: hours,
  byStore: [{ id: '7', name: 'Loja Central', collected: 2_500_050, count: 1 }, { id: '8', name: 'Loja do Porto', collected: 150_000, count: 2 }],
  byClerk: [{ id: '31', name: 'Bruno Costa', collected: 2_500_050, count: 1 }, { id: 'none', name: '', collected: 150_000, count: 2 }],
  balances: { available: 9_876_500, frozen: 100_000 },
};
export const emptyAnalysis: CollectionAnalysis = {
  from: '2026-03-08', to: TODAY, granularity: 'day',
  totals: { collected: 0, count: 0, averageTicket: 0, charges: 0, refunds: 0, chargesReturned: 0, net: 0 },
  series: ['08', '09', '10', '11', '12', '13', '14'].map((d) => ({ key: `2026-03-${d}`, collected: 0, count: 0, net: 0 })),
  byStore: [], byClerk: [],
  balances: { available: 9_876_500, frozen: 0 },
};
export const stores = [{ storeId: '7', name: 'Loja Central' }, { storeId: '8', name: 'Loja do Porto' }];
export const withPayments: AnalysisAnswer = { analysis: todayAnalysis, stores };
export const withoutPayments: AnalysisAnswer = { analysis: emptyAnalysis, stores };

export const collectionAnalysisUserEvents = {
  'filter.changed': { type: 'filter.changed', code: '6' },
  'custom.opened': { type: 'custom.opened' },
  'store.changed': { type: 'store.changed', storeId: '8' },
  'analysis.refreshed': { type: 'analysis.refreshed' },
  'analysis.retry': { type: 'analysis.retry' },
} satisfies Record<CollectionAnalysisEvent['type'], CollectionAnalysisEvent>;

export const collectionAnalysisModel: FlowModel<typeof collectionAnalysisMachine> = {
  machine: parkInvokes(collectionAnalysisMachine, ['loadAnalysis']),
  variants: [{ name: 'today', input: { today: TODAY } }],
  events: [
    ...Object.values(collectionAnalysisUserEvents),
    // the custom range child ends with a range, or cancelled (its own model covers the typing)
    doneEvent('dateRange', MARCH_RANGE),
    doneEvent('dateRange', null),
    doneEvent('loadAnalysis', { ok: true, data: withPayments }),
    doneEvent('loadAnalysis', { ok: true, data: withoutPayments }),
    doneEvent('loadAnalysis', refusal('STF10010')),
    errorEvent('loadAnalysis', new Error('network down')),
  ],
  serializeState: (snapshot) => {
    const c = snapshot.context;
    return JSON.stringify([snapshot.value, c.filter.kind, c.storeId !== null, c.analysis !== null]);
  },
};
