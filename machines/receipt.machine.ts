import { setup, assign } from 'xstate';
import type { Receipt, ReceiptKey } from '../services/contract/fundDetail.ts';
import type { Outcome } from '../services/contract/outcome.ts';
import { announceAnswer, answerCode, answerData, provided, type AnswerEvent } from './outcome.ts';
import { viaClipboard } from './sharing.ts';

/**
 * The receipt of a fund line (issue 26, share the receipt): loads it (shown, not found — another
 * member's line or one with no receipt —, or a retry after no answer), then shares it as often as
 * the person likes: a PNG through the device's share sheet where it takes files, else the PNG
 * downloaded, else a text summary copied (src/lib/receiptShare.ts decides); closing the sheet says
 * nothing, and when none of the three works the summary is shown to copy by hand.
 */
export interface ReceiptInput {
  /** A fund line's id, or the movement a flow's done screen knows (a transfer's id, a top-up's order, …). */
  key: ReceiptKey;
}

/** What the picture and the summary say: the receipt in the person's language, drawn by the screen. */
export interface ReceiptCard {
  title: string;
  amount: string;
  rows: Array<[label: string, value: string]>;
  /** The PNG's file name. */
  fileName: string;
}

export interface ReceiptContext extends ReceiptInput {
  receipt: Receipt | null;
  errorCode: string | null;
  /** The card last shared, for the summary shown when nothing could take it. */
  card: ReceiptCard | null;
}

/** How the receipt left the phone: the share sheet, a downloaded PNG, or the text copied. */
export type ReceiptSharedVia = 'sheet' | 'download' | 'clipboard';

export type ReceiptEvent = { type: 'receipt.retry' } | { type: 'receipt.share'; card: ReceiptCard };

export const receiptMachine = setup({
  types: {
    input: {} as ReceiptInput,
    context: {} as ReceiptContext,
    events: {} as ReceiptEvent | AnswerEvent,
  },
  actors: {
    loadReceipt: provided<Outcome<Receipt>, ReceiptInput>('loadReceipt'),
    shareReceipt: provided<Outcome<{ via: ReceiptSharedVia }>, ReceiptCard>('shareReceipt'),
  },
  guards: {
    // the browser could not hand a file to a share sheet, so the PNG was saved instead
    viaDownload: ({ event }) => (event as { data?: { via?: ReceiptSharedVia } }).data?.via === 'download',
    viaClipboard,
  },
  actions: {
    announceAnswer: announceAnswer<ReceiptContext, ReceiptEvent | AnswerEvent>(),
    keepReceipt: assign({ receipt: ({ event }) => answerData<Receipt>(event), errorCode: null }),
    keepErrorCode: assign({ errorCode: ({ event }) => answerCode(event) }),
    keepCard: assign({ card: ({ context, event }) => (event.type === 'receipt.share' ? event.card : context.card) }),
  },
}).createMachine({
  id: 'receipt',
  context: ({ input }) => ({ key: input.key, receipt: null, errorCode: null, card: null }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadReceipt',
        src: 'loadReceipt',
        input: ({ context }) => ({ key: context.key }),
        onDone: { actions: 'announceAnswer' },
        onError: { target: 'loadFailed' },
      },
      on: {
        'loadReceipt.ok': { target: 'shown', actions: 'keepReceipt' },
        'loadReceipt.refused.*': { target: 'notFound', actions: 'keepErrorCode' },
      },
    },
    // the server said no: another member's line, or a line with no receipt; asking again answers the same
    notFound: { tags: ['error'] },
    loadFailed: {
      tags: ['error'],
      on: { 'receipt.retry': { target: 'loading' } },
    },
    // the receipt on screen; sharing it leaves it there
    shown: {
      initial: 'idle',
      on: { 'receipt.share': { target: '.sharing', actions: 'keepCard' } },
      states: {
        idle: {},
        sharing: {
          tags: ['busy'],
          invoke: {
            id: 'shareReceipt',
            src: 'shareReceipt',
            input: ({ context }) => context.card!,
            onDone: { actions: 'announceAnswer' },
            onError: { target: 'shareUnavailable' },
          },
          on: {
            'shareReceipt.ok': [
              { guard: 'viaDownload', target: 'downloaded' },
              { guard: 'viaClipboard', target: 'copied' },
              { target: 'shared' },
            ],
            // the person closed the share sheet: nothing to say
            'shareReceipt.refused.aborted': { target: 'idle' },
            'shareReceipt.refused.*': { target: 'shareUnavailable' },
          },
        },
        shared: {},
        downloaded: {},
        copied: {},
        // neither the sheet, a download nor the clipboard took it: the summary to copy by hand
        shareUnavailable: {},
      },
    },
  },
});
