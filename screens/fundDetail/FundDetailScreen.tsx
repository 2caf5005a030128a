import dayjs from 'dayjs';
import { useMachine } from '@xstate/react';
import { useNavigate } from '@tanstack/react-router';
import { fundDetailFlow } from '../../src/flows/fundDetail.ts';
import { DATE_FORMAT } from '../../src/lib/dates.ts';
import { ListPage } from '../common/FlowPage.tsx';
import { FundDetailView } from '../common/FundDetailView.tsx';
import '../common/wallet.css';

/**
 * `/app/funddetail`: the list. A line opens at `/app/funddetail/$id`, a child route: the list and
 * its chart stay mounted (hidden) behind it, so Back returns to the same pages and place.
 */
export default function FundDetailScreen() {
  const navigate = useNavigate();
  const [state, send] = useMachine(fundDetailFlow, { input: { today: dayjs().format(DATE_FORMAT) } });
  return (
    <ListPage title="titles.fundDetail">
      <FundDetailView state={state} send={send} pull onOpen={(id) => void navigate({ to: '/app/funddetail/$id', params: { id } })} />
    </ListPage>
  );
}
