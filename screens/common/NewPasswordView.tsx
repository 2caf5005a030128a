import { Button, Input } from 'antd-mobile';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { newPasswordMachine, NewPasswordEvent } from '../../machines/newPassword.machine.ts';
import { FieldError } from '../../src/ui/FieldError.tsx';
import { Notice } from '../../src/ui/Notice.tsx';
import { Field } from '../../src/ui/Field.tsx';

type State = SnapshotFrom<typeof newPasswordMachine>;
export type NewPasswordActor = ActorRefFrom<typeof newPasswordMachine>;

/** The flow's words: sign-up creates the account's password, recovery a new one. */
export interface NewPasswordWords {
  title: string;
  label: string;
  submit: string;
}

/**
 * The new-password form: the field with the rule, the refusal, and the button. The chart's view
 * draws it; so does the flow once the chart has ended (sign-up's "account created", on its way home).
 */
export function NewPasswordForm({ id, words, password, problem, busy, done, onChange, onSubmit }: {
  id: string;
  words: NewPasswordWords;
  password: string;
  problem?: 'weak' | 'unreachable';
  busy: boolean;
  /** Said once the password is saved, while the flow moves on. */
  done?: string;
  onChange?: (value: string) => void;
  onSubmit?: () => void;
}) {
  const { t } = useTranslation();
  return (
    <form className="kw-form" onSubmit={(e) => { e.preventDefault(); onSubmit?.(); }} noValidate>
      <h2 className="kw-step-title">{words.title}</h2>
      <Field id={id} label={words.label}>
        <Input id={id} type="password" value={password} onChange={onChange} autoComplete="new-password" maxLength={16} />
        <span className="kw-hint">{t('signUp.passwordRule')}</span>
      </Field>
      {problem === 'weak' && <FieldError>{t('errors.PWD10001')}</FieldError>}
      {problem === 'unreachable' && <FieldError>{t('network.gateway')}</FieldError>}
      {done && <Notice kind="success">{done}</Notice>}
      <Button block color="primary" size="large" type="submit" loading={busy} disabled={busy}>{words.submit}</Button>
    </form>
  );
}

/** The new-password chart on screen; a lapsed ticket says so, with the way to start the flow again. */
export function NewPasswordView({ state, send, id, words }: { state: State; send: (event: NewPasswordEvent) => void; id: string; words: NewPasswordWords }) {
  const { t } = useTranslation();
  if (state.matches('stepExpired') || state.matches('restarted')) {
    return (
      <div className="kw-form">
        <FieldError>{t('errors.REG10002')}</FieldError>
        <Button block color="primary" size="large" disabled={state.matches('restarted')} onClick={() => send({ type: 'flow.restarted' })}>{t('signUp.restart')}</Button>
      </div>
    );
  }
  return (
    <NewPasswordForm
      id={id}
      words={words}
      password={state.context.password}
      problem={(['weak', 'unreachable'] as const).find((p) => state.matches({ choosing: p }))}
      // a saved password, or a lapsed ticket, leaves this step as soon as the flow moves on
      busy={state.hasTag('busy') || state.status === 'done'}
      onChange={(value) => send({ type: 'password.changed', value })}
      onSubmit={() => send({ type: 'password.submitted' })}
    />
  );
}

/** The new-password child of a flow, drawn from its own actor. */
export function NewPasswordPanel({ actor, ...props }: { actor: NewPasswordActor; id: string; words: NewPasswordWords }) {
  const state = useSelector(actor, (snapshot) => snapshot);
  return <NewPasswordView state={state} send={(event) => actor.send(event)} {...props} />;
}
