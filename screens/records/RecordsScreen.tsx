import { PaymentAlerts } from '../common/PaymentAlerts.tsx';
import dayjs from 'dayjs';
import { useMemo } from 'react';
import { useMachine } from '@xstate/react';
import { waitFor } from 'xstate';
import { useTranslation } from 'react-i18next';
import { Outlet, useChildMatches, useNavigate } from '@tanstack/react-router';
import { recordsFlow } from '../../src/flows/records.ts';
import { DATE_FORMAT } from '../../src/lib/dates.ts';
import { PageHeader } from '../../src/ui/PageHeader.tsx';
import { RecordsView } from './RecordsView.tsx';
import '../common/wallet.css';

/**
 * `/app/records`: a merchant's transaction records (the owner's, or a clerk's as permitted). A
 * record opens at `/app/records/$id`, a child route: the list and its chart stay mounted (hidden)
 * behind it, so Back returns to the same pages and place.
 */
export default function RecordsScreen() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const recordOpen = useChildMatches({ select: (matches) => matches.length > 0 });
  const flow = useMemo(() => recordsFlow(i18n.language), [i18n.language]);
  const [state, send, actor] = useMachine(flow, { input: { today: dayjs().format(DATE_FORMAT) } });
  const onPull = () => {
    send({ type: 'list.refreshed' });
    return waitFor(actor, (snapshot) => !snapshot.hasTag('refreshing'));
  };
  return (
    <>
      <div hidden={recordOpen}>
        <PageHeader title={t('titles.records')} />
        <RecordsView state={state} send={send} onPull={onPull} alerts={<PaymentAlerts />} onOpen={(id) => void navigate({ to: '/app/records/$id', params: { id } })} />
      </div>
      <Outlet />
    </>
  );
}
