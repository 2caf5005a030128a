import { useEffect } from 'react';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { useTranslation } from 'react-i18next';
import { transferMachine, type Assets, type Payee, type TransferReceipt, type TransferRequest } from '../../machines/transfer.machine.ts';
import { requestGateway, type Outcome } from '../../services/gateway.ts';
import { storage } from '../../src/lib/storage.ts';
import { PageHeader } from '../../src/ui/PageHeader.tsx';
import { languageOf } from '../common/format.ts';
import { livePayConfirm } from '../../services/flows/payConfirm.ts';
import { TransferView } from './TransferView.tsx';
import '../common/wallet.css';

/**
 * The transfer call: the chart's requestNo goes in the envelope, so a retry after a lost answer
 * is the same request to the server (answered once, paid once).
 */
export const sendTransfer = ({ requestNo, ...bizContent }: TransferRequest): Promise<Outcome<TransferReceipt>> =>
  requestGateway('wallet/transfer/doTransfer', bizContent, { requestNo });

/** The transfer chart with the gateway's calls, the live pay confirmation and the keypad keys' cleanup. */
export const liveTransfer = transferMachine.provide({
  actors: {
    loadAssets: fromPromise<Outcome<Assets>>(() => requestGateway('wallet/member/getUserAssets', {}, { quiet: true })),
    queryPayee: fromPromise<Outcome<Payee>, { mobile: string }>(({ input }) => requestGateway('wallet/transfer/queryPayee', input)),
    payConfirm: livePayConfirm,
    doTransfer: fromPromise<Outcome<TransferReceipt>, TransferRequest>(({ input }) => sendTransfer(input)),
  },
  actions: { clearKeypadKeys: () => storage.clearKeypadKeys() },
});

/** `/app/transfer`: send money to another member by mobile number. */
export default function TransferScreen() {
  const { t, i18n } = useTranslation();
  const [state, send] = useMachine(liveTransfer, { input: { language: languageOf(i18n.language) } });
  useEffect(() => () => storage.clearKeypadKeys(), []); // leaving with the keypad shown
  return (
    <>
      <PageHeader title={t('titles.transfer')} />
      <TransferView state={state} send={send} />
    </>
  );
}
