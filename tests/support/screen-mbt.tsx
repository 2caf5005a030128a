/**
 * Runs a flow model's paths against its screen: a real actor of the machine drives the screen's
 * view; user events are performed on the screen (clicks), server results are fed to the actor,
 * and after every step the state's UI assertion must hold. No raw i18n key may ever show.
 */
import { act, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { useSelector } from '@xstate/react';
import { createActor, type AnyActorRef, type AnyStateMachine, type EventObject, type SnapshotFrom } from 'xstate';
import type { ReactElement } from 'react';
import { createI18n } from '../../src/i18n.ts';
import type { Language } from '../../src/lib/language.ts';
import type { FlowModel, FlowPath } from './mbt.ts';
import { dictionary } from '../../locales/dictionary.ts';
const pt = dictionary('pt');
const en = dictionary('en');
const zh = dictionary('zh');
const fr = dictionary('fr');

export type ScreenQueries = typeof screen;

/** How a person causes each event of a chart, typed so a new event fails to compile until it has one. */
export type UserEvents<E extends EventObject> = {
  [K in E['type']]: (ui: ScreenQueries, event: Extract<E, { type: K }>) => void | Promise<void>;
};

export interface ScreenBinding<M extends AnyStateMachine> {
  view: (state: SnapshotFrom<M>, send: (event: EventObject) => void) => ReactElement;
  /** How a person causes each user event on the screen. Events not listed come from the server. */
  userEvents: Record<string, (ui: ScreenQueries, event: never) => void | Promise<void>>;
  /**
   * What must be visible in each state: a table keyed by `JSON.stringify(snapshot.value)`, or one
   * function for charts with parallel regions. It must throw for a state it does not know.
   */
  states: Record<string, (ui: ScreenQueries, state: SnapshotFrom<M>) => void> | ((ui: ScreenQueries, state: SnapshotFrom<M>) => void);
}

function leafKeys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([k, v]) => leafKeys(v, prefix ? `${prefix}.${k}` : k));
}
const ALL_KEYS = leafKeys(pt).filter((k) => k.includes('.'));

export function assertNoRawKeys(container: HTMLElement) {
  const text = container.textContent ?? '';
  const raw = ALL_KEYS.filter((key) => text.includes(key));
  if (raw.length > 0) throw new Error(`raw i18n keys rendered: ${raw.join(', ')}`);
  if (/\b(errors|common|session|document|tokenEntry|home|titles)\.[A-Za-z0-9]+/.test(text)) throw new Error(`raw-looking key in: ${text}`);
}

function Harness<M extends AnyStateMachine>({ actor, binding }: { actor: AnyActorRef; binding: ScreenBinding<M> }) {
  const state = useSelector(actor, (s) => s) as SnapshotFrom<M>;
  return binding.view(state, (event) => actor.send(event));
}

export async function runScreenPath<M extends AnyStateMachine>(model: FlowModel<M>, path: FlowPath, binding: ScreenBinding<M>, language: Language = 'pt') {
  const i18n = createI18n(language, { pt, en, zh, fr });
  const actor = createActor(model.machine, { input: path.variant.input as never });
  actor.start();
  const { container, unmount } = render(
    <I18nextProvider i18n={i18n}>
      <Harness actor={actor} binding={binding} />
    </I18nextProvider>,
  );
  const check = async () => {
    const snapshot = actor.getSnapshot() as SnapshotFrom<M>;
    const key = JSON.stringify((snapshot as { value: unknown }).value);
    const assertion = typeof binding.states === 'function' ? binding.states : binding.states[key];
    if (!assertion) throw new Error(`no UI assertion for state ${key}`);
    await waitFor(() => assertion(screen, snapshot));
    assertNoRawKeys(container);
  };
  try {
    await check();
    for (const step of path.steps) {
      const perform = binding.userEvents[step.event.type];
      if (perform) await act(async () => perform(screen, step.event as never));
      else act(() => actor.send(step.event as never));
      const actual = JSON.stringify((actor.getSnapshot() as { value: unknown }).value);
      if (actual !== JSON.stringify(step.state.value)) throw new Error(`${path.description}: after ${step.event.type} the screen led to ${actual}`);
      await check();
    }
  } finally {
    unmount();
    actor.stop();
  }
}
