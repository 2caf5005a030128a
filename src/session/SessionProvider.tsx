import { createContext, lazy, Suspense, useContext, useEffect, useMemo } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { useRouter } from '@tanstack/react-router';
import type { ActorRefFrom } from 'xstate';
import type { sessionMachine } from '../../machines/session.machine.ts';
import { sessionFlow } from '../flows/session.ts';
import { onSessionExpired, resetSessionSignal } from '../../services/session-signal.ts';
import { storage } from '../lib/storage.ts';
import { forgetOperatorToken, PLATFORM_SIGN_IN } from '../lib/operatorSession.ts';
import { nativeShell } from '../lib/device.ts';
import { nativeAuthorize } from '../lib/native.ts';

type SessionActor = ActorRefFrom<typeof sessionMachine>;

/**
 * Operators' pages (`/plateform/`, sic) sign in again on the platform's own sign-in page, never by
 * the member's login URL or the native shell, and losing an operator session forgets the operator's
 * token alone (a member signed in on the same browser stays signed in).
 */
const onPlatformPage = () => typeof window !== 'undefined' && /^\/plateform(\/|$)/.test(window.location.pathname);
const platformSignIn = () => `${PLATFORM_SIGN_IN}?returnTo=${encodeURIComponent(window.location.pathname + window.location.search)}`;
/** The page the person is on, to come back to once signed in (the chart keeps it only if it is a page of the app). */
const currentPage = () => window.location.pathname + window.location.search;
/** The app's own login page, told where to continue. */
export const loginPageHref = (returnTo: string | null) => (returnTo ? `/app/login?returnTo=${encodeURIComponent(returnTo)}` : '/app/login');
const SessionContext = createContext<SessionActor | null>(null);

export function useSessionActor(): SessionActor {
  const actor = useContext(SessionContext);
  if (!actor) throw new Error('useSessionActor outside SessionProvider');
  return actor;
}

/** Runs the session chart for the whole app and feeds it the transport's `session.expired`. */
export function SessionProvider({ children }: { children: React.ReactNode }) {
  const router = useRouter();
  const machine = useMemo(
    () =>
      sessionFlow.provide({
        actions: {
          clearStoredItems: () => (onPlatformPage() ? forgetOperatorToken() : storage.clearUserItems()),
          callNativeAuthorize: () => nativeAuthorize()?.(),
          goToLoginUrl: ({ context }) => {
            const url = onPlatformPage() ? platformSignIn() : context.loginUrl;
            if (url) window.location.assign(url);
          },
          postTokenLose: () => window.postMessage('TokenLose', window.location.origin),
          goToLoginPage: ({ context }) => void router.navigate({ href: loginPageHref(context.returnTo), replace: true }),
          goHome: () => void router.navigate({ to: '/', replace: true }),
          rearmExpirySignal: () => resetSessionSignal(),
        },
      }),
    [router],
  );
  const user = storage.getUserInfo();
  const platform = onPlatformPage();
  const actor = useActorRef(machine, {
    input: {
      signedIn: platform ? !!user?.token : !!(user?.h5Token || user?.token),
      loginUrl: platform ? PLATFORM_SIGN_IN : (user?.loginUrl ?? null),
      nativeAuthorizeAvailable: !platform && nativeShell() !== null && nativeAuthorize() !== null,
      inNativeShell: !platform && nativeShell() !== null,
    },
  });
  useEffect(() => onSessionExpired(() => actor.send({ type: 'session.expired', returnTo: currentPage() })), [actor]);

  return (
    <SessionContext.Provider value={actor}>
      {children}
      <SessionCoverConnected actor={actor} />
    </SessionContext.Provider>
  );
}

/** The cover's words, fetched when it first shows: until they arrive it is an opaque cover all the same. */
const SessionCover = lazy(() => import('../../screens/session/SessionCover.tsx').then((module) => ({ default: module.SessionCover })));

function SessionCoverConnected({ actor }: { actor: SessionActor }) {
  const state = useSelector(actor, (s) => s);
  if (!state.hasTag('covered')) return null;
  return (
    <Suspense fallback={<div className="kw-session-cover" aria-busy="true" />}>
      <SessionCover state={state} send={actor.send} />
    </Suspense>
  );
}

