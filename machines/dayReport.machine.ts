import { assign, setup } from 'xstate';
import type { Outcome } from '../services/contract/outcome.ts';
import type { DayReport } from '../services/contract/dayReport.ts';
import { announceAnswer, answerCode, answerData, provided, type AnswerEvent } from './outcome.ts';

/**
 * The end-of-day report (`/app/dayreport`; README "Day report"), the till's "close the day": one
 * Luanda day's payments, refunds, charges and net, per store and per clerk. The owner sees every
 * store (or picks one); a clerk sees their own till, which they can show the owner or download. The
 * day is today unless another is picked (never after today); a day without payments or refunds is
 * its own state. The PDF is the server's, of the same figures, downloaded while the report shows.
 */

export interface DayReportInput {
  /** Today as a Luanda day (YYYY-MM-DD): the report's first day, and the last one may pick. */
  today: string;
}

export interface DayReportQuery {
  day: string;
  storeId: string | null;
}

export interface DayReportContext {
  today: string;
  day: string;
  storeId: string | null;
  report: DayReport | null;
  errorCode: string | null;
}

export type DayReportEvent =
  | { type: 'day.previous' }
  | { type: 'day.next' }
  | { type: 'day.chosen'; day: string }
  | { type: 'reportStore.changed'; storeId: string | null }
  | { type: 'report.refresh' }
  | { type: 'report.retry' }
  | { type: 'pdf.requested' };

/** The Luanda day `days` after `day` (YYYY-MM-DD, calendar arithmetic in UTC). */
export function shiftDay(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

const isDay = (day: string) => /^\d{4}-\d{2}-\d{2}$/.test(day) && !Number.isNaN(Date.parse(`${day}T00:00:00Z`)) && shiftDay(day, 0) === day;

export const dayReportMachine = setup({
  types: { input: {} as DayReportInput, context: {} as DayReportContext, events: {} as DayReportEvent | AnswerEvent },
  actors: {
    loadReport: provided<Outcome<DayReport>, DayReportQuery>('loadReport'),
    downloadPdf: provided<Outcome<{ saved: true }>, DayReportQuery>('downloadPdf'),
  },
  guards: {
    hasFigures: ({ event }) => {
      const totals = answerData<DayReport>(event).totals;
      return totals.payments.count > 0 || totals.refunds.count > 0;
    },
    beforeToday: ({ context }) => context.day < context.today,
    // all stores, or one the report listed
    knownStore: ({ context, event }) => event.type === 'reportStore.changed' && (event.storeId === null || (context.report?.stores ?? []).some((s) => s.storeId === event.storeId)),
    // a real day, not after today
    dayAllowed: ({ context, event }) => event.type === 'day.chosen' && isDay(event.day) && event.day <= context.today,
  },
  actions: {
    announceAnswer: announceAnswer<DayReportContext, DayReportEvent | AnswerEvent>(),
    previousDay: assign({ day: ({ context }) => shiftDay(context.day, -1) }),
    nextDay: assign({ day: ({ context }) => shiftDay(context.day, 1) }),
    chooseDay: assign({ day: ({ context, event }) => (event.type === 'day.chosen' ? event.day : context.day) }),
    setStore: assign({ storeId: ({ context, event }) => (event.type === 'reportStore.changed' ? event.storeId : context.storeId) }),
    keepReport: assign({ report: ({ event }) => answerData<DayReport>(event), errorCode: null }),
    keepRefusal: assign({ errorCode: ({ event }) => answerCode(event) }),
    forgetRefusal: assign({ errorCode: null }),
  },
}).createMachine({
  id: 'dayReport',
  context: ({ input }) => ({ today: input.today, day: input.today, storeId: null, report: null, errorCode: null }),
  initial: 'loading',
  on: {
    'day.previous': { target: '.loading', actions: 'previousDay' },
    'day.next': { guard: 'beforeToday', target: '.loading', actions: 'nextDay' },
    'day.chosen': { guard: 'dayAllowed', target: '.loading', actions: 'chooseDay' },
    'reportStore.changed': { guard: 'knownStore', target: '.loading', actions: 'setStore' },
  },
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadReport',
        src: 'loadReport',
        input: ({ context }) => ({ day: context.day, storeId: context.storeId }),
        onDone: { actions: 'announceAnswer' },
        onError: { target: 'failed', actions: 'forgetRefusal' },
      },
      on: {
        'loadReport.ok': [
          { guard: 'hasFigures', target: 'ready', actions: 'keepReport' },
          { target: 'empty', actions: 'keepReport' },
        ],
        // neither the owner nor a clerk of a store
        'loadReport.refused.MCH10003': { target: 'notMerchant' },
        'loadReport.refused.*': { target: 'failed', actions: 'keepRefusal' },
      },
    },
    failed: { tags: ['error'], on: { 'report.retry': { target: 'loading' } } },
    notMerchant: {},
    empty: { on: { 'report.refresh': { target: 'loading' } } },
    ready: {
      initial: 'shown',
      on: { 'report.refresh': { target: 'loading' } },
      states: {
        shown: { on: { 'pdf.requested': { target: 'downloading' } } },
        downloading: {
          tags: ['busy'],
          invoke: {
            id: 'downloadPdf',
            src: 'downloadPdf',
            input: ({ context }) => ({ day: context.day, storeId: context.storeId }),
            onDone: { actions: 'announceAnswer' },
            onError: { target: 'downloadFailed', actions: 'forgetRefusal' },
          },
          on: {
            'downloadPdf.ok': { target: 'downloaded' },
            'downloadPdf.refused.*': { target: 'downloadFailed', actions: 'keepRefusal' },
          },
        },
        downloaded: { on: { 'pdf.requested': { target: 'downloading' } } },
        downloadFailed: { tags: ['error'], on: { 'pdf.requested': { target: 'downloading' } } },
      },
    },
  },
});
