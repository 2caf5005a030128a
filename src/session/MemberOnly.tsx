import { useEffect, type ComponentType } from 'react';
import { useSelector } from '@xstate/react';
import { useRouterState } from '@tanstack/react-router';
import { matchRoute } from '../../services/returnTo.ts';
import { useSessionActor } from './SessionProvider.tsx';

/**
 * Around every `member` route of the table (src/routes.tsx, loaded with the route's screen): the
 * page shows only with a session. Without one, the chart is told the page needs one
 * (`session.required`: straight to signing in, this page to come back to); a session lost on the
 * page takes the page away at once, balances and all.
 */
export function MemberOnly({ children }: { children: React.ReactNode }) {
  const actor = useSessionActor();
  const signedIn = useSelector(actor, (s) => s.hasTag('signedIn'));
  const page = useRouterState({ select: (s) => s.location.pathname + s.location.searchStr });
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  useEffect(() => {
    // (the address moves to the login page a moment before this page unmounts: that is no page of a member's)
    if (!signedIn && matchRoute(pathname)?.route.access === 'member') actor.send({ type: 'session.required', returnTo: page });
  }, [actor, signedIn, page, pathname]);
  return signedIn ? children : null;
}

/** A member route's screen inside the gate. */
export function memberOnly<P extends object>(Screen: ComponentType<P>): ComponentType<P> {
  return function MemberScreen(props: P) {
    return (
      <MemberOnly>
        <Screen {...props} />
      </MemberOnly>
    );
  };
}
