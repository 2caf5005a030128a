import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from '@tanstack/react-router';
import { sharedKey, type SharedKind } from '../../services/routeTable.ts';
import { sharedFlow } from '../../src/flows/sharePages.ts';
import { OpenInApp } from '../common/OpenInApp.tsx';
import { useDocument } from '../common/useDocument.ts';
import './share.css';
import '../common/wallet.css';

/**
 * A share page's body under its header (README "Share pages"): what the link names, read by the document chart (the
 * server's read when it rendered the page), `/s/error` when it cannot be offered now, and below it
 * the ways on — open in the app, download it, or go on here in the web app (`next`: signed in on
 * this browser, straight there; else sign up or log in, and back there after).
 */
export function SharePage<T>({ kind, ids, next, children }: {
  kind: SharedKind;
  ids: { id: string; storeId?: string };
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
      {shared ? (
        <div className="kw-share">
          {children(shared)}
          <OpenInApp next={next?.(shared)} />
        </div>
      ) : state.matches('failed') ? (
        <div className="kw-share" role="alert">
          <p>{t('share.loadFailed')}</p>
          <button type="button" className="kw-button kw-button-primary kw-button-block" onClick={() => send({ type: 'document.retry' })}>{t('share.retry')}</button>
        </div>
      ) : (
        <div className="kw-centered" role="status">{t('common.loading')}</div>
      )}
    </>
  );
}

/** The picture of a store or a package (its photo, else the app's own: /s/image/…), its size fixed so nothing moves when it arrives. */
export function SharedPicture({ src, alt }: { src: string; alt: string }) {
  return <img className="kw-share-picture" src={src} alt={alt} width={1200} height={630} />;
}
