import { Button, Input } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { SnapshotFrom } from 'xstate';
import type { loginPasswordMachine, LoginPasswordEvent } from '../../machines/loginPassword.machine.ts';
import { FieldError } from '../../src/ui/FieldError.tsx';
import { Notice } from '../../src/ui/Notice.tsx';
import { Field } from '../../src/ui/Field.tsx';

type State = SnapshotFrom<typeof loginPasswordMachine>;

/** The change of login password: the current and the new one, then changed (or locked). */
export function LoginPasswordView({ state, send }: { state: State; send: (event: LoginPasswordEvent) => void }) {
  const { t } = useTranslation();
  const { context } = state;
  if (state.matches('changed') || state.matches('done')) {
    return (
      <div className="kw-form">
        <Notice kind="success">
          {t('loginPassword.changed')} {context.otherSessionsEnded > 0 && t('loginPassword.othersEnded', { count: context.otherSessionsEnded })}
        </Notice>
        <Button block color="primary" size="large" disabled={state.matches('done')} onClick={() => send({ type: 'flow.finished' })}>{t('loginPassword.back')}</Button>
      </div>
    );
  }
  if (state.matches('locked')) {
    return (
      <div className="kw-form">
        <FieldError>{t('loginPassword.locked', { minutes: context.detail ?? '15' })}</FieldError>
        <Button block size="large" disabled={state.matches('done')} onClick={() => send({ type: 'flow.finished' })}>{t('loginPassword.back')}</Button>
      </div>
    );
  }
  const problem = (['currentMissing', 'weak', 'same', 'wrongCurrent', 'refused', 'unreachable'] as const).find((p) => state.matches({ editing: p }));
  const messages = {
    currentMissing: t('loginPassword.currentMissing'),
    weak: t('errors.PWD10001'),
    same: t('errors.PWD10002'),
    wrongCurrent: t('loginPassword.wrongCurrent', { tries: context.detail ?? '' }),
    refused: t(`errors.${context.errorCode ?? 'AGW50000'}`),
    unreachable: t('network.gateway'),
  };
  const busy = state.hasTag('busy');
  return (
    <form className="kw-form" onSubmit={(e) => { e.preventDefault(); send({ type: 'password.submitted' }); }} noValidate>
      <Field id="login-password-current" label={t('loginPassword.current')}>
        <Input id="login-password-current" type="password" value={context.current} onChange={(value) => send({ type: 'current.changed', value })} autoComplete="current-password" maxLength={64} />
      </Field>
      <Field id="login-password-new" label={t('loginPassword.new')}>
        <Input id="login-password-new" type="password" value={context.password} onChange={(value) => send({ type: 'password.changed', value })} autoComplete="new-password" maxLength={16} />
        <span className="kw-hint">{t('signUp.passwordRule')}</span>
      </Field>
      {problem && <FieldError>{messages[problem]}</FieldError>}
      <p className="kw-muted-text">{t('loginPassword.note')}</p>
      <Button block color="primary" size="large" type="submit" loading={busy} disabled={busy} data-track="loginPassword.save">{t('loginPassword.save')}</Button>
    </form>
  );
}
