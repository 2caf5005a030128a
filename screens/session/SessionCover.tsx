import { useTranslation } from 'react-i18next';
import type { SnapshotFrom } from 'xstate';
import type { sessionMachine, SessionEvent } from '../../machines/session.machine.ts';

/**
 * What a person sees while a lost session is handled: the screen is covered so nothing is typed
 * into a page that can no longer save it; at the end, a way out when nobody embeds the page.
 */
export function SessionCover({ state, send }: { state: SnapshotFrom<typeof sessionMachine>; send: (event: SessionEvent) => void }) {
  const { t } = useTranslation();
  if (!state.matches('expired')) return null;
  const ended = state.matches({ expired: 'tokenLost' });
  return (
    <div className="kw-session-cover" role="alertdialog" aria-modal="true" aria-labelledby="session-cover-title">
      <div className="kw-session-card">
        <h2 id="session-cover-title">{t('session.expiredTitle')}</h2>
        {ended ? (
          <>
            <p>{t('session.signInAgain')}</p>
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
