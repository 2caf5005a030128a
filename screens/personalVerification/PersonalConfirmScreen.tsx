import { useTranslation } from 'react-i18next';
import type { ResponseOf } from '../../services/contract/define.ts';
import type { settingMain } from '../../services/contract/settings.ts';
import { settingsFlow } from '../../src/flows/document.ts';
import { PageHeader } from '../../src/ui/PageHeader.tsx';
import { LinkButton } from '../../src/ui/LinkButton.tsx';
import { DocumentView } from '../common/DocumentView.tsx';
import { useDocument } from '../common/useDocument.ts';

/** `/app/personalconfirm`: where the member's verification stands, with the next step. */
export default function PersonalConfirmScreen() {
  const { t } = useTranslation();
  const [state, send] = useDocument('main', settingsFlow);
  const settings = state.matches('ready') ? (state.context.document as ResponseOf<typeof settingMain>) : null;
  return (
    <>
      <PageHeader title={t('titles.personalVerification')} />
      {!settings ? (
        <DocumentView state={state} send={send} />
      ) : (
        <div className="kw-form">
          <p role="status" className={settings.verificationStatus === 'verified' ? 'kw-success-text' : 'kw-muted-text'}>
            {t(`personalVerification.status.${settings.verificationStatus}`)}
          </p>
          <p className="kw-muted-text">{t('personalVerification.level', { level: settings.accountLevel })}</p>
          {settings.verificationStatus !== 'verified' && (
            <LinkButton href="/app/personalcert" primary>{t('personalVerification.start')}</LinkButton>
          )}
        </div>
      )}
    </>
  );
}
