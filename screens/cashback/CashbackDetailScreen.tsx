import { useTranslation } from 'react-i18next';
import { cashbackDetailFlow } from '../../src/flows/cashback.ts';
import { PageHeader } from '../../src/ui/PageHeader.tsx';
import { DocumentView } from '../common/DocumentView.tsx';
import { useDocument } from '../common/useDocument.ts';
import { CashbackDetailView, type CashbackRecord } from './CashbackDetailView.tsx';
import '../common/wallet.css';

/** `/app/cashbackdetail/$id`: one cashback record (the document chart: loading, shown, not found, retry). */
export default function CashbackDetailScreen({ id }: { id: string }) {
  const { t } = useTranslation();
  const [state, send] = useDocument(id, cashbackDetailFlow);
  return (
    <>
      <PageHeader title={t('titles.cashbackDetail')} />
      {state.matches('ready') ? <CashbackDetailView record={state.context.document as CashbackRecord} /> : <DocumentView state={state} send={send} />}
    </>
  );
}
