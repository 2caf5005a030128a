import { describe, expect, it, vi, afterEach } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { sessionMachine } from '../../machines/session.machine.ts';
import type { Outcome } from '../../services/gateway.ts';

/** The re-login rules of spec §8 with real timers faked: 2 s message, 2 s wait, then one way out. */
function run(input: { signedIn: boolean; loginUrl: string | null; nativeAuthorizeAvailable: boolean }) {
  const calls: string[] = [];
  const record = (name: string) => () => void calls.push(name);
  const actor = createActor(
    sessionMachine.provide({
      actions: {
        clearStoredItems: record('clearStoredItems'),
        showExpiredMessage: record('showExpiredMessage'),
        callNativeAuthorize: record('callNativeAuthorize'),
        goToLoginUrl: record('goToLoginUrl'),
        postTokenLose: record('postTokenLose'),
        goHome: record('goHome'),
      },
      actors: { endServerSession: fromPromise<Outcome<unknown>>(async () => { calls.push('endServerSession'); return { ok: true as const, data: {} }; }) },
    }),
    { input },
  ).start();
  return { actor, calls };
}

describe('session chart', () => {
  afterEach(() => vi.useRealTimers());

  it('shows the message for 2 s, waits 2 s, then goes to the login URL', () => {
    vi.useFakeTimers();
    const { actor, calls } = run({ signedIn: true, loginUrl: 'https://login.example/', nativeAuthorizeAvailable: false });
    actor.send({ type: 'session.expired' });
    expect(calls).toEqual(['clearStoredItems', 'showExpiredMessage']);
    vi.advanceTimersByTime(1999);
    expect(actor.getSnapshot().matches({ expired: 'showingMessage' })).toBe(true);
    vi.advanceTimersByTime(1);
    expect(actor.getSnapshot().matches({ expired: 'waiting' })).toBe(true);
    vi.advanceTimersByTime(1999);
    expect(calls).not.toContain('goToLoginUrl');
    vi.advanceTimersByTime(1);
    expect(calls.at(-1)).toBe('goToLoginUrl');
  });

  it('calls the native authorize function in the app shell, even with a login URL', () => {
    vi.useFakeTimers();
    const { actor, calls } = run({ signedIn: true, loginUrl: 'https://login.example/', nativeAuthorizeAvailable: true });
    actor.send({ type: 'session.expired' });
    vi.advanceTimersByTime(4000);
    expect(calls.at(-1)).toBe('callNativeAuthorize');
    expect(calls).not.toContain('goToLoginUrl');
  });

  it('posts TokenLose when there is no login URL, and a burst of expiries is handled once', () => {
    vi.useFakeTimers();
    const { actor, calls } = run({ signedIn: true, loginUrl: null, nativeAuthorizeAvailable: false });
    actor.send({ type: 'session.expired' });
    actor.send({ type: 'session.expired' });
    vi.advanceTimersByTime(1000);
    actor.send({ type: 'session.expired' });
    vi.advanceTimersByTime(3000);
    expect(calls.filter((c) => c === 'showExpiredMessage')).toHaveLength(1);
    expect(calls.at(-1)).toBe('postTokenLose');
    actor.send({ type: 'session.acknowledged' });
    expect(actor.getSnapshot().value).toBe('signedOut');
  });

  it('logout ends the server session, then clears the stored items', async () => {
    const { actor, calls } = run({ signedIn: true, loginUrl: null, nativeAuthorizeAvailable: false });
    actor.send({ type: 'session.logoutRequested' });
    expect(actor.getSnapshot().value).toBe('loggingOut');
    await new Promise((r) => setTimeout(r, 0));
    expect(actor.getSnapshot().value).toBe('signedOut');
    expect(calls).toEqual(['endServerSession', 'clearStoredItems', 'goHome']);
  });
});
