import { useTranslation } from 'react-i18next';
import { refundFlow } from '../../src/flows/refund.ts';
import { FlowPage } from '../common/FlowPage.tsx';
import { languageOf } from '../common/format.ts';
import { RefundView } from './RefundView.tsx';
import '../common/wallet.css';

/** `/app/records/$id`: one record, and (the merchant's owner only) its refund. */
export default function RefundScreen({ id }: { id: string }) {
  const { i18n } = useTranslation();
  return <FlowPage flow={refundFlow} input={{ recordId: id, language: languageOf(i18n.language) }} title="titles.record" view={RefundView} />;
}
