import { useTranslation } from 'react-i18next';
import { codeTransferFlow } from '../../src/flows/codeTransfer.ts';
import { FlowPage } from '../common/FlowPage.tsx';
import { languageOf } from '../common/format.ts';
import { CodeTransferView } from './CodeTransferView.tsx';
import '../common/wallet.css';

/** `/app/sendbycode/$token`: paying a person's receive code read on the scan screen (the token from its EMVCo payload). */
export default function CodeTransferScreen({ token }: { token: string }) {
  const { i18n } = useTranslation();
  return <FlowPage flow={codeTransferFlow} input={{ language: languageOf(i18n.language), token }} title="titles.codeTransfer" view={CodeTransferView} />;
}
