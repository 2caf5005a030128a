import { useEffect, useLayoutEffect, useMemo, useState } from 'react';
import { useMachine } from '@xstate/react';
import { useRouter } from '@tanstack/react-router';
import { operatorSignInFlow } from '../../src/flows/operatorSignIn.ts';
import { useSessionActor } from '../../src/session/SessionProvider.tsx';
import { PLATFORM_SIGN_IN, singleSignOnUrl, storedOperatorToken, storeOperatorToken } from '../../src/lib/operatorSession.ts';
import { OperatorSignInView } from './OperatorSignInView.tsx';
import '../common/platform.css';

/** `/plateform/` (sic): the operators' sign-in page, and where single sign-on comes back to. */
export default function OperatorSignInScreen() {
  const router = useRouter();
  const session = useSessionActor();
  // read during the first render; useMachine starts the chart in a passive effect, after the layout effect below
  const [input] = useState(() => {
    const query = new URLSearchParams(window.location.search);
    return { handoff: query.get('handoff'), returnTo: query.get('returnTo'), ssoError: query.get('ssoError'), signedIn: storedOperatorToken() !== null };
  });
  // the one-time code leaves the address bar (and this history entry) before anything else happens
  useLayoutEffect(() => {
    const url = new URL(window.location.href);
    if (!url.searchParams.has('handoff') && !url.searchParams.has('ssoError')) return;
    url.searchParams.delete('handoff');
    url.searchParams.delete('ssoError');
    window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
  }, []);
  // Back from the identity provider can restore this page from the back-forward cache, still leaving
  useEffect(() => {
    const restored = (event: PageTransitionEvent) => {
      if (event.persisted) window.location.reload();
    };
    window.addEventListener('pageshow', restored);
    return () => window.removeEventListener('pageshow', restored);
  }, []);
  const machine = useMemo(
    () =>
      operatorSignInFlow.provide({
        actions: {
          storeSession: ({ context }) => {
            if (!context.token) return;
            storeOperatorToken(context.token);
            session.send({ type: 'session.started', loginUrl: PLATFORM_SIGN_IN });
          },
          goToTarget: ({ context }) => void router.navigate({ href: context.returnTo, replace: true }),
          goToSingleSignOn: ({ context }) => window.location.assign(singleSignOnUrl(context.returnTo)),
        },
      }),
    [router, session],
  );
  const [state, send] = useMachine(machine, { input });
  return <OperatorSignInView state={state} send={send} />;
}
