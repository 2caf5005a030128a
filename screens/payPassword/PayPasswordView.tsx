import { Button, Input } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { payPasswordMachine, PayPasswordEvent } from '../../machines/payPassword.machine.ts';
import type { newPayPasswordMachine } from '../../machines/newPayPassword.machine.ts';
import { FieldError } from '../../src/ui/FieldError.tsx';
import { Loading } from '../../src/ui/LoadFailed.tsx';
import { WayOn } from '../../src/ui/WayOn.tsx';
import { Field } from '../../src/ui/Field.tsx';
import { CodeForm } from '../common/CodeForm.tsx';
import { NewPayPasswordPanel } from '../common/NewPayPasswordView.tsx';

type State = SnapshotFrom<typeof payPasswordMachine>;
type Send = (event: PayPasswordEvent) => void;

/** Renders the pay-password chart: reset by code when one exists, the keypad twice (the shared child's view), the result. */
export function PayPasswordView({ state, send }: { state: State; send: Send }) {
  const { t } = useTranslation();
  const { context } = state;

  if (state.matches('alreadySet') || state.matches('sendingResetCode') || state.matches('starting')) {
    return (
      <div className="kw-form">
        <h2 className="kw-step-title">{t('payPassword.alreadySetTitle')}</h2>
        <p className="kw-muted-text">{t('payPassword.resetExplain')}</p>
        {state.matches({ alreadySet: 'refused' }) && <FieldError>{t(`errors.${context.errorCode ?? 'AGW50000'}`)}</FieldError>}
        {state.matches({ alreadySet: 'unreachable' }) && <FieldError>{t('network.gateway')}</FieldError>}
        <Button block color="primary" size="large" loading={state.hasTag('busy')} disabled={state.hasTag('busy')} onClick={() => send({ type: 'reset.requested' })}>
          {t('payPassword.resetByCode')}
        </Button>
      </div>
    );
  }
  if (state.matches('enteringCard') || state.matches('sendingCardCode')) {
    const problem = (['incomplete', 'notMatching', 'refused', 'unreachable'] as const).find((s) => state.matches({ enteringCard: s }));
    const messages = {
      incomplete: t('payPassword.cardIncomplete'),
      notMatching: t('payPassword.cardNotMatching'),
      refused: t(`errors.${context.errorCode ?? 'AGW50000'}`),
      unreachable: t('network.gateway'),
    };
    return (
      <form className="kw-form" onSubmit={(e) => { e.preventDefault(); send({ type: 'card.submitted' }); }} noValidate>
        <h2 className="kw-step-title">{t('payPassword.cardTitle')}</h2>
        <p className="kw-muted-text">{t('payPassword.cardExplain')}</p>
        <Field id="pay-reset-card" label={t('payPassword.cardNo')}>
          <Input id="pay-reset-card" inputMode="numeric" autoComplete="cc-number" value={context.cardNo.replace(/(\d{4})(?=\d)/g, '$1 ')} onChange={(value) => send({ type: 'card.changed', value })} maxLength={23} />
        </Field>
        <Field id="pay-reset-mobile" label={t('payPassword.cardMobile')}>
          <Input id="pay-reset-mobile" inputMode="numeric" autoComplete="tel-national" value={context.cardMobile} onChange={(value) => send({ type: 'cardMobile.changed', value })} maxLength={9} />
        </Field>
        {problem && <FieldError>{messages[problem]}</FieldError>}
        <Button block color="primary" size="large" type="submit" loading={state.hasTag('busy')} disabled={state.hasTag('busy')}>{t('payPassword.cardSend')}</Button>
      </form>
    );
  }
  if (state.matches('enteringResetCode') || state.matches('verifyingResetCode')) {
    return (
      <CodeForm
        id="pay-reset-code"
        sentTo={context.sentTo}
        code={context.code}
        problem={(['wrongCode', 'expired', 'tooManyTries', 'unreachable'] as const).find((s) => state.matches({ enteringResetCode: s }))}
        triesLeft={context.triesLeft}
        errorCode={context.errorCode}
        busy={state.hasTag('busy')}
        canSubmit={state.can({ type: 'code.submitted' })}
        onCodeChange={(value) => send({ type: 'code.changed', value })}
        onSubmit={() => send({ type: 'code.submitted' })}
        onNewCode={() => send({ type: 'reset.requested' })}
      />
    );
  }
  if (state.matches('choosingFailed')) {
    return <WayOn problem={t('errors.AGW50000')} onPress={() => send({ type: 'choosing.retry' })} label={t('payPassword.tryAgain')} />;
  }
  if (state.matches('saved') || state.matches('done')) {
    return <WayOn notice={t('payPassword.saved')} success onPress={() => send({ type: 'flow.finished' })} disabled={state.matches('done')} label={t('common.done')} />;
  }
  // choosing: the new password, typed twice (the shared child)
  const child = state.children.newPayPassword as ActorRefFrom<typeof newPayPasswordMachine> | undefined;
  return child ? <NewPayPasswordPanel actor={child} /> : <Loading label={t('payPassword.preparing')} />;
}
