import { fromPromise } from 'xstate';
import { collectionAnalysisMachine, type AnalysisAnswer, type AnalysisStore } from '../../machines/collectionAnalysis.machine.ts';
import { dateRangeMachine, type PeriodFilter } from '../../machines/dateRange.machine.ts';
import type { ActorsOf } from '../../machines/outcome.ts';
import { requestGateway } from '../../services/gateway.ts';
import type { Outcome } from '../../services/contract/outcome.ts';

/** The analysis for a filter and store, with the merchant's stores to pick from (both asked at once). */
export async function loadAnalysis({ filter, storeId }: { filter: PeriodFilter; storeId: string | null }): Promise<Outcome<AnalysisAnswer>> {
  const range = filter.kind === 'shortcut' ? { shortcut: filter.code } : { from: filter.from, to: filter.to };
  const [analysis, list] = await Promise.all([
    requestGateway('merchant/analysis/query', { ...range, ...(storeId ? { storeId } : {}) }, { quiet: true }),
    requestGateway('merchant/list/query', {}, { quiet: true }),
  ]);
  if (!analysis.ok) return analysis;
  const stores: AnalysisStore[] = list.ok
    ? [list.data.merchant, ...list.data.subMerchants].flatMap((merchant) => merchant.stores.map((s) => ({ storeId: s.storeId, name: s.name })))
    : [];
  return { ok: true, data: { analysis: analysis.data, stores } };
}

export const collectionAnalysisActors = {
  loadAnalysis: fromPromise<Outcome<AnalysisAnswer>, { filter: PeriodFilter; storeId: string | null }>(({ input }) => loadAnalysis(input)),
  // the custom range makes no call
  dateRange: dateRangeMachine,
} satisfies ActorsOf<typeof collectionAnalysisMachine>;

export const collectionAnalysisFlow = collectionAnalysisMachine.provide({ actors: collectionAnalysisActors });

