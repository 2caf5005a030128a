import { useMachine } from '@xstate/react';
import { fromPromise, waitFor } from 'xstate';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Assets } from '../../machines/transfer.machine.ts';
import { walletAssetsMachine } from '../../machines/walletAssets.machine.ts';
import { requestGateway, type Outcome } from '../../services/gateway.ts';
import { PageHeader } from '../../src/ui/PageHeader.tsx';
import { WalletAssetsView } from './WalletAssetsView.tsx';
import '../common/wallet.css';

/** `/app/wallet`: the member's money and the way to move it. */
export default function WalletAssetsScreen() {
  const { t } = useTranslation();
  const machine = useMemo(
    () => walletAssetsMachine.provide({ actors: { loadAssets: fromPromise<Outcome<Assets>>(() => requestGateway('wallet/member/getUserAssets', {}, { quiet: true })) } }),
    [],
  );
  const [state, send, actor] = useMachine(machine);
  const onPull = () => {
    send({ type: 'assets.refreshed' });
    return waitFor(actor, (snapshot) => !snapshot.hasTag('refreshing'));
  };
  return (
    <>
      <PageHeader title={t('titles.walletAssets')} />
      <WalletAssetsView state={state} send={send} onPull={onPull} />
    </>
  );
}
