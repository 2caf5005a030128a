import { useState } from 'react';
import { Link, Outlet } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { endOperatorSession, loadOperator } from '../../services/flows/operatorSignIn.ts';
import { forgetOperatorToken, PLATFORM_SIGN_IN } from '../../src/lib/operatorSession.ts';
import { usePlatformLoad } from './usePlatformLoad.ts';
import './platform.css';

/** The frame of every signed-in platform page: navigation, who is signed in, and signing out. */
export default function PlatformShell() {
  const { t } = useTranslation();
  const whoami = usePlatformLoad(loadOperator);
  const [signingOut, setSigningOut] = useState(false);
  const signOut = async () => {
    setSigningOut(true);
    try {
      await endOperatorSession();
    } catch {
      // no answer: this device forgets the token all the same (as the member's log-out does)
    }
    forgetOperatorToken();
    // a full load: nothing of the operator's pages stays in memory
    window.location.assign(PLATFORM_SIGN_IN);
  };
  const links = [
    { to: '/plateform/verifications', label: t('platform.nav.verifications') },
    { to: '/plateform/rebinding', label: t('platform.nav.rebinding') },
    { to: '/plateform/members', label: t('platform.nav.members') },
    { to: '/plateform/stickers', label: t('stickers.nav') },
    { to: '/plateform/audit', label: t('platform.nav.audit') },
  ] as const;
  return (
    <div className="kw-platform">
      <header className="kw-plt-top">
        <span className="kw-plt-brand">{t('platform.brand')}</span>
        <nav className="kw-plt-nav" aria-label={t('platform.nav.label')}>
          <ul>
            {links.map((link) => (
              <li key={link.to}>
                <Link to={link.to}>{link.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="kw-plt-operator">
          <span className="kw-plt-meta">{whoami.data ? t('platform.shell.signedInAs', { name: whoami.data.operator.name }) : '\u00a0'}</span>
          <button type="button" className="kw-button" disabled={signingOut} aria-busy={signingOut} onClick={() => void signOut()}>
            {signingOut ? t('platform.shell.signingOut') : t('platform.shell.signOut')}
          </button>
        </div>
      </header>
      <div className="kw-plt-main">
        <Outlet />
      </div>
    </div>
  );
}
