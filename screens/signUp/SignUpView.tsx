import { Button, Checkbox, Input } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { SnapshotFrom } from 'xstate';
import type { signUpMachine, SignUpEvent } from '../../machines/signUp.machine.ts';
import { FieldError } from '../../src/ui/FieldError.tsx';
import { Field } from '../../src/ui/Field.tsx';
import { renderCaptchaBox, type RenderCaptcha } from '../common/CaptchaBox.tsx';
import { CodeEntryPanel, useCodeStep, type CodeEntryActor, type CodeStep as CodeStepParts } from '../common/CodeEntryView.tsx';
import { NewPasswordForm, NewPasswordPanel, type NewPasswordActor } from '../common/NewPasswordView.tsx';
import { SendCodePanel, useSending } from '../common/SendCodeView.tsx';

type State = SnapshotFrom<typeof signUpMachine>;

/** Renders whichever step of the sign-up chart is current, with the message of each refusal. */
export function SignUpView({ state, send, operatorName, renderCaptcha = renderCaptchaBox }: { state: State; send: (event: SignUpEvent) => void; operatorName: string | null; renderCaptcha?: RenderCaptcha }) {
  // the code entry child: the identity form until a code went, then the code entry
  const codeEntry = state.children.codeEntry as CodeEntryActor | undefined;
  const code = useCodeStep(codeEntry);
  if (state.matches('editingIdentity') || (state.matches('verifyingByCode') && !code.entering)) return <IdentityStep state={state} send={send} operatorName={operatorName} renderCaptcha={renderCaptcha} code={code} />;
  if (state.matches('verifyingByCode')) return <CodeStep state={state} send={send} renderCaptcha={renderCaptcha} codeEntry={codeEntry} />;
  return <PasswordStep state={state} />;
}

function IdentityStep({ state, send, operatorName, renderCaptcha, code }: { state: State; send: (event: SignUpEvent) => void; operatorName: string | null; renderCaptcha: RenderCaptcha; code: CodeStepParts }) {
  const { t } = useTranslation();
  const { context } = state;
  const sending = useSending(code.sendCode);
  const individual = context.memberType === 'individual';
  const problem = (['incomplete', 'alreadyRegistered'] as const).find((s) => state.matches({ editingIdentity: s }));
  const messages = {
    incomplete: individual ? t('signUp.incompleteMobile') : t('signUp.incompleteEmail'),
    alreadyRegistered: t('errors.REG10001'),
  };
  const message = problem ? messages[problem] : code.unsent;
  return (
    <form className="kw-form" onSubmit={(e) => { e.preventDefault(); if (code.requestAgain) code.requestAgain(); else send({ type: 'code.requested' }); }} noValidate>
      <h2 className="kw-step-title">{individual ? t('signUp.mobileTitle') : t('signUp.emailTitle')}</h2>
      <Field id="signup-identity" label={individual ? t('signUp.mobileLabel') : t('signUp.emailLabel')}>
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
        {/* the operator's line keeps its place while it is looked up: nothing below moves under a finger on its way to the box */}
        {individual && <span className="kw-hint kw-hint-line" aria-live="polite">{operatorName ? t('signUp.operator', { operator: operatorName }) : ''}</span>}
      </Field>
      <Checkbox checked={context.agreed} onChange={() => send({ type: 'agreement.toggled' })} className="kw-agreement">
        <span>
          {t('signUp.agreePrefix')}{' '}
          <a href="/agreement/registrationAgreement" target="_blank" rel="noopener" onClick={(e) => e.stopPropagation()}>{t('signUp.registrationAgreement')}</a>{' '}
          {t('signUp.and')}{' '}
          <a href="/agreement/privacyProtectionAgreement" target="_blank" rel="noopener" onClick={(e) => e.stopPropagation()}>{t('signUp.privacyPolicy')}</a>
        </span>
      </Checkbox>
      {message && <FieldError>{message}{problem === 'alreadyRegistered' && <> <a href="/app/login">{t('signUp.goToLogin')}</a></>}</FieldError>}
      <SendCodePanel actor={code.sendCode} renderCaptcha={renderCaptcha} />
      <Button block color="primary" size="large" type="submit" loading={sending} disabled={code.sending}>
        {t('signUp.sendCode')}
      </Button>
    </form>
  );
}

function CodeStep({ state, send, renderCaptcha, codeEntry }: { state: State; send: (event: SignUpEvent) => void; renderCaptcha: RenderCaptcha; codeEntry: CodeEntryActor | undefined }) {
  const { t } = useTranslation();
  const changeIdentity = (
    <button type="button" className="kw-text-button" onClick={() => send({ type: 'identity.edit' })}>
      {state.context.memberType === 'individual' ? t('signUp.changeMobile') : t('signUp.changeEmail')}
    </button>
  );
  return codeEntry ? <CodeEntryPanel actor={codeEntry} id="signup-code" resendLabel={t('signUp.resend')} aside={changeIdentity} renderCaptcha={renderCaptcha} /> : null;
}

function PasswordStep({ state }: { state: State }) {
  const { t } = useTranslation();
  const newPassword = state.children.newPassword as NewPasswordActor | undefined;
  const words = { title: t('signUp.passwordTitle'), label: t('signUp.passwordLabel'), submit: t('signUp.createAccount') };
  // signed up: the chart has ended and the session starts on its way home
  if (!newPassword) return <NewPasswordForm id="signup-password" words={words} password="" busy done={state.matches('signedUp') ? t('signUp.done') : undefined} />;
  return <NewPasswordPanel actor={newPassword} id="signup-password" words={words} />;
}
