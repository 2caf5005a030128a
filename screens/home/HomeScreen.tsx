import { List } from 'antd-mobile';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { LanguageMenu } from '../../src/ui/LanguageMenu.tsx';
import { storage } from '../../src/lib/storage.ts';

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
  const user = storage.getUserInfo();
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
