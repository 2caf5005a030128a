import { useMemo } from 'react';
import dayjs from 'dayjs';
import { useMachine } from '@xstate/react';
import { fromPromise, waitFor } from 'xstate';
import { useTranslation } from 'react-i18next';
import { Outlet, useChildMatches, useNavigate } from '@tanstack/react-router';
import { fundDetailMachine, type FundFilter, type FundPage } from '../../machines/fundDetail.machine.ts';
import { requestGateway, type Outcome } from '../../services/gateway.ts';
import { DATE_FORMAT } from '../../src/lib/dates.ts';
import { PageHeader } from '../../src/ui/PageHeader.tsx';
import { FundDetailView } from './FundDetailView.tsx';
import '../common/wallet.css';

export const FUND_PAGE_SIZE = 20;

/** One page of the fund detail for a filter: a spec §9 shortcut or a from/to range. */
export const loadFundPage = ({ filter, cursor }: { filter: FundFilter; cursor: string | null }): Promise<Outcome<FundPage>> =>
  requestGateway(
    'wallet/fund/queryFundDetails',
    {
      ...(filter.kind === 'shortcut' ? { shortcut: filter.code } : { from: filter.from, to: filter.to }),
      ...(cursor ? { cursor } : {}),
      pageSize: FUND_PAGE_SIZE,
    },
    { quiet: true },
  );

/**
 * `/app/funddetail`: the list. A line opens at `/app/funddetail/$id`, a child route: the list and
 * its chart stay mounted (hidden) behind it, so Back returns to the same pages and place.
 */
export default function FundDetailScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const lineOpen = useChildMatches({ select: (matches) => matches.length > 0 });
  const machine = useMemo(() => fundDetailMachine.provide({ actors: { loadPage: fromPromise(({ input }) => loadFundPage(input)) } }), []);
  const [state, send, actor] = useMachine(machine, { input: { today: dayjs().format(DATE_FORMAT) } });
  const onPull = () => {
    send({ type: 'list.refreshed' });
    return waitFor(actor, (snapshot) => !snapshot.hasTag('refreshing'));
  };
  return (
    <>
      <div hidden={lineOpen}>
        <PageHeader title={t('titles.fundDetail')} />
        <FundDetailView state={state} send={send} onPull={onPull} onOpen={(id) => void navigate({ to: '/app/funddetail/$id', params: { id } })} />
      </div>
      <Outlet />
    </>
  );
}
