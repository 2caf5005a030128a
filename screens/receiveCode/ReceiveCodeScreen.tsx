import { useTranslation } from 'react-i18next';
import { receiveCodeFlow } from '../../src/flows/receiveCode.ts';
import { FlowPage } from '../common/FlowPage.tsx';
import { languageOf } from '../common/format.ts';
import { ReceiveCodeView } from './ReceiveCodeView.tsx';
import '../common/wallet.css';

/** `/app/receive`: the member's own code to be paid by (a person, not a company: spec §6), shown, saved as an image, printed. */
export default function ReceiveCodeScreen() {
  const { i18n } = useTranslation();
  return <FlowPage flow={receiveCodeFlow} input={{ language: languageOf(i18n.language) }} title="titles.receiveCode" view={ReceiveCodeView} />;
}
