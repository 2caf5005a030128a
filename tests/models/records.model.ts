import { recordsMachine, type RecordsEvent, type RecordsPage } from '../../machines/records.machine.ts';
import type { MerchantRecord } from '../../services/contract/records.ts';
import { doneEvent, errorEvent, parkInvokes, type FlowModel } from '../support/mbt.ts';
import { MARCH_RANGE } from './dateRange.model.ts';
import { parkedList } from './fundDetail.model.ts';

const refusal = (code: string, detail = '') => ({ ok: false, code, message: code, detail });
export const TODAY = '2026-03-14';

export const record = (id: string, over: Partial<MerchantRecord> = {}): MerchantRecord => ({
  recordId: id, voucherNo: `MP${id.padStart(14, '0')}`, tradeNo: `OP20260314${id.padStart(10, '0')}`, amount: 150_000, charge: 750, net: 149_250, refunded: 0,
  state: 'paid', payerMasked: 'Ana M*** D***', storeId: '7', storeName: 'Loja Central', clerkName: 'Carlos Caixa', serial: null, method: 'dynamic',
  at: '2026-03-14T09:05:00.000Z', ...over,
});
export const CHOICES = {
  stores: [{ id: '7', name: 'Loja Central' }, { id: '8', name: 'Loja Norte' }],
  clerks: [{ id: '3', name: 'Carlos Caixa' }],
  bindings: [{ id: '11', name: 'KW0000000042 · Loja Central' }],
};
const NONE = { stores: [], clerks: [], bindings: [] };
export const ownerFirst: RecordsPage = {
  items: [record('52'), record('51', { state: 'partlyRefunded', refunded: 50_000, net: 99_500, clerkName: null, serial: 'KW0000000042', method: 'static' })],
  nextCursor: '2026-03-14T08:00:00.000000_51', from: TODAY, to: TODAY, role: 'owner', reach: 'all', choices: CHOICES,
};
export const ownerLast: RecordsPage = { items: [record('50', { state: 'refunded', refunded: 150_000, net: 0, storeId: '8', storeName: 'Loja Norte' })], nextCursor: null, from: TODAY, to: TODAY, role: 'owner', reach: 'all', choices: CHOICES };
export const clerkPage: RecordsPage = { items: [record('52')], nextCursor: null, from: TODAY, to: TODAY, role: 'clerk', reach: 'own', choices: NONE };
export const emptyPage: RecordsPage = { items: [], nextCursor: null, from: TODAY, to: TODAY, role: 'owner', reach: 'all', choices: CHOICES };

export const recordsUserEvents = {
  'filter.changed': { type: 'filter.changed', code: '6' },
  'scope.changed': { type: 'scope.changed', scope: { storeId: '8' } },
  'custom.opened': { type: 'custom.opened' },
  'export.requested': { type: 'export.requested' },
  // the list child's first page (its own model covers the pages): the caller's role and choices, the period
  'list.loaded': { type: 'list.loaded', page: ownerFirst },
} satisfies Record<RecordsEvent['type'], RecordsEvent>;

export const recordsModel: FlowModel<typeof recordsMachine> = {
  machine: parkInvokes(recordsMachine, ['exportCsv']).provide({ actors: { pagedList: parkedList } }),
  variants: [{ name: 'today', input: { today: TODAY } }],
  events: [
    ...Object.values(recordsUserEvents),
    // a clerk's first page: no pickers, no export
    { type: 'list.loaded', page: clerkPage } as RecordsEvent,
    // the custom range child ends with a range, or cancelled (its own model covers the typing)
    doneEvent('dateRange', MARCH_RANGE),
    doneEvent('dateRange', null),
    doneEvent('exportCsv', { ok: true, data: { saved: true } }),
    doneEvent('exportCsv', refusal('STF10010')),
    errorEvent('exportCsv', new Error('network down')),
  ],
  // what the guards and the screen read: the filter's kind, the role (export and pickers are the owner's), whether the period shown is known
  serializeState: (snapshot) => {
    const c = snapshot.context;
    return JSON.stringify([snapshot.value, c.filter.kind, c.role, c.range !== null, c.scope.storeId ?? null]);
  },
};
