import { useEffect } from 'react';
import { useNavigate } from '@tanstack/react-router';
import type { LoginContext } from '../../machines/login.machine.ts';
import { loginFlow } from '../../src/flows/login.ts';
import { safeAppReturnTo } from '../../services/returnTo.ts';
import { FlowPage, useSigningIn } from '../common/FlowPage.tsx';
import { LoginView } from './LoginView.tsx';

const loginOf = (context: LoginContext) => context.result;

/**
 * `/app/login`: log-in by password or by SMS code. `returnTo`: the page of the app to continue at
 * once signed in (an invitation's, or the one a lost session left; `safeAppReturnTo`), else home.
 */
export default function LoginScreen({ returnTo }: { returnTo?: string }) {
  const navigate = useNavigate();
  const machine = useSigningIn(loginFlow, returnTo, loginOf);
  // an address it will not go to (another site's, a sign-in page's, a dead token's) leaves the address bar
  useEffect(() => {
    if (returnTo !== undefined && safeAppReturnTo(returnTo) === null) void navigate({ to: '/app/login', replace: true });
  }, [navigate, returnTo]);
  return <FlowPage flow={machine} title="titles.login" view={LoginView} />;
}
