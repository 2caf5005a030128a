import { useState, type ReactNode } from 'react';
import { Link, Outlet } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { endOperatorSession, loadOperator } from '../../src/flows/operatorSignIn.ts';
import { forgetOperatorToken, PLATFORM_SIGN_IN } from '../../src/lib/operatorSession.ts';
import { usePlatformLoad } from './usePlatformLoad.ts';
import '../common/platform.css';

/** The frame of every signed-in platform page: navigation, who is signed in, and signing out. */
export default function PlatformShell() {
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
  return (
    <div className="kw-platform">
      <PlatformTop operatorName={whoami.data?.operator.name ?? null} signingOut={signingOut} onSignOut={() => void signOut()} link={(to, label) => <Link to={to}>{label}</Link>} />
      <div className="kw-plt-main">
        <Outlet />
      </div>
    </div>
  );
}

/**
 * The platform's top bar: its name, the sections, who is signed in and the way out. Drawn by the
 * shell, and by the flow book's pictures of the operators' pages (with plain links).
 */
export function PlatformTop({ operatorName, signingOut, onSignOut, link }: {
  operatorName: string | null;
  signingOut: boolean;
  onSignOut: () => void;
  link: (to: string, label: string) => ReactNode;
}) {
  const { t } = useTranslation();
  const links = [
    { to: '/plateform/verifications', label: t('platform.nav.verifications') },
    { to: '/plateform/rebinding', label: t('platform.nav.rebinding') },
    { to: '/plateform/members', label: t('platform.nav.members') },
    { to: '/plateform/stickers', label: t('stickers.nav') },
    { to: '/plateform/promotions', label: t('platformPromotions.nav') },
    { to: '/plateform/lottery', label: t('platformLottery.nav') },
    { to: '/plateform/audit', label: t('platform.nav.audit') },
  ] as const;
  return (
    <header className="kw-plt-top">
      <span className="kw-plt-brand">{t('platform.brand')}</span>
      <nav className="kw-plt-nav" aria-label={t('platform.nav.label')}>
        <ul>
          {links.map((item) => (
            <li key={item.to}>{link(item.to, item.label)}</li>
          ))}
        </ul>
      </nav>
      <div className="kw-plt-operator">
        <span className="kw-plt-meta">{operatorName ? t('platform.shell.signedInAs', { name: operatorName }) : '\u00a0'}</span>
        <button type="button" className="kw-button" disabled={signingOut} aria-busy={signingOut} onClick={onSignOut}>
          {signingOut ? t('platform.shell.signingOut') : t('platform.shell.signOut')}
        </button>
      </div>
    </header>
  );
}
