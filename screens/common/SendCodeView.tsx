import { useSelector } from '@xstate/react';
import type { TFunction } from 'i18next';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { sendCodeMachine, SendCodeEvent } from '../../machines/sendCode.machine.ts';
import { renderCaptchaBox, type RenderCaptcha } from './CaptchaBox.tsx';

export type SendCodeActor = ActorRefFrom<typeof sendCodeMachine>;

/**
 * A send-a-code child's part of a screen: the captcha when the server asks for one, its token
 * handed to the child. The flow's own button shows the sending itself.
 */
export function SendCodeView({ state, send, renderCaptcha = renderCaptchaBox }: { state: SnapshotFrom<typeof sendCodeMachine>; send: (event: SendCodeEvent) => void; renderCaptcha?: RenderCaptcha }) {
  return <>{state.matches('captchaNeeded') && renderCaptcha('sendCode', (token) => send({ type: 'captcha.solved', token }))}</>;
}

/** The send-a-code child a flow runs (or none), drawn from its own actor. */
export function SendCodePanel({ actor, renderCaptcha }: { actor: SendCodeActor | undefined; renderCaptcha?: RenderCaptcha }) {
  const state = useSelector(actor, (snapshot) => snapshot);
  return actor && state ? <SendCodeView state={state} send={(event) => actor.send(event)} renderCaptcha={renderCaptcha} /> : null;
}

/**
 * The words for a code that was not sent, as every flow routes the send's answer: asked for again
 * too soon (with the wait), too many codes, another refusal, no answer.
 */
export const unsentCodeMessages = (t: TFunction, { waitSeconds, errorCode }: { waitSeconds: string | null; errorCode: string | null }) => ({
  coolingDown: t('signUp.waitSeconds', { seconds: waitSeconds ?? '60' }),
  sendLimited: t('errors.COD10005'),
  refused: t(`errors.${errorCode ?? 'AGW50000'}`),
  unreachable: t('errors.network.gateway'),
});

/** Whether a flow's send-a-code child waits for the server (not for a person solving the captcha). */
export const useSending = (actor: SendCodeActor | undefined) => useSelector(actor, (snapshot) => snapshot?.hasTag('busy') ?? false);
