import { useSelector } from '@xstate/react';
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

/** Whether a flow's send-a-code child waits for the server (not for a person solving the captcha). */
export const useSending = (actor: SendCodeActor | undefined) => useSelector(actor, (snapshot) => snapshot?.hasTag('busy') ?? false);
