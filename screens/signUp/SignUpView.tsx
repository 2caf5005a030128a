import { Button, Checkbox, Input } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { SnapshotFrom } from 'xstate';
import type { signUpMachine, SignUpEvent } from '../../machines/signUp.machine.ts';
import { useCountdown } from '../../src/ui/useCountdown.ts';
import { FieldError } from '../../src/ui/FieldError.tsx';
import { renderCaptchaBox, type RenderCaptcha } from '../common/CaptchaBox.tsx';

type State = SnapshotFrom<typeof signUpMachine>;

/** Renders whichever step of the sign-up chart is current, with the message of each refusal. */
export function SignUpView({ state, send, operatorName, renderCaptcha = renderCaptchaBox }: { state: State; send: (event: SignUpEvent) => void; operatorName: string | null; renderCaptcha?: RenderCaptcha }) {
  const captcha = (state.matches({ editingIdentity: 'captchaNeeded' }) || state.matches({ enteringCode: { resend: 'captchaNeeded' } })) &&
    renderCaptcha('sendCode', (token) => send({ type: 'captcha.solved', token }));
  if (state.matches('editingIdentity') || state.matches('sendingCode')) return <><IdentityStep state={state} send={send} operatorName={operatorName} />{captcha}</>;
  if (state.matches('enteringCode')) return <><CodeStep state={state} send={send} />{captcha}</>;
  if (state.matches('stepExpired')) return <StepExpired send={send} />;
  return <PasswordStep state={state} send={send} />;
}

function IdentityStep({ state, send, operatorName }: { state: State; send: (event: SignUpEvent) => void; operatorName: string | null }) {
  const { t } = useTranslation();
  const { context } = state;
  const individual = context.memberType === 'individual';
  const problem = (['incomplete', 'alreadyRegistered', 'coolingDown', 'sendLimited', 'refused', 'unreachable'] as const).find((s) => state.matches({ editingIdentity: s }));
  const messages = {
    incomplete: individual ? t('signUp.incompleteMobile') : t('signUp.incompleteEmail'),
    alreadyRegistered: t('errors.REG10001'),
    coolingDown: t('signUp.waitSeconds', { seconds: context.waitSeconds ?? '60' }),
    sendLimited: t('errors.COD10005'),
    refused: t(`errors.${context.errorCode ?? 'AGW50000'}`),
    unreachable: t('errors.network.gateway'),
  };
  return (
    <form className="kw-form" onSubmit={(e) => { e.preventDefault(); send({ type: 'code.requested' }); }} noValidate>
      <h2 className="kw-step-title">{individual ? t('signUp.mobileTitle') : t('signUp.emailTitle')}</h2>
      <div className="kw-field">
        <label className="kw-label" htmlFor="signup-identity">{individual ? t('signUp.mobileLabel') : t('signUp.emailLabel')}</label>
        <span className="kw-input-row">
          {individual && <span className="kw-prefix" aria-hidden="true">+244</span>}
          <Input
            id="signup-identity"
            value={context.identity}
            onChange={(value) => send({ type: 'identity.changed', value })}
            type={individual ? 'tel' : 'email'}
            inputMode={individual ? 'numeric' : 'email'}
            autoComplete={individual ? 'tel-national' : 'email'}
            placeholder={individual ? '923 456 789' : 'empresa@exemplo.ao'}
            maxLength={individual ? 9 : 254}
          />
        </span>
        {individual && operatorName && <span className="kw-hint">{t('signUp.operator', { operator: operatorName })}</span>}
      </div>
      <Checkbox checked={context.agreed} onChange={() => send({ type: 'agreement.toggled' })} className="kw-agreement">
        <span>
          {t('signUp.agreePrefix')}{' '}
          <a href="/agreement/registrationAgreement" target="_blank" rel="noopener" onClick={(e) => e.stopPropagation()}>{t('signUp.registrationAgreement')}</a>{' '}
          {t('signUp.and')}{' '}
          <a href="/agreement/privacyProtectionAgreement" target="_blank" rel="noopener" onClick={(e) => e.stopPropagation()}>{t('signUp.privacyPolicy')}</a>
        </span>
      </Checkbox>
      {problem && <FieldError>{messages[problem]}{problem === 'alreadyRegistered' && <> <a href="/app/login">{t('signUp.goToLogin')}</a></>}</FieldError>}
      <Button block color="primary" size="large" type="submit" loading={state.hasTag('busy')} disabled={state.hasTag('busy')}>
        {t('signUp.sendCode')}
      </Button>
    </form>
  );
}

