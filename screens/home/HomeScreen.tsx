import { lazy, Suspense } from 'react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { LanguageMenu } from '../../src/ui/LanguageMenu.tsx';
import { useSelector } from '@xstate/react';
import { loadLocaleParts } from '../../src/i18n.ts';
import { useSessionActor } from '../../src/session/SessionProvider.tsx';
import { ROUTES } from '../../services/routeTable.ts';

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

/** The signed-in hub, its own chunk with its texts (the route table's `lazyParts` of `/`): nothing of it reaches the first route. */
const Hub = lazy(() => Promise.all([import('./Hub.tsx'), loadLocaleParts(ROUTES.find((r) => r.path === '/')?.lazyParts ?? [])]).then(([hub]) => hub));

/**
 * The entry screen at `/`. Signed out: what the wallet does, the language menu, and the help and
 * terms. Signed in: the wallet's hub (screens/home/Hub.tsx), fetched when it is needed.
 */
export default function HomeScreen() {
  const session = useSessionActor();
  const signedIn = useSelector(session, (s) => s.hasTag('signedIn'));
  if (!signedIn) return <Welcome />;
  return (
    <Suspense fallback={<p className="kw-centered" aria-busy="true"><span className="kw-spinner kw-spinner-dark" /></p>}>
      <Hub />
    </Suspense>
  );
}

/** The signed-out entry: what the wallet does, the language menu, and the help and terms. */
function Welcome() {
  const { t } = useTranslation();
  return (
    <div className="kw-home">
      <header className="kw-hero">
        <div className="kw-hero-top">
          <span className="kw-brand">{t('app.name')}</span>
          <LanguageMenu />
        </div>
        <h1>{t('home.welcome')}</h1>
        <p>{t('app.tagline')}</p>
      </header>
      <div className="kw-home-actions">
        <Link to="/app/login" className="kw-button kw-button-primary kw-button-block kw-link-button kw-centered-text" data-track="home.signIn">{t('home.signIn')}</Link>
        <Link to="/app/register" className="kw-button kw-button-block kw-link-button kw-centered-text" data-track="home.createAccount">{t('home.createAccount')}</Link>
        <Link to="/app/enterpriseregister" className="kw-text-button kw-centered-text" data-track="home.enterpriseSignUp">{t('home.enterpriseSignUp')}</Link>
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
        {/* a plain list, not antd-mobile's List: the first route's JavaScript stays within its budget */}
        <ul className="kw-link-list">
          {HELP_LINKS.map((link) => (
            <li key={link.to}>
              <Link to={link.to} className="kw-list-link">
                {t(link.label)}
                <span aria-hidden="true" className="kw-link-arrow">›</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
