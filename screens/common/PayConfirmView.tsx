import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { payConfirmMachine, PayConfirmEvent } from '../../machines/payConfirm.machine.ts';
import { FieldError } from '../../src/ui/FieldError.tsx';
import { Notice } from '../../src/ui/Notice.tsx';
import { WayOn } from '../../src/ui/WayOn.tsx';
import { SecureKeypad } from './SecureKeypad.tsx';

type State = SnapshotFrom<typeof payConfirmMachine>;
type Send = (event: PayConfirmEvent) => void;

/** The pay confirmation: the pay password once on the secure keypad, a fresh keypad after a wrong entry. */
export function PayConfirmView({ state, send }: { state: State; send: Send }) {
  const { t } = useTranslation();
  const { context } = state;
  const notice = context.notice === 'PAY10001'
    ? t('payConfirm.wrong', { tries: context.triesLeft ?? '' })
    : context.notice ? t(`errors.${context.notice}`) : null;

  if (state.matches('unavailable')) {
    return <WayOn problem={context.errorCode ? t(`errors.${context.errorCode}`) : t('network.gateway')} onPress={() => send({ type: 'keypad.retry' })} label={t('common.retry')} />;
  }
  if (state.matches('authorised') || state.matches('refused')) {
    return <Notice>{t('payConfirm.checking')}</Notice>;
  }
  return (
    <div className="kw-form">
      <h2 className="kw-step-title">{t('payConfirm.title')}</h2>
      {notice && <FieldError>{notice}</FieldError>}
      {(state.matches('checkingPayPassword') || state.matches('loadingKeypad')) && <Notice>{t('payConfirm.preparing')}</Notice>}
      {state.matches('checking') && <Notice>{t('payConfirm.checking')}</Notice>}
      {context.keypad && (
        <SecureKeypad
          mapArr={context.keypad.mapArr}
          filled={context.positions.length}
          onPosition={(position) => send({ type: 'digit.pressed', position })}
          onDelete={() => send({ type: 'digit.deleted' })}
          disabled={!state.matches('entering')}
        />
      )}
    </div>
  );
}

/** The confirmation child of a money flow, rendered from its own actor. */
export function PayConfirmPanel({ actor }: { actor: ActorRefFrom<typeof payConfirmMachine> }) {
  const state = useSelector(actor, (snapshot) => snapshot);
  return <PayConfirmView state={state} send={(event) => actor.send(event)} />;
}
