import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouter, type AnyRouter } from '@tanstack/react-router';
import { storage } from '../lib/storage.ts';
import { backOf, safeAppReturnTo } from '../../services/returnTo.ts';

/**
 * Whether one step back in history stays in the app: a page the router moved to in this document,
 * or a page loaded from another of the app's pages in this tab (a link's full load; the browser
 * keeps its referrer). A deep link, a page opened in a new tab or from another site has none.
 */
function hasInAppHistory(router: AnyRouter): boolean {
  if (router.history.canGoBack()) return true;
  if (typeof window === 'undefined' || window.history.length < 2) return false;
  try {
    return new URL(document.referrer).origin === window.location.origin;
  } catch {
    return false;
  }
}

/**
 * Back, as spec §2 says, and never out of the app: the stored back address when one is set (a page
 * of the app only), else one step back in history when that step is in the app, else the page's
 * parent in the route table (`backOf`: `/app/records/3` → `/app/records`, else `/`), in place of
 * this page so Back does not lead here again.
 */
export function goBack(router: AnyRouter) {
  const backUrl = safeAppReturnTo(storage.getBackUrl());
  storage.setBackUrl(null);
  if (backUrl) void router.navigate({ href: backUrl });
  else if (hasInAppHistory(router)) router.history.back();
  else void router.navigate({ href: backOf(router.state.location.pathname), replace: true });
}

/** `goBack` for this page's router: the header's back control and the flows that end by going back. */
export function useGoBack(): () => void {
  const router = useRouter();
  return useCallback(() => goBack(router), [router]);
}

/**
 * Page title bar. The back control appears only when the page shows a left element; it goes back
 * as `goBack` says.
 */
export function PageHeader({ title, showBack = true, right }: { title: string; showBack?: boolean; right?: React.ReactNode }) {
  const { t } = useTranslation();
  return (
    <header className="kw-header">
      <div className="kw-header-side">{showBack && <BackButton label={t('common.back')} />}</div>
      <h1 className="kw-header-title">{title}</h1>
      <div className="kw-header-side kw-header-right">{right}</div>
    </header>
  );
}

function BackButton({ label }: { label: string }) {
  const back = useGoBack();
  return (
    <button type="button" className="kw-back" onClick={back}>
      <span aria-hidden="true">‹</span> {label}
    </button>
  );
}
