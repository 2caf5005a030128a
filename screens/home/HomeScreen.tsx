import { List } from 'antd-mobile';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { LanguageMenu } from '../../src/ui/LanguageMenu.tsx';
import { useSelector } from '@xstate/react';
import { storage } from '../../src/lib/storage.ts';
import { useSessionActor } from '../../src/session/SessionProvider.tsx';

const FEATURES = ['signUp', 'verify', 'cards', 'move', 'merchants'] as const;

const HELP_LINKS = [
  { to: '/app/download', label: 'home.guide' },
  { to: '/app/helpdoc', label: 'home.helpCentre' },
  { to: '/app/usermanual', label: 'home.manual' },
  { to: '/app/principleinstru', label: 'home.principles' },
  { to: '/recharge/rule', label: 'home.rechargeRules' },
  { to: '/agreement/registrationAgreement', label: 'home.terms' },
  { to: '/agreement/privacyProtectionAgreement', label: 'home.privacy' },
  { to: '/agreement/accountLevel', label: 'home.accountLevels' },
  { to: '/agreement/chargeAgreement', label: 'home.charges' },
] as const;

/** The entry screen at `/`: what the wallet does, the language menu, and the help and terms. */
export default function HomeScreen() {
  const { t } = useTranslation();
  const session = useSessionActor();
  const signedIn = useSelector(session, (s) => s.matches('signedIn') || s.matches('loggingOut'));
  const loggingOut = useSelector(session, (s) => s.matches('loggingOut'));
  const user = signedIn ? storage.getUserInfo() : null;
  return (
    <div className="kw-home">
      <header className="kw-hero">
        <div className="kw-hero-top">
          <span className="kw-brand">{t('app.name')}</span>
          <LanguageMenu />
        </div>
        <h1>{user?.displayName ? t('home.signedInAs', { name: user.displayName }) : t('home.welcome')}</h1>
        <p>{t('app.tagline')}</p>
      </header>
      <div className="kw-home-actions">
        {signedIn ? (
          <>
          <Link to="/app/wallet" className="kw-button kw-button-primary kw-button-block kw-link-button kw-centered-text">{t('home.wallet')}</Link>
          <Link to="/app/setting" className="kw-button kw-button-block kw-link-button kw-centered-text">{t('settings.open')}</Link>
          <button type="button" className="kw-button kw-button-block" disabled={loggingOut} onClick={() => session.send({ type: 'session.logoutRequested' })}>
            {t('home.logout')}
          </button>
          </>
        ) : (
          <>
            <Link to="/app/login" className="kw-button kw-button-primary kw-button-block kw-link-button kw-centered-text">{t('home.signIn')}</Link>
            <Link to="/app/register" className="kw-button kw-button-block kw-link-button kw-centered-text">{t('home.createAccount')}</Link>
            <Link to="/app/enterpriseregister" className="kw-text-button kw-centered-text">{t('home.enterpriseSignUp')}</Link>
          </>
        )}
      </div>
      <section aria-labelledby="features-title" className="kw-section">
        <h2 id="features-title">{t('home.whatYouCanDo')}</h2>
        <ul className="kw-features">
          {FEATURES.map((feature) => (
            <li key={feature}>{t(`home.features.${feature}`)}</li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="help-title" className="kw-section">
        <h2 id="help-title">{t('home.helpAndTerms')}</h2>
        <List>
          {HELP_LINKS.map((link) => (
            <List.Item key={link.to} arrowIcon>
              <Link to={link.to} className="kw-list-link">
                {t(link.label)}
              </Link>
            </List.Item>
          ))}
        </List>
      </section>
    </div>
  );
}
