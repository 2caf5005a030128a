import { fromPromise, raise, type AnyStateMachine, type EventObject, type MachineContext, type NonReducibleUnknown } from 'xstate';
import type { Outcome } from '../services/contract/outcome.ts';

/**
 * Helpers the charts share to read an invoked call's answer. Business refusals arrive through
 * `onDone` as `{ok: false, code}` and are routed by the `refusedWith` guard's `code` parameter.
 */
export const outputOf = <T>(event: unknown): Outcome<T> => (event as { output: Outcome<T> }).output;
export const isOk = ({ event }: { event: unknown }) => outputOf(event).ok;
export const refusedWith = ({ event }: { event: unknown }, params: { code: string }) => {
  const output = outputOf(event);
  return !output.ok && output.code === params.code;
};
/** The answer's data, or null for a refusal. */
export const dataOf = <T>(event: unknown): T | null => {
  const output = outputOf<T>(event);
  return output.ok ? output.data : null;
};
export const refusalCode = (event: unknown): string | null => {
  const output = outputOf(event);
  return output.ok ? null : output.code;
};
export const refusalDetail = (event: unknown): string | null => {
  const output = outputOf(event);
  return output.ok ? null : output.detail;
};

/**
 * An actor a chart names and its flow module provides with the real gateway call
 * (src/flows/<flow>.ts); tests provide their own. Called unprovided, it fails loudly.
 */
// TInput defaults as `fromPromise`'s does, so `fromPromise<Outcome<T>>(…)` (a flow module's, a test's) fits a call without input
export const provided = <TOutput, TInput = NonReducibleUnknown>(name: string) =>
  fromPromise<TOutput, TInput>(async () => {
    throw new Error(`${name} is provided by the flow's module in src/flows/`);
  });

/**
 * Every actor a chart's `setup` names, as `.provide({ actors })` takes them: a flow module's
 * actors satisfy it, so a missing or mistyped call fails to compile.
 */
export type ActorsOf<M extends AnyStateMachine> = Required<NonNullable<NonNullable<Parameters<M['provide']>[0]>['actors']>>;

/**
 * What a child chart ends with when its call got no answer at all (transport trouble, its `onError`):
 * not a refusal, so the parent tells it apart with the `unreachable` guard before routing refusals.
 */
export type Unreachable = { ok: false; unreachable: true };
export const UNREACHABLE: Unreachable = { ok: false, unreachable: true };
export const unreachable = ({ event }: { event: unknown }) => (event as { output?: Partial<Unreachable> }).output?.unreachable === true;

/**
 * The answer of an invoked call or child chart, announced as an event named after the invoke's id,
 * so a chart routes answers by event instead of by guards:
 * `<id>.ok` (the data), `<id>.refused.<CODE>` (code and detail; a chart's `<id>.refused.*` takes any
 * code it does not name; a child chart's refusal may bring data too, what it learned on the way: the
 * bank's last status), `<id>.unreachable` (a child chart that got no answer at all). The invoke's
 * `onDone` raises it (`announceAnswer`), and the state that invoked handles it: exact codes first,
 * the wildcard after (XState tries an exact event descriptor before a wildcard one).
 */
export type AnswerEvent =
  | { type: `${string}.ok`; data: unknown }
  | { type: `${string}.refused.${string}`; code: string; detail: string; data?: unknown }
  | { type: `${string}.unreachable` };

/** The event announcing an invoke's answer, from its `xstate.done.actor.<id>` event. */
export function answerEventOf(event: unknown): AnswerEvent {
  const done = event as { type: string; output: Outcome<unknown> | Unreachable };
  const id = done.type.slice('xstate.done.actor.'.length);
  const output = done.output;
  if (output.ok) return { type: `${id}.ok`, data: output.data };
  if ('unreachable' in output) return { type: `${id}.unreachable` };
  return { type: `${id}.refused.${output.code}`, code: output.code, detail: output.detail, ...('data' in output ? { data: output.data } : {}) };
}

/**
 * The `onDone` action of every invoke whose answer the chart routes by event, typed by the chart
 * (`announceAnswer: announceAnswer<Context, Event>()` in its setup).
 */
export const announceAnswer = <C extends MachineContext, E extends EventObject>() =>
  raise<C, E, E, undefined>(({ event }) => answerEventOf(event) as unknown as E);

/** An announced answer's data (`<id>.ok`, or a child chart's refusal that brings some), for the actions that keep it. */
export const answerData = <T>(event: unknown): T => (event as { data: T }).data;
/** An announced refusal's code and detail (`<id>.refused.<CODE>`). */
export const answerCode = (event: unknown): string | null => (event as { code?: string }).code ?? null;
export const answerDetail = (event: unknown): string | null => (event as { detail?: string }).detail ?? null;
/**
 * An announced answer as the Outcome it came from, for a child chart that ends with it (its output
 * for its own parent to route): `<id>.ok` gives the data, `<id>.refused.<CODE>` the refusal.
 */
export const answerOutcome = (event: unknown): Outcome<unknown> => {
  const answer = event as { type: string; data?: unknown; code?: string; detail?: string };
  return answer.type.endsWith('.ok') ? { ok: true, data: answer.data } : { ok: false, code: answer.code ?? 'AGW50000', message: '', detail: answer.detail ?? '' };
};
