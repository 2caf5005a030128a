import { fundDetailMachine, type FundPage } from '../../machines/fundDetail.machine.ts';
import { dateRangeMachine, type PeriodFilter } from '../../machines/dateRange.machine.ts';
import type { ActorsOf } from '../../machines/outcome.ts';
import { requestGateway } from '../../services/gateway.ts';
import type { Outcome } from '../../services/contract/outcome.ts';
import { documentFlow } from './document.ts';
import { pagedListFlow } from './pagedList.ts';

export const FUND_PAGE_SIZE = 20;

/** One page of the fund detail for a filter: a spec §9 shortcut or a from/to range. */
export const loadFundPage = ({ filter, cursor }: { filter: PeriodFilter; cursor: string | null }): Promise<Outcome<FundPage>> =>
  requestGateway(
    'wallet/fund/queryFundDetails',
    {
      ...(filter.kind === 'shortcut' ? { shortcut: filter.code } : { from: filter.from, to: filter.to }),
      ...(cursor ? { cursor } : {}),
      pageSize: FUND_PAGE_SIZE,
    },
    { quiet: true },
  );

/** The list child's one call, for the first page, the next ones and a refresh. */
export const fundDetailActors = {
  pagedList: pagedListFlow((filter: PeriodFilter, cursor) => loadFundPage({ filter, cursor })),
  // the custom range makes no call
  dateRange: dateRangeMachine,
} satisfies ActorsOf<typeof fundDetailMachine>;

export const fundDetailFlow = fundDetailMachine.provide({ actors: fundDetailActors });

/** One line of the fund detail, by id, through the document chart. */
export const fundLineFlow = documentFlow(({ key }) => requestGateway('wallet/fund/queryFundDetail', { id: key }, { quiet: true }));

/** One page of the merchant's settlement movements (merchant/analysis/fundDetails): the same page, another account. */
export const loadSettlementPage = ({ filter, cursor }: { filter: PeriodFilter; cursor: string | null }): Promise<Outcome<FundPage>> =>
  requestGateway(
    'merchant/analysis/fundDetails',
    {
      ...(filter.kind === 'shortcut' ? { shortcut: filter.code } : { from: filter.from, to: filter.to }),
      ...(cursor ? { cursor } : {}),
      pageSize: FUND_PAGE_SIZE,
    },
    { quiet: true },
  );

/** The merchant's fund detail: the wallet's fund-detail chart, fed the settlement's lines. */
export const settlementFundsFlow = fundDetailMachine.provide({
  actors: { pagedList: pagedListFlow((filter: PeriodFilter, cursor) => loadSettlementPage({ filter, cursor })) },
});
