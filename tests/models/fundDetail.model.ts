import { fundDetailMachine, type FundDetailEvent, type FundPage } from '../../machines/fundDetail.machine.ts';
import { pagedListMachine } from '../../machines/pagedList.machine.ts';
import type { FundLine } from '../../services/contract/fundDetail.ts';
import { doneEvent, parkInvokes, type FlowModel } from '../support/mbt.ts';
import { MARCH_RANGE } from './dateRange.model.ts';

export const TODAY = '2026-03-14';

export const line = (id: string, over: Partial<FundLine> = {}): FundLine => ({
  id, direction: 'expenditure', tradeNo: `OP20260314${id.padStart(10, '0')}`, kind: 'transfer', amount: 125_000,
  balanceBefore: 5_000_000, balanceAfter: 4_875_000, product: 'transfer', counterparty: 'Bruno M*** D***', charge: null, at: '2026-03-14T09:05:00.000Z', ...over,
});
export const firstPage: FundPage = { items: [line('52'), line('51', { direction: 'income', kind: 'topup', amount: 1_000_000, balanceBefore: 4_000_000, balanceAfter: 5_000_000, counterparty: null })], nextCursor: '51', from: '2026-02-13', to: TODAY };
/** A withdrawal of 2 000 Kz with its 50 Kz charge: the line is the 2 050 Kz held. */
export const lastPage: FundPage = { items: [line('50', { kind: 'withdraw_hold', product: 'withdraw_hold', amount: 205_000, charge: 5_000, balanceBefore: 4_205_000, balanceAfter: 4_000_000, counterparty: null })], nextCursor: null, from: '2026-02-13', to: TODAY };
export const emptyPage: FundPage = { items: [], nextCursor: null, from: TODAY, to: TODAY };

export const fundDetailUserEvents = {
  'filter.changed': { type: 'filter.changed', code: '7' },
  'custom.opened': { type: 'custom.opened' },
  // the list child's first page (its own model covers the pages): what the list shows, and the period it covers
  'list.loaded': { type: 'list.loaded', page: firstPage },
} satisfies Record<FundDetailEvent['type'], FundDetailEvent>;

/** The list child as the parents' models run it: asking for its first page, for ever. */
export const parkedList = parkInvokes(pagedListMachine, ['loadPage']);

export const fundDetailModel: FlowModel<typeof fundDetailMachine> = {
  machine: fundDetailMachine.provide({ actors: { pagedList: parkedList } }),
  variants: [{ name: 'latest month', input: { today: TODAY } }],
  events: [
    ...Object.values(fundDetailUserEvents),
    { type: 'filter.changed', code: '6' } as FundDetailEvent,
    // the custom range child ends with a range, or cancelled (its own model covers the typing)
    doneEvent('dateRange', MARCH_RANGE),
    doneEvent('dateRange', null),
  ],
  // what the guards and the screen read: the filter's kind, whether the period shown is known
  serializeState: (snapshot) => {
    const c = snapshot.context;
    return JSON.stringify([snapshot.value, c.filter.kind, c.range !== null]);
  },
};
