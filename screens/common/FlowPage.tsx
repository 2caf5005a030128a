import { useEffect, useMemo, type ComponentType, type ReactNode } from 'react';
import { useMachine, useSelector } from '@xstate/react';
import { Outlet, useChildMatches, useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { type AnyStateMachine, type ContextFrom, type EventFrom, type InputFrom, type SnapshotFrom } from 'xstate';
import type { LoginResult } from '../../services/contract/session.ts';
import { safeAppReturnTo } from '../../services/returnTo.ts';
import { PageHeader, useGoBack } from '../../src/ui/PageHeader.tsx';
import { useSessionActor } from '../../src/session/SessionProvider.tsx';
import { useStartSession } from './useStartSession.ts';

/**
 * How a route's module mounts its flow: the page (the header, its title, what it shows), the flow's
 * chart run for the page's life with its view, and what some flows need of the page (going back,
 * signing in). The secure keypad's one-time keys are the charts' to drop (the payment child,
 * payConfirm, newPayPassword), however the page is left.
 */

/** A route's page: the header with its title (an i18n key) above what it shows. */
export function Page({ title, showBack, children }: { title: string; showBack?: boolean; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t(title)} showBack={showBack} />
      {children}
    </>
  );
}

/**
 * A list whose line opens in a child route: the list's page (its header and `children`) stays
 * mounted, hidden, behind the line, so Back returns to the same pages and place.
 */
export function ListPage({ title, children }: { title: string; children: ReactNode }) {
  const lineOpen = useChildMatches({ select: (matches) => matches.length > 0 });
  return (
    <>
      <div hidden={lineOpen}>
        <Page title={title}>{children}</Page>
      </div>
      <Outlet />
    </>
  );
}

/** The props of a flow's view: the chart's snapshot and its `send`. */
export interface FlowViewProps<M extends AnyStateMachine> {
  state: SnapshotFrom<M>;
  send: (event: EventFrom<M>) => void;
}

/**
 * A flow's page: its chart (`flow`, started with `input`) run while the page is open and drawn by
 * `view`.
 */
export function FlowPage<M extends AnyStateMachine>({ flow, input, title, view: View }: {
  flow: M;
  input?: InputFrom<M>;
  title: string;
  view: ComponentType<FlowViewProps<M>>;
}) {
  const [state, send] = useMachine(flow as AnyStateMachine, input === undefined ? undefined : { input });
  return (
    <Page title={title}>
      <View state={state as SnapshotFrom<M>} send={send as FlowViewProps<M>['send']} />
    </Page>
  );
}

/** `flow` with its `goBack` action going back as the header's Back does (a flow that ends by going back). */
export function useGoingBack<M extends AnyStateMachine>(flow: M): M {
  const goBack = useGoBack();
  return useMemo(() => flow.provide({ actions: { goBack } }) as M, [flow, goBack]);
}

/**
 * `flow` signing the member in (log-in, sign-up): its `startSession` stores the session `loginOf` reads
 * from its context and tells the session chart; its `goHome` goes on to `returnTo` when that is a page
 * of the app (`safeAppReturnTo`), else home. `loginOf` is a module's constant (it keys the memo).
 */
export function useSigningIn<M extends AnyStateMachine>(flow: M, returnTo: string | undefined, loginOf: (context: ContextFrom<M>) => LoginResult | null | undefined): M {
  const navigate = useNavigate();
  const startSession = useStartSession();
  // already signed in and sent here on the way to a page (a shared link's "buy" tapped before its
  // page knew of the session): straight on to it
  const signedIn = useSelector(useSessionActor(), (s) => s.hasTag('signedIn'));
  const onward = safeAppReturnTo(returnTo);
  useEffect(() => {
    if (signedIn && onward) void navigate({ href: onward, replace: true });
  }, [navigate, signedIn, onward]);
  return useMemo(() => {
    const actions = {
      startSession: ({ context }: { context: ContextFrom<M> }) => {
        const login = loginOf(context);
        if (login) startSession(login);
      },
      goHome: () => void navigate({ href: safeAppReturnTo(returnTo) ?? '/', replace: true }),
    };
    return flow.provide({ actions }) as M;
  }, [flow, loginOf, navigate, startSession, returnTo]);
}