function CodeStep({ state, send }: { state: State; send: (event: SignUpEvent) => void }) {
  const { t } = useTranslation();
  const { context } = state;
  const coolingDown = state.matches({ enteringCode: { resend: 'coolingDown' } });
  const secondsLeft = useCountdown(context.resendAfterMs, coolingDown);
  const entryProblem = (['wrongCode', 'expired', 'tooManyTries', 'unreachable'] as const).find((s) => state.matches({ enteringCode: { entry: s } }));
  const messages = {
    wrongCode: t('signUp.wrongCode', { tries: context.triesLeft ?? '0' }),
    expired: t('errors.COD10002'),
    tooManyTries: t('errors.COD10003'),
    unreachable: t('errors.network.gateway'),
  };
  const verifying = state.matches({ enteringCode: { entry: 'verifying' } });
  return (
    <form className="kw-form" onSubmit={(e) => { e.preventDefault(); send({ type: 'code.submitted' }); }} noValidate>
      <h2 className="kw-step-title">{t('signUp.codeTitle')}</h2>
      <p className="kw-muted-text">{t('signUp.codeSentTo', { destination: context.sentTo })}</p>
      <div className="kw-field">
        <label className="kw-label" htmlFor="signup-code">{t('signUp.codeLabel')}</label>
        <Input
          id="signup-code"
          value={context.code}
          onChange={(value) => send({ type: 'code.changed', value })}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          placeholder="••••••"
          className="kw-code-input"
        />
      </div>
      {entryProblem && <FieldError>{messages[entryProblem]}</FieldError>}
      <Button block color="primary" size="large" type="submit" loading={verifying} disabled={verifying || !state.can({ type: 'code.submitted' })}>
        {t('signUp.confirmCode')}
      </Button>
      <div className="kw-row-actions">
        {coolingDown && <span className="kw-muted-text">{t('signUp.resendIn', { seconds: secondsLeft })}</span>}
        {state.matches({ enteringCode: { resend: 'available' } }) && (
          <button type="button" className="kw-text-button" onClick={() => send({ type: 'code.resendRequested' })}>{t('signUp.resend')}</button>
        )}
        {state.matches({ enteringCode: { resend: 'resending' } }) && <span className="kw-muted-text">{t('signUp.resending')}</span>}
        {state.matches({ enteringCode: { resend: 'limited' } }) && <span className="kw-error-text">{t('errors.COD10005')}</span>}
        <button type="button" className="kw-text-button" onClick={() => send({ type: 'identity.edit' })}>
          {context.memberType === 'individual' ? t('signUp.changeMobile') : t('signUp.changeEmail')}
        </button>
      </div>
    </form>
  );
}

function PasswordStep({ state, send }: { state: State; send: (event: SignUpEvent) => void }) {
  const { t } = useTranslation();
  const busy = state.hasTag('busy') || state.matches('signedUp');
  return (
    <form className="kw-form" onSubmit={(e) => { e.preventDefault(); send({ type: 'password.submitted' }); }} noValidate>
      <h2 className="kw-step-title">{t('signUp.passwordTitle')}</h2>
      <div className="kw-field">
        <label className="kw-label" htmlFor="signup-password">{t('signUp.passwordLabel')}</label>
        <Input
          id="signup-password"
          type="password"
          value={state.context.password}
          onChange={(value) => send({ type: 'password.changed', value })}
          autoComplete="new-password"
          maxLength={16}
        />
        <span className="kw-hint">{t('signUp.passwordRule')}</span>
      </div>
      {state.matches({ choosingPassword: 'weak' }) && <FieldError>{t('errors.PWD10001')}</FieldError>}
      {state.matches({ choosingPassword: 'unreachable' }) && <FieldError>{t('errors.network.gateway')}</FieldError>}
      {state.matches('signedUp') && <p role="status" className="kw-success-text">{t('signUp.done')}</p>}
      <Button block color="primary" size="large" type="submit" loading={busy} disabled={busy}>
        {t('signUp.createAccount')}
      </Button>
    </form>
  );
}

function StepExpired({ send }: { send: (event: SignUpEvent) => void }) {
  const { t } = useTranslation();
  return (
    <div className="kw-form">
      <FieldError>{t('errors.REG10002')}</FieldError>
      <Button block color="primary" size="large" onClick={() => send({ type: 'signup.restarted' })}>
        {t('signUp.restart')}
      </Button>
    </div>
  );
}
