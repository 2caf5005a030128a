import { useTranslation } from 'react-i18next';
import type { ResponseOf } from '../../services/contract/define.ts';
import type { queryFundDetail } from '../../services/contract/fundDetail.ts';
import { fundLineFlow } from '../../src/flows/fundDetail.ts';
import { PageHeader } from '../../src/ui/PageHeader.tsx';
import { DocumentView } from '../common/DocumentView.tsx';
import { useDocument } from '../common/useDocument.ts';
import { FundLineView } from './FundLineView.tsx';
import '../common/wallet.css';

/** `/app/funddetail/$id`: one line of the fund detail (the document chart: loading, shown, not found, retry). */
export default function FundLineScreen({ id }: { id: string }) {
  const { t } = useTranslation();
  const [state, send] = useDocument(id, fundLineFlow);
  return (
    <>
      <PageHeader title={t('titles.fundLine')} />
      {state.matches('ready') ? (
        <FundLineView line={state.context.document as ResponseOf<typeof queryFundDetail>} />
      ) : (
        <DocumentView state={state} send={send} />
      )}
    </>
  );
}
