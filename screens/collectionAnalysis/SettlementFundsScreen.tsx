import { useMachine } from '@xstate/react';
import { useNavigate } from '@tanstack/react-router';
import { LONGEST_RANGE_DAYS } from '../../services/contract/dateRanges.ts';
import { settlementFundsFlow } from '../../src/flows/fundDetail.ts';
import { Page } from '../common/FlowPage.tsx';
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
  const navigate = useNavigate();
  const [state, send] = useMachine(settlementFundsFlow, { input: { today: luandaToday(), maxDays: LONGEST_RANGE_DAYS } });
  return (
    <Page title="titles.settlementFunds">
      <FundDetailView state={state} send={send} pull onOpen={(id) => void navigate({ to: '/app/funddetail/$id', params: { id } })} />
    </Page>
  );
}
