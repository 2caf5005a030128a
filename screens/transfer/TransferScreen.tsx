import { useTranslation } from 'react-i18next';
import { transferFlow } from '../../src/flows/transfer.ts';
import { FlowPage } from '../common/FlowPage.tsx';
import { languageOf } from '../common/format.ts';
import { TransferView } from './TransferView.tsx';
import '../common/wallet.css';

/** `/app/transfer`: send money to another member by mobile number. */
export default function TransferScreen() {
  const { i18n } = useTranslation();
  return <FlowPage flow={transferFlow} input={{ language: languageOf(i18n.language) }} title="titles.transfer" view={TransferView} />;
}
