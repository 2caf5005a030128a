import { noticesMachine, type NoticesEvent, type NoticesPage } from '../../machines/notices.machine.ts';
import type { NoticeItem } from '../../services/contract/notices.ts';
import { doneEvent, errorEvent, parkInvokes, type FlowModel } from '../support/mbt.ts';
import { fromPromise } from 'xstate';
import { pagedListMachine, type Page, type PageQuery } from '../../machines/pagedList.machine.ts';
import type { Outcome } from '../../services/contract/outcome.ts';

const refusal = (code: string) => ({ ok: false, code, message: code, detail: '' });

/** Money Bruno sent, not read yet; an announcement already read. */
export const receivedNotice: NoticeItem = {
  id: 'm41', kind: 'transferReceived', ref: '9001', params: { amount: 125_000, counterpart: 'Bruno M*** D***' }, title: null, read: false, at: '2026-11-26T10:15:00.000Z',
};
export const readAnnouncement: NoticeItem = {
  id: 'a7', kind: 'announcement', ref: '7', params: {}, title: 'Manutenção programada', read: true, at: '2026-11-20T08:00:00.000Z',
};
export const noticesPage: NoticesPage = { items: [receivedNotice, readAnnouncement], nextCursor: null, unread: 1 };

export const noticesUserEvents = {
  'notice.opened': { type: 'notice.opened', notice: receivedNotice },
  'notices.allRead': { type: 'notices.allRead' },
  // the list child's first page (its own model covers the pages): the unread count with it
  'list.loaded': { type: 'list.loaded', page: noticesPage },
} satisfies Record<NoticesEvent['type'], NoticesEvent>;

export const noticesResults = {
  marked: doneEvent('markRead', { ok: true, data: { id: receivedNotice.id, unread: 0 } }),
  gone: doneEvent('markRead', refusal('NTC10001')),
  markUnreachable: errorEvent('markRead', new Error('network down')),
  allMarked: doneEvent('markAllRead', { ok: true, data: { unread: 0 } }),
  allRefused: doneEvent('markAllRead', refusal('AGW50000')),
  allUnreachable: errorEvent('markAllRead', new Error('network down')),
};

/**
 * The list child reads this page at once when run (its own model covers the pages): on screen a
 * notice is there to tap. The model's paths never wait for it, so the chart's graph is the fed events'.
 */
const firstPageList = pagedListMachine.provide({ actors: { loadPage: fromPromise<Outcome<Page>, PageQuery>(async () => ({ ok: true, data: noticesPage })) } });

export const noticesModel: FlowModel<typeof noticesMachine> = {
  machine: parkInvokes(noticesMachine, ['markRead', 'markAllRead']).provide({ actors: { pagedList: firstPageList } }),
  variants: [{ name: 'an inbox', input: {} }],
  events: [
    ...Object.values(noticesUserEvents),
    // everything read already: nothing to mark
    { type: 'list.loaded', page: { ...noticesPage, items: [{ ...receivedNotice, read: true }, readAnnouncement], unread: 0 } } as NoticesEvent,
    // a notice read before opens at once
    { type: 'notice.opened', notice: readAnnouncement } as NoticesEvent,
    ...Object.values(noticesResults),
  ],
  // what the guards and the screen read: whether anything is unread (null: the count not known yet)
  serializeState: (snapshot) => JSON.stringify([snapshot.value, snapshot.context.unread === null ? null : snapshot.context.unread > 0]),
};
