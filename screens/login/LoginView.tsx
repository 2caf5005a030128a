import { Button, Input } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { SnapshotFrom } from 'xstate';
import type { loginMachine, LoginEvent } from '../../machines/login.machine.ts';
import { FieldError } from '../../src/ui/FieldError.tsx';
import { Loading } from '../../src/ui/LoadFailed.tsx';
import { Field } from '../../src/ui/Field.tsx';
import { MobileField } from '../common/MobileField.tsx';
import { renderCaptchaBox, type RenderCaptcha } from '../common/CaptchaBox.tsx';
import { CodeEntryPanel, useCodeStep, type CodeEntryActor } from '../common/CodeEntryView.tsx';
import { SendCodePanel, useSending } from '../common/SendCodeView.tsx';

type State = SnapshotFrom<typeof loginMachine>;

/** Renders the log-in chart: the password way or the SMS way, with the message of each refusal. */
export function LoginView({ state, send, renderCaptcha = renderCaptchaBox }: { state: State; send: (event: LoginEvent) => void; renderCaptcha?: RenderCaptcha }) {
  const { t } = useTranslation();
  const bySms = state.matches('bySms');
  if (state.matches('signedIn')) {
    return <Loading label={t('login.signedIn')} />;
  }
  return (
    <div className="kw-form">
      <div className="kw-tabs" role="group" aria-label={t('login.method')}>
        <button type="button" className="kw-tab" aria-pressed={!bySms} onClick={() => send({ type: 'method.password' })}>{t('login.byPassword')}</button>
        <button type="button" className="kw-tab" aria-pressed={bySms} onClick={() => send({ type: 'method.sms' })}>{t('login.bySms')}</button>
      </div>
      {bySms ? <SmsWay state={state} send={send} renderCaptcha={renderCaptcha} /> : <PasswordWay state={state} send={send} />}
      {state.matches({ byPassword: 'captchaNeeded' }) && renderCaptcha('login', (token) => send({ type: 'captcha.solved', token }))}
      <p className="kw-muted-text kw-centered-text">
        {t('login.noAccount')} <a href="/app/register">{t('login.signUp')}</a> · <a href="/app/enterpriseregister">{t('login.enterpriseSignUp')}</a>
      </p>
    </div>
  );
}

function PasswordWay({ state, send }: { state: State; send: (event: LoginEvent) => void }) {
  const { t } = useTranslation();
  const { context } = state;
  const problem = (['incomplete', 'wrongCredentials', 'locked', 'refused', 'unreachable'] as const).find((s) => state.matches({ byPassword: s }));
  const messages = {
    incomplete: t('login.incomplete'),
    // a login no account has gets no count from the server: the refusal without one
    wrongCredentials: context.triesLeft ? t('login.wrongCredentials', { tries: context.triesLeft }) : t('login.wrongCredentialsUncounted'),
    locked: t('login.locked', { minutes: context.waitDetail ?? '15' }),
    refused: t(`errors.${context.errorCode ?? 'AGW50000'}`),
    unreachable: t('network.gateway'),
  };
  const busy = state.hasTag('busy') || state.matches('signedIn');
  return (
    <form className="kw-form-fields" onSubmit={(e) => { e.preventDefault(); send({ type: 'password.submitted' }); }} noValidate>
      <Field id="login-id" label={t('login.loginLabel')}>
        <Input id="login-id" value={context.login} onChange={(value) => send({ type: 'login.changed', value })} autoComplete="username" placeholder="923 456 789" maxLength={254} />
      </Field>
      <Field id="login-password" label={t('login.passwordLabel')}>
        <Input id="login-password" type="password" value={context.password} onChange={(value) => send({ type: 'password.changed', value })} autoComplete="current-password" maxLength={64} />
      </Field>
      {problem && <FieldError>{messages[problem]}</FieldError>}
      {state.matches({ byPassword: 'locked' }) && <p className="kw-muted-text">{t('login.lockedHint')}</p>}
      <a className="kw-text-button" href="/app/findpassword">{t('login.forgotPassword')}</a>
      <Button block color="primary" size="large" type="submit" loading={busy} disabled={busy}>{t('login.submit')}</Button>
    </form>
  );
}

function SmsWay({ state, send, renderCaptcha }: { state: State; send: (event: LoginEvent) => void; renderCaptcha: RenderCaptcha }) {
  const { t } = useTranslation();
  const { context } = state;
  // the code entry child: the mobile's form alone until a code went, the code entry below it after
  const codeEntryActor = state.children.codeEntry as CodeEntryActor | undefined;
  const code = useCodeStep(codeEntryActor);
  const codeEntry = code.entering ? codeEntryActor : undefined;
  const sending = useSending(code.sendCode);
  const problem = (['incomplete', 'notRegistered'] as const).find((s) => state.matches({ bySms: { enteringMobile: s } }));
  const messages = {
    incomplete: t('login.incompleteMobile'),
    notRegistered: t('errors.ACC10001'),
  };
  const message = problem ? messages[problem] : code.unsent;
  return (
    <>
      <form className="kw-form-fields" onSubmit={(e) => { e.preventDefault(); if (code.requestAgain) code.requestAgain(); else send({ type: 'code.requested' }); }} noValidate>
        <MobileField id="login-mobile" label={t('signUp.mobileLabel')} value={context.mobile} onChange={(value) => send({ type: 'mobile.changed', value })} />
        {message && <FieldError>{message}</FieldError>}
        {/* once a code is sent, a new one comes from the code entry, after its cool-down */}
        {!codeEntry && <Button block size="large" type="submit" loading={sending} disabled={code.sending}>{t('signUp.sendCode')}</Button>}
      </form>
      <SendCodePanel actor={code.sendCode} renderCaptcha={renderCaptcha} />
      {codeEntry && <CodeEntryPanel actor={codeEntry} id="login-code" submitLabel={t('login.submit')} renderCaptcha={renderCaptcha} />}
    </>
  );
}
