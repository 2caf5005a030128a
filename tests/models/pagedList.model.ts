import { pagedListMachine, type PagedListEvent } from '../../machines/pagedList.machine.ts';
import { FUND_LINE_KEY } from '../../machines/fundDetail.machine.ts';
import { doneEvent, errorEvent, parkInvokes, type FlowModel } from '../support/mbt.ts';
import { emptyPage, firstPage, lastPage } from './fundDetail.model.ts';

const refusal = (code: string, detail = '') => ({ ok: false, code, message: code, detail });

export const pagedListUserEvents = {
  'list.more': { type: 'list.more' },
  'list.refreshed': { type: 'list.refreshed' },
  'list.retry': { type: 'list.retry' },
} satisfies Record<PagedListEvent['type'], PagedListEvent>;

/**
 * The paged list with the fund detail's lines (a first page with a next one, a last page, an empty
 * one): every way through its pages, refreshes and refusals. Run alone it has no parent to tell of
 * a first page: its `pageLoaded` sends nothing here (the parents' models feed `list.loaded`).
 */
export const pagedListModel: FlowModel<typeof pagedListMachine> = {
  machine: parkInvokes(pagedListMachine, ['loadPage']).provide({ actions: { pageLoaded: () => {} } }),
  variants: [{ name: 'fund lines of the latest month', input: { query: { kind: 'shortcut', code: '8' }, key: FUND_LINE_KEY } }],
  events: [
    ...Object.values(pagedListUserEvents),
    doneEvent('loadPage', { ok: true, data: firstPage }),
    doneEvent('loadPage', { ok: true, data: lastPage }),
    doneEvent('loadPage', { ok: true, data: emptyPage }),
    doneEvent('loadPage', refusal('AGW10003')),
    errorEvent('loadPage', new Error('network down')),
  ],
  // what the guards and the screen read: whether items and a next page exist, the refusal's code or none
  serializeState: (snapshot) => {
    const c = snapshot.context;
    return JSON.stringify([snapshot.value, c.items.length > 0, c.nextCursor !== null, c.errorCode !== null]);
  },
};
