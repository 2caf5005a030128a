import dayjs from 'dayjs';
import { useMachine } from '@xstate/react';
import { waitFor } from 'xstate';
import { useTranslation } from 'react-i18next';
import { Outlet, useChildMatches, useNavigate } from '@tanstack/react-router';
import { fundDetailFlow } from '../../src/flows/fundDetail.ts';
import { DATE_FORMAT } from '../../src/lib/dates.ts';
import { PageHeader } from '../../src/ui/PageHeader.tsx';
import { FundDetailView } from '../common/FundDetailView.tsx';
import '../common/wallet.css';

/**
 * `/app/funddetail`: the list. A line opens at `/app/funddetail/$id`, a child route: the list and
 * its chart stay mounted (hidden) behind it, so Back returns to the same pages and place.
 */
export default function FundDetailScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const lineOpen = useChildMatches({ select: (matches) => matches.length > 0 });
  const [state, send, actor] = useMachine(fundDetailFlow, { input: { today: dayjs().format(DATE_FORMAT) } });
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
