import { useEffect, useMemo } from 'react';
import { useMachine } from '@xstate/react';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { loginFlow } from '../../src/flows/login.ts';
import { PageHeader } from '../../src/ui/PageHeader.tsx';
import { safeAppReturnTo } from '../../services/returnTo.ts';
import { useStartSession } from '../common/useStartSession.ts';
import { LoginView } from './LoginView.tsx';

/**
 * `/app/login`: log-in by password or by SMS code. `returnTo`: the page of the app to continue at
 * once signed in (an invitation's, or the one a lost session left; `safeAppReturnTo`), else home.
 */
export default function LoginScreen({ returnTo }: { returnTo?: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const startSession = useStartSession();
  const machine = useMemo(
    () =>
      loginFlow.provide({
        actions: {
          startSession: ({ context }) => context.result && startSession(context.result),
          goHome: () => void navigate({ href: safeAppReturnTo(returnTo) ?? '/', replace: true }),
        },
      }),
    [navigate, startSession, returnTo],
  );
  const [state, send] = useMachine(machine);
  // an address it will not go to (another site's, a sign-in page's, a dead token's) leaves the address bar
  useEffect(() => {
    if (returnTo !== undefined && safeAppReturnTo(returnTo) === null) void navigate({ to: '/app/login', replace: true });
  }, [navigate, returnTo]);
  return (
    <>
      <PageHeader title={t('titles.login')} />
      <LoginView state={state} send={send} />
    </>
  );
}
