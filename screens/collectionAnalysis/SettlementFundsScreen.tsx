import { useMachine } from '@xstate/react';
import { waitFor } from 'xstate';
import { useTranslation } from 'react-i18next';
import { useNavigate } from '@tanstack/react-router';
import { LONGEST_RANGE_DAYS } from '../../services/contract/dateRanges.ts';
import { settlementFundsFlow } from '../../src/flows/fundDetail.ts';
import { PageHeader } from '../../src/ui/PageHeader.tsx';
import { FundDetailView } from '../common/FundDetailView.tsx';
import '../common/wallet.css';

/** Today as a Luanda day (UTC+1 all year), the server's days. */
const luandaToday = () => new Date(Date.now() + 3_600_000).toISOString().slice(0, 10);

/**
 * `/app/collectionanalysis/funds`: the merchant's fund detail — its settlement's movements — with
 * the wallet's fund-detail chart and view (date filter, pages, pull to refresh); a line opens in
 * the wallet's line detail, which reads any of the member's entries.
 */
export default function SettlementFundsScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [state, send, actor] = useMachine(settlementFundsFlow, { input: { today: luandaToday(), maxDays: LONGEST_RANGE_DAYS } });
  const onPull = () => {
    send({ type: 'list.refreshed' });
    return waitFor(actor, (snapshot) => !snapshot.hasTag('refreshing'));
  };
  return (
    <>
      <PageHeader title={t('titles.settlementFunds')} />
      <FundDetailView state={state} send={send} onPull={onPull} onOpen={(id) => void navigate({ to: '/app/funddetail/$id', params: { id } })} />
    </>
  );
}
