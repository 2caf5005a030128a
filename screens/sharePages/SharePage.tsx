import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useMachine } from '@xstate/react';
import { useNavigate } from '@tanstack/react-router';
import { Button, DotLoading, ErrorBlock } from 'antd-mobile';
import type { SharedKind } from '../../services/routeTable.ts';
import { sharedKey } from '../../services/contract/sharePages.ts';
import { openInAppFlow, sharedFlow } from '../../src/flows/sharePages.ts';
import { isInAppBrowser } from '../../src/lib/inAppBrowser.ts';
import { storage } from '../../src/lib/storage.ts';
import { PageHeader } from '../../src/ui/PageHeader.tsx';
import { useDocument } from '../common/useDocument.ts';
import './share.css';

/**
 * A share page's frame (README "Share pages"): what the link names, read by the document chart (the
 * server's read when it rendered the page), `/s/error` when it cannot be offered now, and below it
 * the ways on — open in the app, download it, or go on here in the web app (`next`: signed in on
 * this browser, straight there; else sign up or log in, and back there after).
 */
export function SharePage<T>({ kind, ids, title, next, children }: {
  kind: SharedKind;
  ids: { id: string; storeId?: string };
  title: string;
  /** The web app's page that carries on (claim the coupon, buy the package), with its button's words; none for a store. */
  next?: (shared: T) => { path: string; label: string };
  children: (shared: T) => ReactNode;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [state, send] = useDocument(sharedKey(kind, ids), sharedFlow, undefined, { rendered: true });
  const unavailable = state.matches('unavailable');
  useEffect(() => {
    if (unavailable) void navigate({ to: '/s/error', replace: true });
  }, [unavailable, navigate]);
  const shared = state.matches('ready') ? (state.context.document as T) : null;
  return (
    <>
      <PageHeader title={title} showBack={false} />
      {shared ? (
        <div className="kw-share">
          {children(shared)}
          <OpenInApp next={next?.(shared)} />
        </div>
      ) : state.matches('failed') ? (
        <ErrorBlock status="disconnected" title={t('share.loadFailed')} description="">
          <Button color="primary" onClick={() => send({ type: 'document.retry' })}>{t('share.retry')}</Button>
        </ErrorBlock>
      ) : (
        <div className="kw-centered" role="status"><DotLoading /></div>
      )}
    </>
  );
}

/** The ways on from a share page: the app (or the tip for an in-app browser), its download, and the web app. */
function OpenInApp({ next }: { next?: { path: string; label: string } }) {
  const { t } = useTranslation();
  const path = typeof window === 'undefined' ? '/' : window.location.pathname;
  const [state, send] = useMachine(openInAppFlow, { input: { path } });
  // the user agent and the session are the browser's: known once the page runs, so the server's render and the first client render agree
  const [signedIn, setSignedIn] = useState(false);
  useEffect(() => {
    send({ type: 'browser.known', inAppBrowser: isInAppBrowser(navigator.userAgent) });
    const user = storage.getUserInfo();
    setSignedIn(!!(user?.h5Token || user?.token));
  }, [send]);
  useEffect(() => {
    if (!state.matches('opening')) return;
    const left = () => document.visibilityState === 'hidden' && send({ type: 'app.left' });
    document.addEventListener('visibilitychange', left);
    window.addEventListener('pagehide', left);
    return () => {
      document.removeEventListener('visibilitychange', left);
      window.removeEventListener('pagehide', left);
    };
  }, [state, send]);
  const returnTo = next ? `?returnTo=${encodeURIComponent(next.path)}` : '';
  return (
    <section className="kw-share-ways" aria-labelledby="share-ways-title">
      <h2 id="share-ways-title" className="kw-share-ways-title">{t('share.open.title')}</h2>
      {state.matches('inAppBrowser') && <p className="kw-share-tip" role="note">{t('share.open.inApp')}</p>}
      <button type="button" className="kw-button kw-button-primary kw-button-block" onClick={() => send({ type: 'app.open' })} disabled={state.matches('opening')}>
        {state.matches('opening') ? t('share.open.opening') : t('share.open.open')}
      </button>
      {state.matches('failed') && <p className="kw-share-failed" role="alert">{t('share.open.failed')}</p>}
      <a className={`kw-button kw-button-block kw-link-button kw-centered-text${state.matches('failed') ? ' kw-button-primary' : ''}`} href="/app/download">{t('share.open.download')}</a>
      {next && (
        <>
          <p className="kw-muted kw-share-web">{signedIn ? t('share.open.signedIn') : t('share.open.web')}</p>
          {/* signed in here: straight on; else sign up first and come back to it */}
          <a className="kw-button kw-button-primary kw-button-block kw-link-button kw-centered-text" href={signedIn ? next.path : `/app/register${returnTo}`}>{next.label}</a>
          {!signedIn && <a className="kw-text-button kw-centered-text" href={`/app/login${returnTo}`}>{t('share.open.logIn')}</a>}
        </>
      )}
    </section>
  );
}

/** The picture of a store or a package (its photo, else the app's own: /s/image/…), its size fixed so nothing moves when it arrives. */
export function SharedPicture({ src, alt }: { src: string; alt: string }) {
  return <img className="kw-share-picture" src={src} alt={alt} width={1200} height={630} />;
}
