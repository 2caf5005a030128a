import { useTranslation } from 'react-i18next';
import type { SnapshotFrom } from 'xstate';
import type { sessionMachine, SessionEvent } from '../../machines/session.machine.ts';

/**
 * What a person sees while the session chart sends them to sign in: the screen is covered, opaque,
 * so nothing of a signed-in page (a balance) stays readable and nothing is typed into a page that
 * can no longer save it; at the end, in the app shell without its authorize function, a way on to
 * the login page. Nothing covers the app's own login page.
 */
export function SessionCover({ state, send }: { state: SnapshotFrom<typeof sessionMachine>; send: (event: SessionEvent) => void }) {
  const { t } = useTranslation();
  if (!state.hasTag('covered')) return null;
  const expired = state.matches('expired');
  return (
    <div className="kw-session-cover" role="alertdialog" aria-modal="true" aria-labelledby="session-cover-title">
      <div className="kw-session-card">
        <h2 id="session-cover-title">{t(expired ? 'session.expiredTitle' : 'session.signInTitle')}</h2>
        {state.matches({ signingIn: 'tokenLost' }) ? (
          <>
            <p>{t('session.signInToContinue')}</p>
            <button type="button" className="kw-button kw-button-primary kw-button-block" onClick={() => send({ type: 'session.acknowledged' })}>
              {t('session.continue')}
            </button>
          </>
        ) : (
          <p>{state.matches({ expired: 'showingMessage' }) ? t('session.expiredMessage') : t('session.redirecting')}</p>
        )}
      </div>
    </div>
  );
}
