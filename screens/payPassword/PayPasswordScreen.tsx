import { useTranslation } from 'react-i18next';
import type { ResponseOf } from '../../services/contract/define.ts';
import type { settingMain } from '../../services/contract/settings.ts';
import { settingsFlow } from '../../src/flows/document.ts';
import { PageHeader } from '../../src/ui/PageHeader.tsx';
import { DocumentView } from '../common/DocumentView.tsx';
import { useDocument } from '../common/useDocument.ts';
import PayPasswordFlow from './PayPasswordFlow.tsx';

/** Whether a pay password exists decides where its chart starts; the settings answer says. */
export default function PayPasswordScreen() {
  const { t } = useTranslation();
  const [state, send] = useDocument('main', settingsFlow);
  if (!state.matches('ready')) {
    return (
      <>
        <PageHeader title={t('titles.payPassword')} />
        <DocumentView state={state} send={send} />
      </>
    );
  }
  return <PayPasswordFlow alreadySet={(state.context.document as ResponseOf<typeof settingMain>).payPasswordSet} />;
}
