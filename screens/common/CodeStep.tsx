import { useTranslation } from 'react-i18next';
import { FieldError } from '../../src/ui/FieldError.tsx';
import { useCountdown } from '../../src/ui/useCountdown.ts';
import { CodeForm } from './CodeForm.tsx';

/** Where the bindCard and topup charts' parallel `enteringCode` regions stand: the two are alike. */
export interface CodeRegions {
  resend: 'coolingDown' | 'available' | 'resending' | 'limited';
  entry: 'typing' | 'verifying' | 'wrongCode' | 'expired' | 'tooManyTries' | 'unreachable';
}

export type CodeStepEvent = { type: 'code.changed'; value: string } | { type: 'code.submitted' } | { type: 'code.resendRequested' };

/** The SMS code the bank sent for a card (binding it, or paying with it), with the chart's resend countdown. */
export function BankCodeStep({ id, regions, sentTo, code, triesLeft, errorCode, resendAfterMs, canSubmit, send }: {
  id: string;
  regions: CodeRegions;
  sentTo: string;
  code: string;
  triesLeft: string | null;
  errorCode: string | null;
  resendAfterMs: number;
  canSubmit: boolean;
  send: (event: CodeStepEvent) => void;
}) {
  const { t } = useTranslation();
  const secondsLeft = useCountdown(resendAfterMs, regions.resend === 'coolingDown');
  const waiting = { coolingDown: t('signUp.resendIn', { seconds: secondsLeft }), resending: t('signUp.resending'), limited: t('login.newCode'), available: null }[regions.resend];
  return (
    <>
      <CodeForm
        id={id}
        sentTo={sentTo}
        code={code}
        problem={regions.entry === 'typing' || regions.entry === 'verifying' ? undefined : regions.entry}
        triesLeft={triesLeft}
        errorCode={errorCode}
        busy={regions.entry === 'verifying'}
        canSubmit={canSubmit}
        onCodeChange={(value) => send({ type: 'code.changed', value })}
        onSubmit={() => send({ type: 'code.submitted' })}
        onNewCode={() => send({ type: 'code.resendRequested' })}
        newCodeWaiting={waiting}
      />
      {regions.resend === 'limited' && <FieldError>{t('errors.COD10005')}</FieldError>}
    </>
  );
}
