import { Button, Input } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { FieldError } from '../../src/ui/FieldError.tsx';
import { Field } from '../../src/ui/Field.tsx';

/** The refusals a code step can show, by the sub-state the chart is in. */
export type CodeProblem = 'wrongCode' | 'expired' | 'tooManyTries' | 'refused' | 'unreachable';

/**
 * The "enter the code we sent" form: where it went, the 6-digit field, the refusal of the chart's
 * current sub-state, confirm, and a way to ask for a new code. The code entry chart's view
 * (CodeEntryView) draws it, and so does the pay-password reset.
 */
export function CodeForm({ id, sentTo, code, problem, triesLeft, errorCode, busy, canSubmit, onCodeChange, onSubmit, onNewCode, newCodeWaiting, submitLabel, newCodeLabel, aside }: {
  id: string;
  sentTo: string;
  code: string;
  problem: CodeProblem | undefined;
  triesLeft: string | null;
  errorCode: string | null;
  busy: boolean;
  canSubmit: boolean;
  onCodeChange: (value: string) => void;
  onSubmit: () => void;
  onNewCode: () => void;
  /** While set, a new code cannot be asked for yet: the control is disabled and reads this instead (the chart's countdown, "sending…"). */
  newCodeWaiting?: string | null;
  /** The flow's words for confirming (log-in: "Entrar") and for a new code (sign-up: "Reenviar código"). */
  submitLabel?: string;
  newCodeLabel?: string;
  /** Another way on, beside the new-code control (sign-up: change the number). */
  aside?: React.ReactNode;
}) {
  const { t } = useTranslation();
  const messages: Record<CodeProblem, string> = {
    wrongCode: t('signUp.wrongCode', { tries: triesLeft ?? '0' }),
    expired: t('errors.COD10002'),
    tooManyTries: t('errors.COD10003'),
    refused: t(`errors.${errorCode ?? 'AGW50000'}`),
    unreachable: errorCode ? t(`errors.${errorCode}`) : t('network.gateway'),
  };
  return (
    <form className="kw-form" onSubmit={(e) => { e.preventDefault(); onSubmit(); }} noValidate>
      <h2 className="kw-step-title">{t('signUp.codeTitle')}</h2>
      <p className="kw-muted-text">{t('signUp.codeSentTo', { destination: sentTo })}</p>
      <Field id={id} label={t('signUp.codeLabel')}>
        <Input id={id} className="kw-code-input" inputMode="numeric" autoComplete="one-time-code" value={code} onChange={onCodeChange} maxLength={6} placeholder="••••••" />
      </Field>
      {problem && <FieldError>{messages[problem]}</FieldError>}
      <Button block color="primary" size="large" type="submit" loading={busy} disabled={busy || !canSubmit}>{submitLabel ?? t('signUp.confirmCode')}</Button>
      <div className="kw-row-actions">
        <button type="button" className="kw-text-button" disabled={busy || !!newCodeWaiting} onClick={onNewCode}>{newCodeWaiting || (newCodeLabel ?? t('login.newCode'))}</button>
        {aside}
      </div>
    </form>
  );
}
