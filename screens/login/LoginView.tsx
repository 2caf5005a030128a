import { Button, Input } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { SnapshotFrom } from 'xstate';
import type { loginMachine, LoginEvent } from '../../machines/login.machine.ts';
import { FieldError } from '../../src/ui/FieldError.tsx';
import { MobileField } from '../common/MobileField.tsx';
import { renderCaptchaBox, type RenderCaptcha } from '../common/CaptchaBox.tsx';

type State = SnapshotFrom<typeof loginMachine>;

/** Renders the log-in chart: the password way or the SMS way, with the message of each refusal. */
export function LoginView({ state, send, renderCaptcha = renderCaptchaBox }: { state: State; send: (event: LoginEvent) => void; renderCaptcha?: RenderCaptcha }) {
  const { t } = useTranslation();
  const bySms = state.matches('bySms') || state.matches('checkingCode');
  if (state.matches('signedIn')) {
    return <p className="kw-centered" role="status">{t('login.signedIn')}</p>;
  }
  return (
    <div className="kw-form">
      <div className="kw-tabs" role="group" aria-label={t('login.method')}>
        <button type="button" className="kw-tab" aria-pressed={!bySms} onClick={() => send({ type: 'method.password' })}>{t('login.byPassword')}</button>
        <button type="button" className="kw-tab" aria-pressed={bySms} onClick={() => send({ type: 'method.sms' })}>{t('login.bySms')}</button>
      </div>
      {bySms ? <SmsWay state={state} send={send} /> : <PasswordWay state={state} send={send} />}
      {(state.matches({ byPassword: 'captchaNeeded' }) || state.matches({ bySms: 'captchaNeeded' })) &&
        renderCaptcha(bySms ? 'sendCode' : 'login', (token) => send({ type: 'captcha.solved', token }))}
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
    wrongCredentials: t('login.wrongCredentials', { tries: context.triesLeft ?? '0' }),
    locked: t('login.locked', { minutes: context.waitDetail ?? '15' }),
    refused: t(`errors.${context.errorCode ?? 'AGW50000'}`),
    unreachable: t('errors.network.gateway'),
  };
  const busy = state.hasTag('busy') || state.matches('signedIn');
  return (
    <form className="kw-form-fields" onSubmit={(e) => { e.preventDefault(); send({ type: 'password.submitted' }); }} noValidate>
      <div className="kw-field">
        <label className="kw-label" htmlFor="login-id">{t('login.loginLabel')}</label>
        <Input id="login-id" value={context.login} onChange={(value) => send({ type: 'login.changed', value })} autoComplete="username" placeholder="923 456 789" maxLength={254} />
      </div>
      <div className="kw-field">
        <label className="kw-label" htmlFor="login-password">{t('login.passwordLabel')}</label>
        <Input id="login-password" type="password" value={context.password} onChange={(value) => send({ type: 'password.changed', value })} autoComplete="current-password" maxLength={64} />
      </div>
      {problem && <FieldError>{messages[problem]}</FieldError>}
      {state.matches({ byPassword: 'locked' }) && <p className="kw-muted-text">{t('login.lockedHint')}</p>}
      <a className="kw-text-button" href="/app/findpassword">{t('login.forgotPassword')}</a>
      <Button block color="primary" size="large" type="submit" loading={busy} disabled={busy}>{t('login.submit')}</Button>
    </form>
  );
}

function SmsWay({ state, send }: { state: State; send: (event: LoginEvent) => void }) {
  const { t } = useTranslation();
  const { context } = state;
  const codeStep = state.matches({ bySms: 'codeSent' }) || state.matches('checkingCode');
  const mobileProblem = (['incomplete', 'notRegistered', 'coolingDown', 'sendLimited', 'refused', 'unreachable'] as const).find((s) => state.matches({ bySms: s }));
  const codeProblem = (['wrongCode', 'expired', 'tooManyTries', 'refused', 'unreachable'] as const).find((s) => state.matches({ bySms: { codeSent: s } }));
  const mobileMessages = {
    incomplete: t('login.incompleteMobile'),
    notRegistered: t('errors.ACC10001'),
    coolingDown: t('signUp.waitSeconds', { seconds: context.waitDetail ?? '60' }),
    sendLimited: t('errors.COD10005'),
    refused: t(`errors.${context.errorCode ?? 'AGW50000'}`),
    unreachable: t('errors.network.gateway'),
  };
  const codeMessages = {
    wrongCode: t('signUp.wrongCode', { tries: context.triesLeft ?? '0' }),
    expired: t('errors.COD10002'),
    tooManyTries: t('errors.COD10003'),
    refused: t(`errors.${context.errorCode ?? 'AGW50000'}`),
    unreachable: t('errors.network.gateway'),
  };
  const sending = state.matches({ bySms: 'sendingCode' });
  const checking = state.matches('checkingCode') || state.matches('signedIn');
  return (
    <>
      <form className="kw-form-fields" onSubmit={(e) => { e.preventDefault(); send({ type: 'code.requested' }); }} noValidate>
        <MobileField id="login-mobile" label={t('signUp.mobileLabel')} value={context.mobile} onChange={(value) => send({ type: 'mobile.changed', value })} />
        {mobileProblem && <FieldError>{mobileMessages[mobileProblem]}</FieldError>}
        <Button block size="large" type="submit" loading={sending} disabled={sending || checking}>
          {codeStep ? t('login.newCode') : t('signUp.sendCode')}
        </Button>
      </form>
      {codeStep && (
        <form className="kw-form-fields" onSubmit={(e) => { e.preventDefault(); send({ type: 'code.submitted' }); }} noValidate>
          <p className="kw-muted-text">{t('signUp.codeSentTo', { destination: context.sentTo })}</p>
          <div className="kw-field">
            <label className="kw-label" htmlFor="login-code">{t('signUp.codeLabel')}</label>
            <Input id="login-code" className="kw-code-input" inputMode="numeric" autoComplete="one-time-code" value={context.code} onChange={(value) => send({ type: 'code.changed', value })} maxLength={6} placeholder="••••••" />
          </div>
          {codeProblem && <FieldError>{codeMessages[codeProblem]}</FieldError>}
          <Button block color="primary" size="large" type="submit" loading={checking} disabled={checking || !state.can({ type: 'code.submitted' })}>{t('login.submit')}</Button>
        </form>
      )}
    </>
  );
}
