import { useTranslation } from 'react-i18next';
import { cashbackAnnouncementFlow } from '../../src/flows/cashback.ts';
import { PageHeader } from '../../src/ui/PageHeader.tsx';
import { DocumentView } from '../common/DocumentView.tsx';
import { useDocument } from '../common/useDocument.ts';
import { CashbackAnnouncementView, type CashbackAnnouncement } from './CashbackAnnouncementView.tsx';
import '../common/wallet.css';

/** `/app/cashbackanouncement` (sic, spec §2): how cashback works and the platform's campaigns now (the document chart). */
export default function CashbackAnnouncementScreen() {
  const { t } = useTranslation();
  const [state, send] = useDocument('announcement', cashbackAnnouncementFlow);
  return (
    <>
      <PageHeader title={t('titles.cashbackAnnouncement')} />
      {state.matches('ready') ? <CashbackAnnouncementView announcement={state.context.document as CashbackAnnouncement} /> : <DocumentView state={state} send={send} />}
    </>
  );
}
