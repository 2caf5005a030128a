import { fromPromise } from 'xstate';
import { dayReportMachine, type DayReportQuery } from '../../machines/dayReport.machine.ts';
import type { ActorsOf } from '../../machines/outcome.ts';
import { CODES, LEGACY_HEADERS } from '../../services/contract/answerCodes.ts';
import type { DayReport, DayReportRequest } from '../../services/contract/dayReport.ts';
import { requestGateway } from '../../services/gateway.ts';
import type { Outcome } from '../../services/contract/outcome.ts';
import { signalSessionExpired } from '../../services/session-signal.ts';
import { storage } from '../lib/storage.ts';
import { saveFile } from '../lib/saveFile.ts';

const requestOf = ({ day, storeId }: DayReportQuery): DayReportRequest => ({ day, ...(storeId ? { storeId } : {}) });

/** The PDF's address for a day (and store), in the member's language (server/domains/dayReport/download.ts). */
export function dayReportPdfPath(request: DayReportRequest, language: string): string {
  const query = new URLSearchParams({ day: request.day, ...(request.storeId ? { storeId: request.storeId } : {}), language });
  return `/merchant/dayReport.pdf?${query.toString()}`;
}

export const loadDayReport = (query: DayReportQuery): Promise<Outcome<DayReport>> => requestGateway('merchant/dayReport/query', requestOf(query), { quiet: true });

const refused = (code: string): Outcome<never> => ({ ok: false, code, message: code, detail: '' });

/**
 * The day's PDF (GET /merchant/dayReport.pdf), fetched with the member's session token in a header
 * — never in a URL a link could carry — and handed to the browser's downloads; the server makes it
 * from the report's own query, in the member's language. A lost session is the session chart's.
 */
export async function fetchDayReportPdf(query: DayReportQuery, language: string, base = ''): Promise<Outcome<{ saved: true }>> {
  let response: Response;
  try {
    response = await fetch(`${base}${dayReportPdfPath(requestOf(query), language)}`, {
      headers: { [LEGACY_HEADERS.loginToken]: storage.getUserInfo()?.h5Token ?? '' },
      credentials: 'omit',
      cache: 'no-store',
    });
  } catch {
    // no answer at all: the chart's onError, as for a call that got none
    throw new Error('day report PDF: no answer');
  }
  if (response.status === 401) {
    signalSessionExpired();
    return refused(CODES.sessionLost);
  }
  if (!response.ok) {
    const answer = (await response.json().catch(() => null)) as { code?: string } | null;
    return refused(answer?.code ?? CODES.internal);
  }
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? `kwanza-wallet-day-${query.day}.pdf`;
  saveFile(new Blob([await response.arrayBuffer()], { type: 'application/pdf' }), name);
  return { ok: true, data: { saved: true } };
}

export const dayReportActors = (language: string) => ({
  loadReport: fromPromise<Outcome<DayReport>, DayReportQuery>(({ input }) => loadDayReport(input)),
  downloadPdf: fromPromise<Outcome<{ saved: true }>, DayReportQuery>(({ input }) => fetchDayReportPdf(input, language)),
}) satisfies ActorsOf<typeof dayReportMachine>;

export const dayReportFlow = (language: string) => dayReportMachine.provide({ actors: dayReportActors(language) });
