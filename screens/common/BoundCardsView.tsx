import type { ReactNode } from 'react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { boundCardsMachine, BoundCardsEvent } from '../../machines/boundCards.machine.ts';

/**
 * The member's cards being asked for (the boundCards child), in the page's own steps: what it shows
 * while they are asked for, when that failed (with a retry), and when none is bound yet (the way to
 * bind one; a page may offer to look again).
 */
export type BoundCardsActor = ActorRefFrom<typeof boundCardsMachine>;

export interface BoundCardsSteps {
  loading: ReactNode;
  failed: (errorCode: string | null, retry: () => void) => ReactNode;
  none: (retry: () => void) => ReactNode;
}

export function BoundCardsView({ state, send, steps }: { state: SnapshotFrom<typeof boundCardsMachine>; send: (event: BoundCardsEvent) => void; steps: BoundCardsSteps }) {
  const retry = () => send({ type: 'cards.retry' });
  if (state.matches('failed')) return <>{steps.failed(state.context.errorCode, retry)}</>;
  if (state.matches('none')) return <>{steps.none(retry)}</>;
  // asked for, or answered the instant the page moves on
  return <>{steps.loading}</>;
}

/** The page's cards child, drawn from its own actor. */
export function BoundCardsPanel({ actor, steps }: { actor: BoundCardsActor | undefined; steps: BoundCardsSteps }) {
  const state = useSelector(actor, (snapshot) => snapshot);
  return actor && state ? <BoundCardsView state={state} send={(event) => actor.send(event)} steps={steps} /> : <>{steps.loading}</>;
}
