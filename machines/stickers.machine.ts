import { setup, assign } from 'xstate';
import type { Outcome } from '../services/contract/outcome.ts';
import type { ResponseOf } from '../services/contract/define.ts';
import type { queryStickerBatches } from '../services/contract/stickers.ts';
import { announceAnswer, answerCode, answerData, provided, type AnswerEvent } from './outcome.ts';

/**
 * Collection-code stickers in the operators' area (`/plateform/stickers`): the batches issued so
 * far, newest first, 20 a page (`platform/stickers/batches`); a new batch of 1 to 500 unbound
 * stickers (`platform/stickers/issue`, audited), after which the first page is read again with it
 * on top; and each batch's print-ready PDF, fetched with the operator's token and saved
 * (`GET /platform/stickers/<batchId>.pdf`).
 */
export type StickerBatch = ResponseOf<typeof queryStickerBatches>['batches'][number];
export type BatchPage = ResponseOf<typeof queryStickerBatches>;
/** Why a sheet was not saved: the operator's session ended, not allowed, no such batch, or no answer. */
export type DownloadRefusal = 'expired' | 'forbidden' | 'notFound' | 'unreachable';

export const STICKERS_PAGE_SIZE = 20;
export const MAX_STICKERS = 500;

export interface StickersContext {
  page: number;
  batches: StickerBatch[];
  total: number;
  countText: string;
  issued: StickerBatch | null;
  /** The batch whose sheet is being (or was last) downloaded. */
  downloadId: string | null;
  errorCode: string | null;
}

export type StickersEvent =
  | { type: 'batches.retry' }
  | { type: 'page.changed'; page: number }
  | { type: 'count.changed'; value: string }
  | { type: 'issue.submitted' }
  | { type: 'batch.download'; batchId: string };

/** The typed count as a number of stickers, or null when it is not one from 1 to 500. */
export function stickerCount(text: string): number | null {
  if (!/^\d{1,3}$/.test(text.trim())) return null;
  const n = Number(text.trim());
  return n >= 1 && n <= MAX_STICKERS ? n : null;
}

export const stickersMachine = setup({
  types: { context: {} as StickersContext, events: {} as StickersEvent | AnswerEvent },
  actors: {
    loadBatches: provided<Outcome<BatchPage>, { page: number }>('loadBatches'),
    issueBatch: provided<Outcome<{ batch: StickerBatch }>, { count: number }>('issueBatch'),
    downloadBatch: provided<Outcome<{ saved: true }>, { batchId: string }>('downloadBatch'),
  },
  guards: {
    otherPage: ({ context, event }) => {
      if (event.type !== 'page.changed') return false;
      const pages = Math.max(1, Math.ceil(context.total / STICKERS_PAGE_SIZE));
      return Number.isInteger(event.page) && event.page >= 1 && event.page <= pages && event.page !== context.page;
    },
    countInvalid: ({ context }) => stickerCount(context.countText) === null,
    knownBatch: ({ context, event }) => event.type === 'batch.download' && context.batches.some((b) => b.batchId === event.batchId),
  },
  actions: {
    announceAnswer: announceAnswer<StickersContext, StickersEvent | AnswerEvent>(),
    keepPage: assign(({ event }) => {
      const page = answerData<BatchPage>(event);
      return { batches: page.batches, total: page.total, errorCode: null };
    }),
    setPage: assign({ page: ({ event, context }) => (event.type === 'page.changed' ? event.page : context.page) }),
    setCount: assign({ countText: ({ event, context }) => (event.type === 'count.changed' ? event.value.slice(0, 6) : context.countText) }),
    // issued: the form empties and the first page, where it now is, is read again
    keepIssued: assign({ issued: ({ event }) => answerData<{ batch: StickerBatch }>(event).batch, countText: '', page: 1 }),
    chooseDownload: assign({ downloadId: ({ event, context }) => (event.type === 'batch.download' ? event.batchId : context.downloadId) }),
    keepRefusal: assign({ errorCode: ({ event }) => answerCode(event) }),
    forgetRefusal: assign({ errorCode: null }),
  },
}).createMachine({
  id: 'stickers',
  context: { page: 1, batches: [], total: 0, countText: '', issued: null, downloadId: null, errorCode: null },
  initial: 'loading',
  states: {
    // the count field stays usable while a page loads, fails or a sheet downloads: what is typed is kept
    loading: {
      tags: ['busy'],
      on: {
        'count.changed': { actions: 'setCount' },
        'loadBatches.ok': { target: 'ready', actions: 'keepPage' },
        'loadBatches.refused.*': { target: 'failed', actions: 'keepRefusal' },
      },
      invoke: {
        id: 'loadBatches',
        src: 'loadBatches',
        input: ({ context }) => ({ page: context.page }),
        onDone: { actions: 'announceAnswer' },
        onError: { target: 'failed', actions: 'forgetRefusal' },
      },
    },
    failed: { tags: ['error'], on: { 'batches.retry': { target: 'loading' }, 'count.changed': { actions: 'setCount' } } },
    ready: {
      initial: 'idle',
      on: {
        'page.changed': { guard: 'otherPage', target: 'loading', actions: 'setPage' },
        'count.changed': { target: '.idle', actions: 'setCount' },
        'issue.submitted': [{ guard: 'countInvalid', target: '.countInvalid' }, { target: 'issuing' }],
        'batch.download': { guard: 'knownBatch', target: 'downloading', actions: 'chooseDownload' },
      },
      states: {
        idle: {},
        countInvalid: { tags: ['error'] },
        issued: {},
        issueRefused: { tags: ['error'] },
        issueUnreachable: { tags: ['error'] },
        downloaded: {},
        downloadFailed: { tags: ['error'] },
      },
    },
    issuing: {
      tags: ['busy'],
      invoke: {
        id: 'issueBatch',
        src: 'issueBatch',
        input: ({ context }) => ({ count: stickerCount(context.countText) ?? 0 }),
        onDone: { actions: 'announceAnswer' },
        onError: { target: 'ready.issueUnreachable' },
      },
      on: {
        'issueBatch.ok': { target: 'refreshing', actions: 'keepIssued' },
        'issueBatch.refused.*': { target: 'ready.issueRefused', actions: 'keepRefusal' },
      },
    },
    // the first page again, the new batch on top; if it cannot be read, the batch is still issued
    refreshing: {
      tags: ['busy'],
      invoke: {
        id: 'loadBatches',
        src: 'loadBatches',
        input: () => ({ page: 1 }),
        onDone: { actions: 'announceAnswer' },
        onError: { target: 'ready.issued' },
      },
      on: {
        'loadBatches.ok': { target: 'ready.issued', actions: 'keepPage' },
        'loadBatches.refused.*': { target: 'ready.issued' },
      },
    },
    downloading: {
      tags: ['busy'],
      on: {
        'count.changed': { actions: 'setCount' },
        'downloadBatch.ok': { target: 'ready.downloaded' },
        'downloadBatch.refused.*': { target: 'ready.downloadFailed', actions: 'keepRefusal' },
      },
      invoke: {
        id: 'downloadBatch',
        src: 'downloadBatch',
        input: ({ context }) => ({ batchId: context.downloadId! }),
        onDone: { actions: 'announceAnswer' },
        onError: { target: 'ready.downloadFailed', actions: 'forgetRefusal' },
      },
    },
  },
});
