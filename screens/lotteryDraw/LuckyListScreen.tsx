import { useTranslation } from 'react-i18next';
import { luckyListFlow } from '../../src/flows/lotteryDraw.ts';
import { PageHeader } from '../../src/ui/PageHeader.tsx';
import { DocumentView } from '../common/DocumentView.tsx';
import { useDocument } from '../common/useDocument.ts';
import { LuckyListView, type LuckyList } from './LuckyListView.tsx';
import '../common/wallet.css';
import '../common/lottery.css';

/** `/app/luckyList?activityId=`: an activity's last 20 winners and the member's own winning records (the document chart). */
export default function LuckyListScreen({ activityId }: { activityId?: string | number }) {
  const { t } = useTranslation();
  const [state, send] = useDocument(activityId === undefined ? '' : String(activityId), luckyListFlow);
  return (
    <>
      <PageHeader title={t('titles.luckyList')} />
      {state.matches('ready') ? <LuckyListView list={state.context.document as LuckyList} /> : <DocumentView state={state} send={send} />}
    </>
  );
}
