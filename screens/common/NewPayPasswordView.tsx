import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { newPayPasswordMachine, NewPayPasswordEvent } from '../../machines/newPayPassword.machine.ts';
import { FieldError } from '../../src/ui/FieldError.tsx';
import { Loading } from '../../src/ui/LoadFailed.tsx';
import { Notice } from '../../src/ui/Notice.tsx';
import { WayOn } from '../../src/ui/WayOn.tsx';
import { SecureKeypad } from './SecureKeypad.tsx';

type State = SnapshotFrom<typeof newPayPasswordMachine>;
type Send = (event: NewPayPasswordEvent) => void;

/**
 * Choosing the pay password (the newPayPassword child): the keypad twice, a weak password refused
 * at its first entry, entries that differ, the save. Shown by the pay-password page and inside a
 * payment whose pay password is not set yet (the `payPassword` dictionary section: every route
 * with a payment loads the `member` part).
 */
export function NewPayPasswordView({ state, send }: { state: State; send: Send }) {
  const { t } = useTranslation();
  const { context } = state;
  if (state.matches('loadingKeypad')) {
    return <Loading label={t('payPassword.preparing')} />;
  }
  if (state.matches('keypadUnavailable') || state.matches('rejected')) {
    const message = state.matches({ rejected: 'weak' })
      ? t('errors.PAY10004')
      : state.matches({ rejected: 'other' }) || (state.matches('keypadUnavailable') && context.errorCode)
        ? t(`errors.${context.errorCode ?? 'AGW50000'}`)
        : t('network.gateway');
    return <WayOn problem={message} onPress={() => send({ type: 'keypad.retry' })} label={t('payPassword.tryAgain')} />;
  }
  if (state.status === 'done') {
    return <Notice>{t('payPassword.saving')}</Notice>;
  }
  const second = state.matches({ entering: 'second' }) || state.matches('saving');
  return (
    <div className="kw-form">
      <h2 className="kw-step-title">{second ? t('payPassword.repeatTitle') : t('payPassword.chooseTitle')}</h2>
      <p className="kw-muted-text">{t('payPassword.explain')}</p>
      {state.matches({ entering: 'weak' }) && <FieldError>{t('errors.PAY10004')}</FieldError>}
      {state.matches({ entering: 'mismatch' }) && <FieldError>{t('payPassword.mismatch')}</FieldError>}
      {state.matches('saving') && <Notice>{t('payPassword.saving')}</Notice>}
      <SecureKeypad
        mapArr={context.keypad?.mapArr ?? []}
        filled={second ? context.second.length : context.first.length}
        onPosition={(position) => send({ type: 'digit.pressed', position })}
        onDelete={() => send({ type: 'digit.deleted' })}
        disabled={state.matches('saving')}
      />
    </div>
  );
}

/** The child, rendered from its own actor (the parent's `state.children.newPayPassword`). */
export function NewPayPasswordPanel({ actor }: { actor: ActorRefFrom<typeof newPayPasswordMachine> }) {
  const state = useSelector(actor, (snapshot) => snapshot);
  return <NewPayPasswordView state={state} send={(event) => actor.send(event)} />;
}
