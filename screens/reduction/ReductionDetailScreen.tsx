import { useTranslation } from 'react-i18next';
import { reductionDetailFlow } from '../../src/flows/reduction.ts';
import { PageHeader } from '../../src/ui/PageHeader.tsx';
import { DocumentView } from '../common/DocumentView.tsx';
import { useDocument } from '../common/useDocument.ts';
import { ReductionDetailView, type Reduction } from './ReductionDetailView.tsx';
import '../common/wallet.css';

/** `/app/reductiondetail/$id`: one payment a discount or a coupon lowered (the document chart: loading, shown, not found, retry). */
export default function ReductionDetailScreen({ id }: { id: string }) {
  const { t } = useTranslation();
  const [state, send] = useDocument(id, reductionDetailFlow);
  return (
    <>
      <PageHeader title={t('titles.reductionDetail')} />
      {state.matches('ready') ? <ReductionDetailView reduction={state.context.document as Reduction} /> : <DocumentView state={state} send={send} />}
    </>
  );
}
