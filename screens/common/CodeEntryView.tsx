import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { codeEntryMachine, CodeEntryEvent } from '../../machines/codeEntry.machine.ts';
import { FieldError } from '../../src/ui/FieldError.tsx';
import { useCountdown } from '../../src/ui/useCountdown.ts';
import type { RenderCaptcha } from './CaptchaBox.tsx';
import { CodeForm } from './CodeForm.tsx';
import { SendCodePanel, type SendCodeActor } from './SendCodeView.tsx';

type State = SnapshotFrom<typeof codeEntryMachine>;
export type CodeEntryActor = ActorRefFrom<typeof codeEntryMachine>;

const ENTRY_PROBLEMS = ['wrongCode', 'expired', 'tooManyTries', 'refused', 'unreachable'] as const;
const RESEND_PROBLEMS = ['limited', 'refused', 'unreachable'] as const;

/** What a flow may say in its own words: confirming (log-in: "Entrar") and asking for a new code (sign-up: "Reenviar código"). */
export interface CodeEntryWords {
  submitLabel?: string;
  resendLabel?: string;
  /** Another way on, beside the resend control (sign-up: change the number). */
  aside?: React.ReactNode;
}

/**
 * The code entry chart on screen, for every flow that sends a code: where it went, the field, the
 * refusal of the entry's sub-state, confirm, and the resend control with its countdown, its
 * refusal and the captcha a resend may need.
 */
export function CodeEntryView({ state, send, id, submitLabel, resendLabel, aside, renderCaptcha }: CodeEntryWords & { state: State; send: (event: CodeEntryEvent) => void; id: string; renderCaptcha?: RenderCaptcha }) {
  const { t } = useTranslation();
  const { context } = state;
  const coolingDown = state.matches({ enteringCode: { resend: 'coolingDown' } });
  const secondsLeft = useCountdown(context.sent.resendAfterSeconds * 1000, coolingDown);
  const entryProblem = ENTRY_PROBLEMS.find((p) => state.matches({ enteringCode: { entry: p } }));
  const resendProblem = RESEND_PROBLEMS.find((p) => state.matches({ enteringCode: { resend: p } }));
  const resendMessages: Record<(typeof RESEND_PROBLEMS)[number], string> = {
    limited: t('errors.COD10005'),
    refused: t(`errors.${context.resendRefusal ?? 'AGW50000'}`),
    unreachable: t('errors.network.gateway'),
  };
  // while a new code cannot be asked for, the control says why (the countdown, sending, the limit)
  const waiting = coolingDown
    ? t('signUp.resendIn', { seconds: secondsLeft })
    : state.matches({ enteringCode: { resend: 'resending' } }) ? t('signUp.resending') : resendProblem === 'limited' ? (resendLabel ?? t('login.newCode')) : null;
  return (
    <>
      <CodeForm
        id={id}
        sentTo={context.sent.sentTo ?? context.sent.mobileMasked ?? ''}
        code={context.code}
        problem={entryProblem}
        triesLeft={context.triesLeft}
        errorCode={entryProblem === 'refused' ? context.entryRefusal : null}
        // a verified code, or one the flow takes over, leaves this step as soon as the flow moves on
        busy={state.matches({ enteringCode: { entry: 'verifying' } }) || state.status === 'done'}
        canSubmit={state.can({ type: 'code.submitted' })}
        onCodeChange={(value) => send({ type: 'code.changed', value })}
        onSubmit={() => send({ type: 'code.submitted' })}
        onNewCode={() => send({ type: 'code.resendRequested' })}
        newCodeWaiting={waiting}
        submitLabel={submitLabel}
        newCodeLabel={resendLabel}
        aside={aside}
      />
      {resendProblem && <FieldError>{resendMessages[resendProblem]}</FieldError>}
      <SendCodePanel actor={state.children.resend as SendCodeActor | undefined} renderCaptcha={renderCaptcha} />
    </>
  );
}

/** The code entry child of a flow, drawn from its own actor. */
export function CodeEntryPanel({ actor, ...props }: CodeEntryWords & { actor: CodeEntryActor; id: string; renderCaptcha?: RenderCaptcha }) {
  const state = useSelector(actor, (snapshot) => snapshot);
  return <CodeEntryView state={state} send={(event) => actor.send(event)} {...props} />;
}
