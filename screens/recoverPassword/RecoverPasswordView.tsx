import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { SnapshotFrom } from 'xstate';
import type { recoverPasswordMachine, RecoverEvent } from '../../machines/recoverPassword.machine.ts';
import { FieldError } from '../../src/ui/FieldError.tsx';
import { WayOn } from '../../src/ui/WayOn.tsx';
import { MobileField } from '../common/MobileField.tsx';
import { renderCaptchaBox, type RenderCaptcha } from '../common/CaptchaBox.tsx';
import { CodeEntryPanel, useCodeStep, type CodeEntryActor } from '../common/CodeEntryView.tsx';
import { NewPasswordPanel, type NewPasswordActor } from '../common/NewPasswordView.tsx';
import { SendCodePanel, useSending } from '../common/SendCodeView.tsx';

type State = SnapshotFrom<typeof recoverPasswordMachine>;
type Send = (event: RecoverEvent) => void;

/** Renders the recovery chart: account, masked name and code request, code, new password, done. */
export function RecoverPasswordView({ state, send, renderCaptcha = renderCaptchaBox }: { state: State; send: Send; renderCaptcha?: RenderCaptcha }) {
  const { t } = useTranslation();
  const { context } = state;
  // the code entry child: the masked account and its button until a code went, then the code entry
  const codeEntry = state.children.codeEntry as CodeEntryActor | undefined;
  const code = useCodeStep(codeEntry);
  const sending = useSending(code.sendCode);
  if (state.matches('enteringAccount') || state.matches('checkingAccount')) {
    const problem = (['incomplete', 'notFound', 'lookupsExhausted', 'refused', 'unreachable'] as const).find((s) => state.matches({ enteringAccount: s }));
    const messages = { incomplete: t('login.incompleteMobile'), notFound: t('errors.ACC10001'), lookupsExhausted: t('errors.ACC10002'), refused: t(`errors.${context.errorCode ?? 'AGW50000'}`), unreachable: t('network.gateway') };
    const captchaNeeded = state.matches({ enteringAccount: 'captchaNeeded' });
    return (
      <form className="kw-form" onSubmit={(e) => { e.preventDefault(); send({ type: 'account.submitted' }); }} noValidate>
        <h2 className="kw-step-title">{t('recoverPassword.accountTitle')}</h2>
        <MobileField id="recover-mobile" label={t('signUp.mobileLabel')} value={context.mobile} onChange={(value) => send({ type: 'mobile.changed', value })} />
        {problem && <FieldError>{messages[problem]}</FieldError>}
        {captchaNeeded && renderCaptcha('lookup', (token) => send({ type: 'captcha.solved', token }))}
        <Button block color="primary" size="large" type="submit" loading={state.hasTag('busy')} disabled={state.hasTag('busy') || captchaNeeded}>{t('recoverPassword.continue')}</Button>
      </form>
    );
  }
  if (state.matches('confirmingAccount') || (state.matches('verifyingByCode') && !code.entering)) {
    const message = code.unsent;
    return (
      <div className="kw-form">
        <h2 className="kw-step-title">{t('recoverPassword.confirmTitle')}</h2>
        <p className="kw-muted-text">{t('recoverPassword.accountOf', { name: context.maskedName })}</p>
        {message && <FieldError>{message}</FieldError>}
        <SendCodePanel actor={code.sendCode} renderCaptcha={renderCaptcha} />
        <Button block color="primary" size="large" loading={sending} disabled={code.sending} onClick={() => (code.requestAgain ? code.requestAgain() : send({ type: 'code.requested' }))}>{t('signUp.sendCode')}</Button>
        <button type="button" className="kw-text-button" onClick={() => send({ type: 'recovery.restarted' })}>{t('signUp.changeMobile')}</button>
      </div>
    );
  }
  if (state.matches('verifyingByCode')) {
    return codeEntry ? <CodeEntryPanel actor={codeEntry} id="recover-code" renderCaptcha={renderCaptcha} /> : null;
  }
  if (state.matches('passwordReset') || state.matches('done')) {
    return <WayOn notice={t('recoverPassword.done')} success onPress={() => send({ type: 'recovery.finished' })} disabled={state.matches('done')} label={t('home.signIn')} />;
  }
  const newPassword = state.children.newPassword as NewPasswordActor | undefined;
  const words = { title: t('recoverPassword.passwordTitle'), label: t('recoverPassword.newPassword'), submit: t('recoverPassword.save') };
  return newPassword ? <NewPasswordPanel actor={newPassword} id="recover-password" words={words} /> : null;
}
