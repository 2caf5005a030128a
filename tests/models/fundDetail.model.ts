import { fundDetailMachine, type FundDetailEvent } from '../../machines/fundDetail.machine.ts';
import type { FundLine } from '../../services/contract/fundDetail.ts';
import { doneEvent, errorEvent, parkInvokes, type FlowModel } from '../support/mbt.ts';
import { MARCH_RANGE } from './dateRange.model.ts';

const refusal = (code: string, detail = '') => ({ ok: false, code, message: code, detail });
export const TODAY = '2026-03-14';

export const line = (id: string, over: Partial<FundLine> = {}): FundLine => ({
  id, direction: 'expenditure', tradeNo: `OP20260314${id.padStart(10, '0')}`, kind: 'transfer', amount: 125_000,
  balanceBefore: 5_000_000, balanceAfter: 4_875_000, product: 'transfer', counterparty: 'Bruno M*** D***', charge: null, at: '2026-03-14T09:05:00.000Z', ...over,
});
export const firstPage = { items: [line('52'), line('51', { direction: 'income', kind: 'topup', amount: 1_000_000, balanceBefore: 4_000_000, balanceAfter: 5_000_000, counterparty: null })], nextCursor: '51', from: '2026-02-13', to: TODAY };
/** A withdrawal of 2 000 Kz with its 50 Kz charge: the line is the 2 050 Kz held. */
export const lastPage = { items: [line('50', { kind: 'withdraw_hold', product: 'withdraw_hold', amount: 205_000, charge: 5_000, balanceBefore: 4_205_000, balanceAfter: 4_000_000, counterparty: null })], nextCursor: null, from: '2026-02-13', to: TODAY };
export const emptyPage = { items: [], nextCursor: null, from: TODAY, to: TODAY };

export const fundDetailUserEvents = {
  'filter.changed': { type: 'filter.changed', code: '7' },
  'custom.opened': { type: 'custom.opened' },
  'list.more': { type: 'list.more' },
  'list.refreshed': { type: 'list.refreshed' },
  'list.retry': { type: 'list.retry' },
} satisfies Record<FundDetailEvent['type'], FundDetailEvent>;

export const fundDetailModel: FlowModel<typeof fundDetailMachine> = {
  machine: parkInvokes(fundDetailMachine, ['loadPage']),
  variants: [{ name: 'latest month', input: { today: TODAY } }],
  events: [
    ...Object.values(fundDetailUserEvents),
    { type: 'filter.changed', code: '6' } as FundDetailEvent,
    // the custom range child ends with a range, or cancelled (its own model covers the typing)
    doneEvent('dateRange', MARCH_RANGE),
    doneEvent('dateRange', null),
    doneEvent('loadPage', { ok: true, data: firstPage }),
    doneEvent('loadPage', { ok: true, data: lastPage }),
    doneEvent('loadPage', { ok: true, data: emptyPage }),
    doneEvent('loadPage', refusal('AGW10003')),
    errorEvent('loadPage', new Error('network down')),
  ],
  // what the guards and the screen read: the filter's kind, whether lines and a next page exist
  serializeState: (snapshot) => {
    const c = snapshot.context;
    return JSON.stringify([snapshot.value, c.filter.kind, c.items.length > 0, c.nextCursor !== null]);
  },
};
