import type { ReactNode } from 'react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { amountEntryMachine, AmountEntryEvent, AmountRefusal } from '../../machines/amountEntry.machine.ts';

/**
 * The amount child (amountEntry) as its page's form draws it. Each page keeps its own form (its
 * heading, what it says beside the field, its buttons) and its own words for why an amount is
 * refused; this is what the child gives it: what was typed, the problem, and how to send. While the
 * page sends the amount on (its call on its way, the child ended), the form shows it as it was typed.
 */
export type AmountEntryActor = ActorRefFrom<typeof amountEntryMachine>;

export const AMOUNT_PROBLEMS = ['unreadable', 'notPositive', 'belowMin', 'overLimit', 'refused'] as const;
export type AmountProblem = (typeof AMOUNT_PROBLEMS)[number];

export interface AmountEntryShown {
  text: string;
  problem: AmountProblem | null;
  /** overLimit: the name of the limit gone over (`available`, `perTransaction`…). */
  exceeded: string | null;
  /** refused: the page's server's refusal of the amount asked before (code null: no answer). */
  refusal: AmountRefusal | null;
  change: (value: string) => void;
  submit: () => void;
}

const nothing = () => {};

export function amountEntryShown(state: SnapshotFrom<typeof amountEntryMachine>, send: (event: AmountEntryEvent) => void): AmountEntryShown {
  return {
    text: state.context.amountText,
    problem: AMOUNT_PROBLEMS.find((p) => state.matches({ entering: p })) ?? null,
    exceeded: state.context.exceeded,
    refusal: state.context.refusal,
    change: (value) => send({ type: 'amount.changed', value }),
    submit: () => send({ type: 'amount.submitted' }),
  };
}

/** The amount as the page sends it on: shown as typed, nothing to change meanwhile. */
export const amountSent = (text: string): AmountEntryShown => ({ text, problem: null, exceeded: null, refusal: null, change: nothing, submit: nothing });

/** The page's amount child, drawn by the page's own form (`children`). */
export function AmountEntryPanel({ actor, children }: { actor: AmountEntryActor | undefined; children: (entry: AmountEntryShown) => ReactNode }) {
  const state = useSelector(actor, (snapshot) => snapshot);
  return actor && state ? <>{children(amountEntryShown(state, (event) => actor.send(event)))}</> : null;
}
