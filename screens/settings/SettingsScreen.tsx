import { List } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { ResponseOf } from '../../services/contract/define.ts';
import type { settingMain } from '../../services/contract/settings.ts';
import { settingsFlow } from '../../src/flows/document.ts';
import { useSelector } from '@xstate/react';
import { PageHeader } from '../../src/ui/PageHeader.tsx';
import { LanguageMenu } from '../../src/ui/LanguageMenu.tsx';
import { formatMobile } from '../../src/lib/phone.ts';
import { useSessionActor } from '../../src/session/SessionProvider.tsx';
import { DocumentView } from '../common/DocumentView.tsx';
import { useDocument } from '../common/useDocument.ts';

type Settings = ResponseOf<typeof settingMain>;
/** `/app/setting`: the signed-in member's account, security and language. */
export default function SettingsScreen() {
  const { t } = useTranslation();
  const [state, send] = useDocument('main', settingsFlow);
  const session = useSessionActor();
  const loggingOut = useSelector(session, (s) => s.matches('loggingOut'));
  const settings = state.matches('ready') ? (state.context.document as Settings) : null;
  return (
    <>
      <PageHeader title={t('titles.settings')} />
      {!settings ? (
        <DocumentView state={state} send={send} />
      ) : (
        <div className="kw-settings">
          <section className="kw-section" aria-labelledby="account-title">
            <h2 id="account-title">{t('settings.account')}</h2>
            <List>
              {/* the name the member gave (a person's verified name, a company's trade name); none yet: no row, never the number as a "name" */}
              {settings.profile.displayName && (
                <List.Item extra={settings.profile.displayName}>{settings.profile.memberType === 'enterprise' ? t('settings.companyName') : t('settings.name')}</List.Item>
              )}
              {settings.profile.mobile && <List.Item extra={formatMobile(settings.profile.mobile, 'international')}>{t('signUp.mobileLabel')}</List.Item>}
              {settings.profile.email && <List.Item extra={settings.profile.email}>{t('signUp.emailLabel')}</List.Item>}
              {settings.profile.memberType === 'individual' && (
                <List.Item arrowIcon extra={t(`personalVerification.status.${settings.verificationStatus}`)}>
                  <a className="kw-list-link" href={settings.verificationStatus === 'verified' ? '/app/personalconfirm' : '/app/personalcert'}>{t('personalVerification.open')}</a>
                </List.Item>
              )}
              {settings.profile.memberType === 'enterprise' && (
                <List.Item arrowIcon extra={t(`enterpriseVerification.status.${settings.verificationStatus}`)}>
                  <a className="kw-list-link" href={settings.verificationStatus === 'unverified' ? '/app/enterprisecert' : '/app/result'}>{t('enterpriseVerification.open')}</a>
                </List.Item>
              )}
            </List>
          </section>
          <section className="kw-section" aria-labelledby="security-title">
            <h2 id="security-title">{t('settings.security')}</h2>
            <List>
              <List.Item arrowIcon extra={settings.payLockedMinutes ? t('settings.payLocked', { minutes: settings.payLockedMinutes }) : settings.payPasswordSet ? t('settings.set') : t('settings.notSet')}>
                <a className="kw-list-link" href="/app/paypassword">{t('settings.payPassword')}</a>
              </List.Item>
              <List.Item arrowIcon>
                <a className="kw-list-link" href="/app/nopwd">{t('titles.passwordFree')}</a>
              </List.Item>
              <List.Item arrowIcon>
                <a className="kw-list-link" href="/app/loginpassword" data-track="settings.loginPassword">{t('settings.changeLoginPassword')}</a>
              </List.Item>
              {settings.profile.memberType === 'individual' && (
                <List.Item arrowIcon>
                  <a className="kw-list-link" href="/app/changemobile">{t('changeMobile.open')}</a>
                </List.Item>
              )}
            </List>
          </section>
          <section className="kw-section kw-settings-language" aria-labelledby="language-title">
            <h2 id="language-title">{t('common.language')}</h2>
            <div className="kw-language-on-light"><LanguageMenu /></div>
          </section>
          <div className="kw-home-actions">
            <button type="button" className="kw-button kw-button-block" disabled={loggingOut} onClick={() => session.send({ type: 'session.logoutRequested' })}>
              {t('home.logout')}
            </button>
          </div>
        </div>
      )}
    </>
  );
}
