import dayjs from 'dayjs';
import { useMemo } from 'react';
import { useMachine } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from '@tanstack/react-router';
import { recordsFlow } from '../../src/flows/records.ts';
import { DATE_FORMAT } from '../../src/lib/dates.ts';
import { ListPage } from '../common/FlowPage.tsx';
import { PaymentAlerts } from '../common/PaymentAlerts.tsx';
import { RecordsView } from './RecordsView.tsx';
import '../common/wallet.css';

/**
 * `/app/records`: a merchant's transaction records (the owner's, or a clerk's as permitted). A
 * record opens at `/app/records/$id`, a child route: the list and its chart stay mounted (hidden)
 * behind it, so Back returns to the same pages and place.
 */
export default function RecordsScreen() {
  const { i18n } = useTranslation();
  const navigate = useNavigate();
  const flow = useMemo(() => recordsFlow(i18n.language), [i18n.language]);
  const [state, send] = useMachine(flow, { input: { today: dayjs().format(DATE_FORMAT) } });
  return (
    <ListPage title="titles.records">
      <RecordsView state={state} send={send} pull alerts={<PaymentAlerts />} onOpen={(id) => void navigate({ to: '/app/records/$id', params: { id } })} />
    </ListPage>
  );
}
