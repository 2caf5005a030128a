import { useMachine } from '@xstate/react';
import { waitFor } from 'xstate';
import { useTranslation } from 'react-i18next';
import { walletAssetsFlow } from '../../src/flows/walletAssets.ts';
import { PageHeader } from '../../src/ui/PageHeader.tsx';
import { WalletAssetsView } from './WalletAssetsView.tsx';
import '../common/wallet.css';

/** `/app/wallet`: the member's money and the way to move it. */
export default function WalletAssetsScreen() {
  const { t } = useTranslation();
  const [state, send, actor] = useMachine(walletAssetsFlow);
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
