import { useTranslation } from 'react-i18next';
import type { SnapshotFrom } from 'xstate';
import type { operatorSignInMachine, OperatorSignInEvent } from '../../machines/operatorSignIn.machine.ts';
import { FieldError } from '../../src/ui/FieldError.tsx';

type State = SnapshotFrom<typeof operatorSignInMachine>;
type Send = (event: OperatorSignInEvent) => void;

/** Renders the operator sign-in chart: the sign-in page, the hand-off being redeemed, or why it failed. */
export function OperatorSignInView({ state, send }: { state: State; send: Send }) {
  const { t } = useTranslation();
  const busy = state.hasTag('busy');
  const progress = state.matches('redeeming') || state.matches('checking') ? t('operatorSignIn.redeeming')
    : state.matches('signedIn') ? t('operatorSignIn.signedIn')
    : null;
  return (
    <div className="kw-platform kw-plt-signin">
      <section className="kw-plt-card kw-plt-signin-card" aria-labelledby="platform-sign-in-title">
        <p className="kw-plt-brand">{t('platform.brand')}</p>
        <h1 id="platform-sign-in-title">{t('operatorSignIn.title')}</h1>
        {progress ? (
          <p role="status" className="kw-plt-status">{progress}</p>
        ) : (
          <>
            <p className="kw-muted-text">{t('operatorSignIn.explain')}</p>
            {state.matches('refused') && <FieldError>{t(`errors.${state.context.errorCode ?? 'PLT10006'}`)}</FieldError>}
            {state.matches('unreachable') && (
              <>
                <FieldError>{t('operatorSignIn.unreachable')}</FieldError>
                <button type="button" className="kw-button kw-button-block" onClick={() => send({ type: 'signIn.retry' })}>{t('common.retry')}</button>
              </>
            )}
            <button
              type="button"
              className="kw-button kw-button-primary kw-button-block"
              disabled={!state.can({ type: 'signIn.requested' })}
              aria-busy={busy}
              onClick={() => send({ type: 'signIn.requested' })}
            >
              {state.matches('leaving') ? t('operatorSignIn.leaving') : t('operatorSignIn.button')}
            </button>
          </>
        )}
      </section>
    </div>
  );
}
