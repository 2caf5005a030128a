import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMachine } from '@xstate/react';
import type { SnapshotFrom } from 'xstate';
import type { OpenInAppEvent, openInAppMachine } from '../../machines/openInApp.machine.ts';
import { openInAppFlow } from '../../src/flows/openInApp.ts';
import { appLink, isInAppBrowser } from '../../src/lib/inAppBrowser.ts';
import { storage } from '../../src/lib/storage.ts';

type Next = { path: string; label: string };

/** The ways on from a share page: the openInApp chart, told of the browser, the session and the page going to the background. */
export function OpenInApp({ next }: { next?: Next }) {
  const path = typeof window === 'undefined' ? '/' : window.location.pathname;
  const [state, send] = useMachine<typeof openInAppMachine>(openInAppFlow, { input: { path } });
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
  return <OpenInAppView state={state} send={send} next={next} signedIn={signedIn} />;
}

/** What the openInApp chart's state shows: the app (or the tip for an in-app browser), its download, and the web app. */
export function OpenInAppView({ state, send, next, signedIn }: { state: SnapshotFrom<typeof openInAppMachine>; send: (event: OpenInAppEvent) => void; next?: Next; signedIn: boolean }) {
  const { t } = useTranslation();
  const returnTo = next ? `?returnTo=${encodeURIComponent(next.path)}` : '';
  return (
    <section className="kw-share-ways" aria-labelledby="share-ways-title">
      <h2 id="share-ways-title" className="kw-share-ways-title">{t('share.open.title')}</h2>
      {state.matches('inAppBrowser') && <p className="kw-share-tip" role="note">{t('share.open.inApp')}</p>}
      {/* a link to the app's address: a tap before the app owns the page opens it at once, in the tap's own gesture (a
          custom scheme needs one); once it does, the chart opens it and tells when it could not */}
      <a
        className="kw-button kw-button-primary kw-button-block kw-link-button kw-centered-text"
        href={appLink(state.context.path)}
        aria-disabled={state.matches('opening') || undefined}
        onClick={(event) => {
          event.preventDefault();
          if (!state.matches('opening')) send({ type: 'app.open' });
        }}
      >
        {state.matches('opening') ? t('share.open.opening') : t('share.open.open')}
      </a>
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

