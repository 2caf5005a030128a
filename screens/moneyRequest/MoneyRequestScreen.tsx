import { useTranslation } from 'react-i18next';
import { moneyRequestFlow } from '../../src/flows/moneyRequest.ts';
import { FlowPage } from '../common/FlowPage.tsx';
import { languageOf } from '../common/format.ts';
import { AskView } from './AskView.tsx';
import '../common/wallet.css';

/** `/app/moneyRequest`: ask another member for money. */
export default function MoneyRequestScreen() {
  const { i18n } = useTranslation();
  return <FlowPage flow={moneyRequestFlow} input={{ language: languageOf(i18n.language) }} title="titles.moneyRequest" view={AskView} />;
}
