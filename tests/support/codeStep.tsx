/**
 * A flow's form while the code entry child sends its first code: the flow's screen tests run their
 * model with the code sent at once (tests/models/codeEntry.model.ts `codeEntrySent`), so the code
 * entry shows; this runs the flow with the real code entry chart (its calls parked) up to its first
 * send and feeds that send's answers, to see the flow's own form say each in its own words.
 */
import type { ReactElement } from 'react';
import { expect } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { useSelector } from '@xstate/react';
import type { AnyActorRef, AnyStateMachine, EventObject, SnapshotFrom } from 'xstate';
import { createActor } from 'xstate';
import type { CodeEntryActor } from '../../screens/common/CodeEntryView.tsx';
import { UNREACHABLE } from '../../machines/outcome.ts';
import { createI18n } from '../../src/i18n.ts';
import { dictionary } from '../../locales/dictionary.ts';
import { doneEvent } from './mbt.ts';

/** The answers of a first send that leave no code sent, and what the flow's form says of each (pt). */
export const CODE_NOT_SENT = [
  { answer: { ok: false, code: 'COD10004', message: '', detail: '42' }, says: /42 s/ },
  { answer: { ok: false, code: 'COD10005', message: '', detail: '' }, says: /demasiados pedidos/ },
  { answer: { ok: false, code: 'AGW10003', message: '', detail: 'mobile' }, says: /Dados inválidos/ },
  { answer: UNREACHABLE, says: /Erro de rede/ },
] as const;

export interface CodeNotSentCheck<M extends AnyStateMachine> {
  /** The flow's chart with its code entry the real chart, its calls parked. */
  machine: M;
  input?: unknown;
  view: (state: SnapshotFrom<M>, send: (event: EventObject) => void) => ReactElement;
  /** The events that bring the flow to its code, up to the press that sends it. */
  before: Array<EventObject & Record<string, unknown>>;
  /** The flow's button that sends the code, and a text that says its form is on screen. */
  button: string;
  form: string | RegExp;
  /** One of CODE_NOT_SENT, and the flow's words for it when they are its own (the bank's wait). */
  answer: unknown;
  says: RegExp;
}

/**
 * Sends the code from the flow's form: the button shows the sending, the answer leaves no code sent
 * and the form says why, the same button asks again (through the code entry) and the message goes.
 */
export async function checkCodeNotSent<M extends AnyStateMachine>({ machine, input, view, before, button, form, answer, says }: CodeNotSentCheck<M>) {
  const actor = createActor(machine, { input } as never).start() as unknown as AnyActorRef;
  function Page() {
    const state = useSelector(actor, (s) => s) as SnapshotFrom<M>;
    return view(state, (event) => actor.send(event));
  }
  const { unmount } = render(<I18nextProvider i18n={createI18n('pt', { pt: dictionary('pt') })}><Page /></I18nextProvider>);
  try {
    act(() => { for (const event of before) actor.send(event); });
    fireEvent.click(screen.getByRole('button', { name: button }));
    const codeEntry = (actor.getSnapshot() as { children: Record<string, unknown> }).children.codeEntry as CodeEntryActor;
    expect(codeEntry.getSnapshot().value).toBe('sending');
    // sending: the button shows it in place of its words
    await waitFor(() => expect(screen.queryByRole('button', { name: button })).toBeNull());
    expect(screen.queryByRole('alert')).toBeNull();
    act(() => void codeEntry.send(doneEvent('sendCode', answer) as never));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toMatch(says));
    expect(screen.getByText(form)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: button }));
    expect(codeEntry.getSnapshot().value).toBe('sending');
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  } finally {
    unmount();
    actor.stop();
  }
}
