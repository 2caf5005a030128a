import { fromPromise } from 'xstate';
import { dateRangeMachine } from '../../machines/dateRange.machine.ts';
import { recordsMachine, type RecordsFilterQuery, type RecordsPage, type RecordsQuery } from '../../machines/records.machine.ts';
import type { ActorsOf } from '../../machines/outcome.ts';
import { CODES, LEGACY_HEADERS } from '../../services/contract/answerCodes.ts';
import type { RecordsFilter } from '../../services/contract/records.ts';
import { recordsCsvPath } from '../../services/contract/values.ts';
import { requestGateway } from '../../services/gateway.ts';
import type { Outcome } from '../../services/contract/outcome.ts';
import { signalSessionExpired } from '../../services/session-signal.ts';
import { storage } from '../lib/storage.ts';
import { saveFile } from '../lib/saveFile.ts';
import { pagedListFlow } from './pagedList.ts';

export const RECORDS_PAGE_SIZE = 20;

/** The call's filter from the chart's: a shortcut or from/to, and the owner's store, clerk or binding. */
export function recordsFilterOf({ filter, scope }: Pick<RecordsQuery, 'filter' | 'scope'>): RecordsFilter {
  return {
    ...(filter.kind === 'shortcut' ? { shortcut: filter.code } : { from: filter.from, to: filter.to }),
    ...(scope.storeId ? { storeId: scope.storeId } : {}),
    ...(scope.clerkId ? { clerkId: scope.clerkId } : {}),
    ...(scope.bindingId ? { bindingId: scope.bindingId } : {}),
  };
}

export const loadRecordsPage = (query: RecordsQuery): Promise<Outcome<RecordsPage>> =>
  requestGateway('merchant/records/query', { ...recordsFilterOf(query), ...(query.cursor ? { cursor: query.cursor } : {}), pageSize: RECORDS_PAGE_SIZE }, { quiet: true });

const refused = (code: string): Outcome<never> => ({ ok: false, code, message: code, detail: '' });

/**
 * The owner's CSV (GET /merchant/records.csv), fetched with the member's session token in a
 * header — never in a URL a link could carry — and handed to the browser's downloads. A lost
 * session is the session chart's, as for any call; a refusal answers its code.
 */
export async function fetchRecordsCsv(query: RecordsQuery, language: string, base = ''): Promise<Outcome<{ saved: true }>> {
  const path = recordsCsvPath(recordsFilterOf(query));
  let response: Response;
  try {
    response = await fetch(`${base}${path}${path.includes('?') ? '&' : '?'}language=${encodeURIComponent(language)}`, {
      headers: { [LEGACY_HEADERS.loginToken]: storage.getUserInfo()?.h5Token ?? '' },
      credentials: 'omit',
      cache: 'no-store',
    });
  } catch {
    // no answer at all: the chart's onError, as for a call that got none
    throw new Error('records export: no answer');
  }
  if (response.status === 401) {
    signalSessionExpired();
    return refused(CODES.sessionLost);
  }
  if (!response.ok) {
    const answer = (await response.json().catch(() => null)) as { code?: string } | null;
    return refused(answer?.code ?? CODES.internal);
  }
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'kwanza-wallet-records.csv';
  saveFile(new Blob([await response.arrayBuffer()], { type: 'text/csv;charset=utf-8' }), name);
  return { ok: true, data: { saved: true } };
}

export const recordsActors = (language: string) => ({
  pagedList: pagedListFlow((query: RecordsFilterQuery, cursor) => loadRecordsPage({ ...query, cursor })),
  exportCsv: fromPromise<Outcome<{ saved: true }>, RecordsQuery>(({ input }) => fetchRecordsCsv(input, language)),
  // the custom range makes no call
  dateRange: dateRangeMachine,
}) satisfies ActorsOf<typeof recordsMachine>;

export const recordsFlow = (language: string) => recordsMachine.provide({ actors: recordsActors(language) });
