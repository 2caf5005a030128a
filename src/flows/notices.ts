import { noticesMachine, type NoticesPage } from '../../machines/notices.machine.ts';
import type { ActorsOf } from '../../machines/outcome.ts';
import { fromPromise } from 'xstate';
import type { Outcome } from '../../services/contract/outcome.ts';
import { requestGateway } from '../../services/gateway.ts';
import { pagedListFlow } from './pagedList.ts';

export const NOTICES_PAGE_SIZE = 20;

/** The inbox's calls: its pages (wallet/notices/list, with the unread count), marking one read, marking all. */
export const noticesActors = {
  pagedList: pagedListFlow((_query: unknown, cursor): Promise<Outcome<NoticesPage>> =>
    requestGateway('wallet/notices/list', { ...(cursor ? { cursor } : {}), pageSize: NOTICES_PAGE_SIZE }, { quiet: true })),
  markRead: fromPromise<Outcome<{ id: string; unread: number }>, { id: string }>(({ input }) => requestGateway('wallet/notices/markRead', { id: input.id }, { quiet: true })),
  markAllRead: fromPromise<Outcome<{ unread: number }>>(() => requestGateway('wallet/notices/markAllRead', {}, { quiet: true })),
} satisfies ActorsOf<typeof noticesMachine>;

export const noticesFlow = noticesMachine.provide({ actors: noticesActors });
