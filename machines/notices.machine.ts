import { setup, assign, sendTo } from 'xstate';
import type { NoticeItem } from '../services/contract/notices.ts';
import type { Outcome } from '../services/contract/outcome.ts';
import { announceAnswer, answerCode, answerData, provided, type AnswerEvent } from './outcome.ts';
import { pagedListMachine, type ListLoaded, type Page } from './pagedList.machine.ts';

/**
 * The notices inbox (`/app/notices`, issue 26 part 5): money received, refunds, requests for money,
 * staff invitations, verification results and the operators' announcements in one list, newest
 * first. The lines are the pagedList child's, alive for the whole page (loading, empty, the list,
 * the next pages as the end comes into view, failed with retry); each first page brings the unread
 * count. Opening an unread notice marks it read, then its own screen is shown (a read one goes
 * there at once); marking all read reads the list again. A refusal or no answer keeps the list
 * and says so: the notice can be opened again.
 */
export interface NoticesPage extends Page<NoticeItem> {
  unread: number;
}

export interface NoticesContext {
  /** The unread count the server last gave (a first page, a mark); null until the list loads. */
  unread: number | null;
  /** The notice being opened. */
  chosen: NoticeItem | null;
  errorCode: string | null;
}

export type NoticesEvent =
  | { type: 'notice.opened'; notice: NoticeItem }
  | { type: 'notices.allRead' }
  | ListLoaded<NoticesPage>;

/** The key of a notice, for the list child to drop one a later page repeats. */
export const NOTICE_KEY = 'id' satisfies keyof NoticeItem;

const chosenOf = (event: unknown) => (event as { notice?: NoticeItem }).notice ?? null;

export const noticesMachine = setup({
  types: {
    context: {} as NoticesContext,
    events: {} as NoticesEvent | AnswerEvent,
  },
  actors: {
    pagedList: pagedListMachine,
    markRead: provided<Outcome<{ id: string; unread: number }>, { id: string }>('markRead'),
    markAllRead: provided<Outcome<{ unread: number }>>('markAllRead'),
  },
  guards: {
    // nothing to mark: it opens straight away
    alreadyRead: ({ event }) => chosenOf(event)?.read === true,
    anyUnread: ({ context }) => (context.unread ?? 0) > 0,
  },
  actions: {
    announceAnswer: announceAnswer<NoticesContext, NoticesEvent | AnswerEvent>(),
    keepPageUnread: assign({ unread: ({ context, event }) => (event.type === 'list.loaded' ? event.page.unread : context.unread) }),
    keepUnread: assign({ unread: ({ event }) => answerData<{ unread: number }>(event).unread }),
    choose: assign({ chosen: ({ event }) => chosenOf(event), errorCode: null }),
    keepRefusal: assign({ errorCode: ({ event }) => answerCode(event) }),
    forgetRefusal: assign({ errorCode: null }),
    // the lines as the server has them now (read marks, a notice gone)
    refreshList: sendTo('pagedList', { type: 'list.refreshed' }),
    // provided by the screen: the chosen notice's own screen
    showNotice: () => {},
  },
}).createMachine({
  id: 'notices',
  context: { unread: null, chosen: null, errorCode: null },
  invoke: { id: 'pagedList', src: 'pagedList', input: { query: {}, key: NOTICE_KEY } },
  on: { 'list.loaded': { actions: 'keepPageUnread' } },
  initial: 'browsing',
  states: {
    browsing: {
      on: {
        'notice.opened': [
          { guard: 'alreadyRead', target: 'opened', actions: 'choose' },
          { target: 'opening', actions: 'choose' },
        ],
        'notices.allRead': { guard: 'anyUnread', target: 'markingAllRead' },
      },
      initial: 'idle',
      states: {
        idle: {},
        openFailed: { tags: ['error'] },
        markAllFailed: { tags: ['error'] },
      },
    },
    // marked read first, so the home's count is right when the person comes back
    opening: {
      tags: ['busy'],
      invoke: {
        id: 'markRead',
        src: 'markRead',
        input: ({ context }) => ({ id: context.chosen?.id ?? '' }),
        onDone: { actions: 'announceAnswer' },
        onError: { target: 'browsing.openFailed', actions: 'forgetRefusal' },
      },
      on: {
        'markRead.ok': { target: 'opened', actions: 'keepUnread' },
        // gone meanwhile (an announcement withdrawn): said, and the list read again without it
        'markRead.refused.*': { target: 'browsing.openFailed', actions: ['keepRefusal', 'refreshList'] },
      },
    },
    markingAllRead: {
      tags: ['busy'],
      invoke: {
        id: 'markAllRead',
        src: 'markAllRead',
        onDone: { actions: 'announceAnswer' },
        onError: { target: 'browsing.markAllFailed', actions: 'forgetRefusal' },
      },
      on: {
        'markAllRead.ok': { target: 'browsing.idle', actions: ['keepUnread', 'refreshList'] },
        'markAllRead.refused.*': { target: 'browsing.markAllFailed', actions: 'keepRefusal' },
      },
    },
    // the notice's own screen takes the page
    opened: { entry: 'showNotice' },
  },
});
