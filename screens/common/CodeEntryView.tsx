import { useSelector } from '@xstate/react';
import { Button } from 'antd-mobile';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { codeEntryMachine, CodeEntryEvent } from '../../machines/codeEntry.machine.ts';
import type { CodeSent } from '../../machines/sendCode.machine.ts';
import { FieldError } from '../../src/ui/FieldError.tsx';
import { useCountdown } from '../../src/ui/useCountdown.ts';
import type { RenderCaptcha } from './CaptchaBox.tsx';
import { CodeForm } from './CodeForm.tsx';
import { SendCodePanel, useSending, type SendCodeActor } from './SendCodeView.tsx';

type State = SnapshotFrom<typeof codeEntryMachine>;
export type CodeEntryActor = ActorRefFrom<typeof codeEntryMachine>;

const UNSENT_PROBLEMS = ['coolingDown', 'sendLimited', 'refused', 'unreachable'] as const;
const ENTRY_PROBLEMS = ['wrongCode', 'expired', 'tooManyTries', 'refused', 'unreachable'] as const;
const RESEND_PROBLEMS = ['limited', 'refused', 'unreachable'] as const;

/** The words for the wait before the first code can be sent: the flow's own (card binding's are the bank's). */
export type WaitWords = (t: TFunction, seconds: string) => string;
const codeWait: WaitWords = (t, seconds) => t('signUp.waitSeconds', { seconds });

/**
 * What a flow's screen draws of its code entry child, each part where the flow puts it. Until the
 * first code went: the flow's own form (the number, the card's mobile, the account) with the
 * child's message, the captcha a send may ask for, and its button busy while it sends. Once a code
 * went: the code entry itself (CodeEntryPanel), in the flow's words.
 */
export interface CodeStep {
  /** A code went: the flow draws the code entry (CodeEntryPanel). */
  entering: boolean;
  /** The first send, with the captcha it may ask for (SendCodePanel; useSending for the busy button). */
  sendCode: SendCodeActor | undefined;
  /** The first send is under way or waits for its captcha: the flow's button cannot send again. */
  sending: boolean;
  /** Where the code went (a card's bank names its holder). */
  sent: CodeSent | null;
  /** Why no code went (the seconds to wait, the hourly limit, another refusal, no answer), or null. */
  unsent: string | null;
  /** Asks for the code again after none went; null otherwise (the flow's own event asks the first time). */
  requestAgain: (() => void) | null;
}

const NO_STEP: CodeStep = { entering: false, sendCode: undefined, sending: false, sent: null, unsent: null, requestAgain: null };

/** The code step of a code entry's snapshot (none while the flow runs no code entry). */
export function codeStepOf(state: State | undefined, send: (event: CodeEntryEvent) => void, t: TFunction, wait: WaitWords = codeWait): CodeStep {
  if (!state) return NO_STEP;
  const problem = UNSENT_PROBLEMS.find((p) => state.matches({ notSent: p }));
  const messages: Record<(typeof UNSENT_PROBLEMS)[number], string> = {
    coolingDown: wait(t, state.context.waitSeconds ?? '60'),
    sendLimited: t('errors.COD10005'),
    refused: t(`errors.${state.context.sendRefusal ?? 'AGW50000'}`),
    unreachable: t('network.gateway'),
  };
  return {
    // a verified code, or one the flow takes over, shows the code entry until the flow moves on
    entering: state.matches('enteringCode') || (state.status === 'done' && state.context.sent !== null),
    sendCode: state.children.sendCode as SendCodeActor | undefined,
    sending: state.matches('sending'),
    sent: state.context.sent,
    unsent: problem ? messages[problem] : null,
    requestAgain: state.matches('notSent') ? () => send({ type: 'code.requested' }) : null,
  };
}

/** A flow's code step, read from the code entry child it runs (or none). */
export function useCodeStep(actor: CodeEntryActor | undefined, wait?: WaitWords): CodeStep {
  const { t } = useTranslation();
  const state = useSelector(actor, (snapshot) => snapshot);
  return codeStepOf(state, (event) => actor?.send(event), t, wait);
}

/**
 * Before a code went, on its own (its screen test, the flow book): the message of a code not
 * sent, the captcha and a button to send. In a flow, the flow's own form stands here.
 */
function CodeRequest({ state, send, renderCaptcha }: { state: State; send: (event: CodeEntryEvent) => void; renderCaptcha?: RenderCaptcha }) {
  const { t } = useTranslation();
  const code = codeStepOf(state, send, t);
  const busy = useSending(code.sendCode);
  return (
    <form className="kw-form" onSubmit={(e) => { e.preventDefault(); code.requestAgain?.(); }} noValidate>
      {code.unsent && <FieldError>{code.unsent}</FieldError>}
      <SendCodePanel actor={code.sendCode} renderCaptcha={renderCaptcha} />
      <Button block color="primary" size="large" type="submit" loading={busy} disabled={code.sending}>{t('signUp.sendCode')}</Button>
    </form>
  );
}

/** What a flow may say in its own words: confirming (log-in: "Entrar") and asking for a new code (sign-up: "Reenviar código"). */
export interface CodeEntryWords {
  submitLabel?: string;
  resendLabel?: string;
  /** Another way on, beside the resend control (sign-up: change the number). */
  aside?: React.ReactNode;
}

/**
 * The code entry chart on screen, for every flow that sends a code: before the first code went, its
 * request (on its own; a flow draws its own form with `useCodeStep`); then where it went, the field,
 * the refusal of the entry's sub-state, confirm, and the resend control with its countdown, its
 * refusal and the captcha a resend may need.
 */
export function CodeEntryView(props: CodeEntryWords & { state: State; send: (event: CodeEntryEvent) => void; id: string; renderCaptcha?: RenderCaptcha }) {
  const { state } = props;
  const sent = state.context.sent;
  if (!sent) return state.status === 'done' ? null : <CodeRequest state={state} send={props.send} renderCaptcha={props.renderCaptcha} />;
  return <CodeEntryForm {...props} sent={sent} />;
}

function CodeEntryForm({ state, send, sent, id, submitLabel, resendLabel, aside, renderCaptcha }: CodeEntryWords & { state: State; send: (event: CodeEntryEvent) => void; sent: CodeSent; id: string; renderCaptcha?: RenderCaptcha }) {
  const { t } = useTranslation();
  const { context } = state;
  const coolingDown = state.matches({ enteringCode: { resend: 'coolingDown' } });
  const secondsLeft = useCountdown(sent.resendAfterSeconds * 1000, coolingDown);
  const entryProblem = ENTRY_PROBLEMS.find((p) => state.matches({ enteringCode: { entry: p } }));
  const resendProblem = RESEND_PROBLEMS.find((p) => state.matches({ enteringCode: { resend: p } }));
  const resendMessages: Record<(typeof RESEND_PROBLEMS)[number], string> = {
    limited: t('errors.COD10005'),
    refused: t(`errors.${context.resendRefusal ?? 'AGW50000'}`),
    unreachable: t('network.gateway'),
  };
  // while a new code cannot be asked for, the control says why (the countdown, sending, the limit)
  const waiting = coolingDown
    ? t('signUp.resendIn', { seconds: secondsLeft })
    : state.matches({ enteringCode: { resend: 'resending' } }) ? t('signUp.resending') : resendProblem === 'limited' ? (resendLabel ?? t('login.newCode')) : null;
  return (
    <>
      <CodeForm
        id={id}
        sentTo={sent.sentTo ?? sent.mobileMasked ?? ''}
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
