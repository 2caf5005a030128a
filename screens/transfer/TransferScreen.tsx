import { useMachine } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { transferFlow } from '../../src/flows/transfer.ts';
import { PageHeader } from '../../src/ui/PageHeader.tsx';
import { languageOf } from '../common/format.ts';
import { TransferView } from './TransferView.tsx';
import '../common/wallet.css';

/** `/app/transfer`: send money to another member by mobile number. */
export default function TransferScreen() {
  const { t, i18n } = useTranslation();
  const [state, send] = useMachine(transferFlow, { input: { language: languageOf(i18n.language) } });
  return (
    <>
      <PageHeader title={t('titles.transfer')} />
      <TransferView state={state} send={send} />
    </>
  );
}
