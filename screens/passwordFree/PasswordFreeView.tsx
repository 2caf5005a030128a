import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { AmountEntryPanel, type AmountEntryActor, type AmountEntryShown, type AmountProblem } from '../common/AmountEntryView.tsx';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { passwordFreeMachine, PasswordFreeEvent } from '../../machines/passwordFree.machine.ts';
import type { paymentMachine } from '../../machines/payment.machine.ts';
import { FieldError } from '../../src/ui/FieldError.tsx';
import { LoadFailedStep, Loading } from '../../src/ui/LoadFailed.tsx';
import { Notice } from '../../src/ui/Notice.tsx';
import { AmountField } from '../../src/ui/AmountField.tsx';
import { Summary } from '../../src/ui/Summary.tsx';
import { languageOf, money } from '../common/format.ts';
import { PaymentPanel, paymentWordsIn } from '../common/payment.tsx';

type State = SnapshotFrom<typeof passwordFreeMachine>;
type Send = (event: PasswordFreeEvent) => void;

export const PASSWORD_FREE_PAYMENT_WORDS = paymentWordsIn('passwordFree', { paying: 'passwordFree.saving', back: 'passwordFree.back' });

/** Renders the password-free chart: on (with its limit) or off, the limit within the cap, the pay password, switching off. */
export function PasswordFreeView({ state, send }: { state: State; send: Send }) {
  const { t, i18n } = useTranslation();
  const language = languageOf(i18n.language);
  const { context } = state;
  const setting = context.setting;
  const cap = money(setting?.cap ?? 0, language);
  const explain = (
    <p className="kw-muted-text">
      {t('passwordFree.explain')} <a href="/agreement/nopwd">{t('passwordFree.agreement')}</a>
    </p>
  );

  if (state.matches('loading')) return <Loading />;
  if (state.matches('loadFailed')) {
    return <LoadFailedStep errorCode={context.errorCode} fallback={t('passwordFree.loadFailed')} onRetry={() => send({ type: 'setting.retry' })} />;
  }
  if (state.matches('off')) {
    return (
      <div className="kw-form">
        <h2 className="kw-step-title">{t('passwordFree.offTitle')}</h2>
        {state.matches({ off: 'switchedOff' }) && <Notice kind="success">{t('passwordFree.switchedOff')}</Notice>}
        {explain}
        <p className="kw-hint">{t('passwordFree.capHint', { cap })}</p>
        <Button block color="primary" size="large" onClick={() => send({ type: 'limit.edit' })}>{t('passwordFree.switchOn')}</Button>
      </div>
    );
  }
  if (state.matches('on') || state.matches('switchingOff')) {
    const busy = state.matches('switchingOff');
    return (
      <div className="kw-form">
        <h2 className="kw-step-title">{t('passwordFree.onTitle')}</h2>
        {state.matches({ on: 'saved' }) && <Notice kind="success">{t('passwordFree.saved')}</Notice>}
        <Summary
          rows={[
            [t('passwordFree.limit'), money(setting?.limit ?? 0, language)],
          ]}
        />
        {explain}
        {state.matches({ on: 'switchOffFailed' }) && <FieldError>{context.errorCode ? t(`errors.${context.errorCode}`) : t('network.gateway')}</FieldError>}
        {busy && <Notice>{t('passwordFree.switchingOff')}</Notice>}
        <Button block size="large" disabled={busy} onClick={() => send({ type: 'limit.edit' })}>{t('passwordFree.changeLimit')}</Button>
        <Button block color="danger" fill="outline" size="large" loading={busy} disabled={busy} onClick={() => send({ type: 'passwordFree.disabled' })}>{t('passwordFree.switchOff')}</Button>
      </div>
    );
  }
  // the limit (the amount child's form): over the cap here, or the server's lowered cap (MCH10015)
  const limitForm = (entry: AmountEntryShown) => {
    const messages: Record<AmountProblem, string> = {
      unreadable: t('passwordFree.limitUnreadable'),
      notPositive: t('passwordFree.limitNotPositive'),
      belowMin: t('passwordFree.limitNotPositive'),
      overLimit: t('passwordFree.overCap', { cap }),
      refused: entry.refusal?.code ? t('passwordFree.overCap', { cap }) : t('network.gateway'),
    };
    return (
      <form className="kw-form" noValidate onSubmit={(e) => { e.preventDefault(); entry.submit(); }}>
        <h2 className="kw-step-title">{t('passwordFree.limitTitle')}</h2>
        <AmountField id="nopwd-limit" label={t('passwordFree.limitLabel')} value={entry.text} onChange={entry.change}>
          <span className="kw-hint">{t('passwordFree.capHint', { cap })}</span>
        </AmountField>
        {entry.problem && <FieldError>{messages[entry.problem]}</FieldError>}
        {explain}
        <Button block color="primary" size="large" type="submit">{t('passwordFree.confirm')}</Button>
        <Button block size="large" onClick={() => send({ type: 'edit.cancelled' })}>{t('passwordFree.cancel')}</Button>
      </form>
    );
  };
  if (state.matches('editing')) return <AmountEntryPanel actor={state.children.amountEntry as AmountEntryActor | undefined}>{limitForm}</AmountEntryPanel>;
  // confirming: the pay password for this setting
  const payment = state.children.payment as ActorRefFrom<typeof paymentMachine> | undefined;
  const summary = <p className="kw-wallet-summary">{t('passwordFree.summary', { limit: money(context.limit, language) })}</p>;
  return <PaymentPanel actor={payment} summary={summary} words={PASSWORD_FREE_PAYMENT_WORDS} onLeave={() => send({ type: 'payment.cancelled' })} />;
}
