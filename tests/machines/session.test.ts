import { describe, expect, it, vi, afterEach } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { sessionMachine, type SessionInput } from '../../machines/session.machine.ts';
import type { Outcome } from '../../services/contract/outcome.ts';

const web = { loginUrl: null, nativeAuthorizeAvailable: false, inNativeShell: false };

/** The re-login rules of spec §8 with real timers faked: 2 s message, 2 s wait, then one way out. */
function run(input: SessionInput) {
  const calls: string[] = [];
  const record = (name: string) => () => void calls.push(name);
  const actor = createActor(
    sessionMachine.provide({
      actions: {
        clearStoredItems: record('clearStoredItems'),
        callNativeAuthorize: record('callNativeAuthorize'),
        goToLoginUrl: record('goToLoginUrl'),
        postTokenLose: record('postTokenLose'),
        goToLoginPage: ({ context }) => void calls.push(`goToLoginPage ${context.returnTo}`),
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
    const { actor, calls } = run({ ...web, signedIn: true, loginUrl: 'https://login.example/' });
    actor.send({ type: 'session.expired', returnTo: '/app/wallet' });
    expect(calls).toEqual(['clearStoredItems']);
    expect(actor.getSnapshot().hasTag('covered')).toBe(true);
    vi.advanceTimersByTime(1999);
    expect(actor.getSnapshot().matches({ expired: 'showingMessage' })).toBe(true);
    vi.advanceTimersByTime(1);
    expect(actor.getSnapshot().matches({ expired: 'waiting' })).toBe(true);
    vi.advanceTimersByTime(1999);
    expect(calls).not.toContain('goToLoginUrl');
    vi.advanceTimersByTime(1);
    expect(calls.at(-1)).toBe('goToLoginUrl');
  });

  it('in a browser without a login URL, goes to the app’s login page with the page to come back to', () => {
    vi.useFakeTimers();
    const { actor, calls } = run({ ...web, signedIn: true });
    actor.send({ type: 'session.expired', returnTo: '/app/records/3' });
    expect(actor.getSnapshot().hasTag('signedIn')).toBe(false);
    vi.advanceTimersByTime(4000);
    expect(calls).toEqual(['clearStoredItems', 'goToLoginPage /app/records/3']);
    expect(actor.getSnapshot().matches({ signingIn: 'atLoginPage' })).toBe(true);
    actor.send({ type: 'session.started', loginUrl: null });
    expect(actor.getSnapshot().value).toBe('signedIn');
  });

  it('a visitor never signed in goes straight to the login page, no message, and again from another signed-in page', () => {
    const { actor, calls } = run({ ...web, signedIn: false });
    actor.send({ type: 'session.required', returnTo: '/app/wallet' });
    expect(calls).toEqual(['goToLoginPage /app/wallet']);
    actor.send({ type: 'session.required', returnTo: '/app/funddetail' });
    expect(calls).toEqual(['goToLoginPage /app/wallet', 'goToLoginPage /app/funddetail']);
    // a dead token from outside (index/:token) is no session the person knew: no message either
    const second = run({ ...web, signedIn: false });
    second.actor.send({ type: 'session.expired', returnTo: '/index/deadToken' });
    expect(second.calls).toEqual(['goToLoginPage /index/deadToken']); // a sign-in page: the login page goes home after it
  });

  it('carries the page as the app was on it: the login page takes it only if it is a page of the app (safeAppReturnTo)', () => {
    const { actor, calls } = run({ ...web, signedIn: false });
    actor.send({ type: 'session.required', returnTo: '/app/staffdetail?staffId=4' });
    expect(calls).toEqual(['goToLoginPage /app/staffdetail?staffId=4']);
  });

  it('calls the native authorize function in the app shell, even with a login URL', () => {
    vi.useFakeTimers();
    const { actor, calls } = run({ signedIn: true, loginUrl: 'https://login.example/', nativeAuthorizeAvailable: true, inNativeShell: true });
    actor.send({ type: 'session.expired', returnTo: '/app/wallet' });
    vi.advanceTimersByTime(4000);
    expect(calls.at(-1)).toBe('callNativeAuthorize');
    expect(calls).not.toContain('goToLoginUrl');
  });

  it('posts TokenLose in the app shell without the authorize function, and a burst of expiries is handled once', () => {
    vi.useFakeTimers();
    const { actor, calls } = run({ signedIn: true, loginUrl: null, nativeAuthorizeAvailable: false, inNativeShell: true });
    actor.send({ type: 'session.expired', returnTo: '/app/wallet' });
    actor.send({ type: 'session.expired', returnTo: '/app/wallet' });
    vi.advanceTimersByTime(1000);
    actor.send({ type: 'session.expired', returnTo: '/app/wallet' });
    vi.advanceTimersByTime(3000);
    expect(calls.filter((c) => c === 'clearStoredItems')).toHaveLength(1);
    expect(calls.at(-1)).toBe('postTokenLose');
    actor.send({ type: 'session.acknowledged' });
    expect(calls.at(-1)).toBe('goToLoginPage /app/wallet');
  });

  it('logout ends the server session, then clears the stored items', async () => {
    const { actor, calls } = run({ ...web, signedIn: true });
    actor.send({ type: 'session.logoutRequested' });
    expect(actor.getSnapshot().value).toBe('loggingOut');
    await new Promise((r) => setTimeout(r, 0));
    expect(actor.getSnapshot().value).toBe('signedOut');
    expect(calls).toEqual(['endServerSession', 'clearStoredItems', 'goHome']);
  });
});
