import { useEffect, useState } from 'react';
import { useMachine } from '@xstate/react';
import type { SignUpContext } from '../../machines/signUp.machine.ts';
import { signUpFlow } from '../../src/flows/signUp.ts';
import { operatorOf } from '../../services/referenceData.ts';
import { Page, useSigningIn } from '../common/FlowPage.tsx';
import { SignUpView } from './SignUpView.tsx';

const loginOf = (context: SignUpContext) => context.login;

/**
 * `/app/register` (individual, by mobile) and `/app/enterpriseregister` (enterprise, by e-mail).
 * `returnTo`: the page of the app to continue at once signed in (`safeAppReturnTo`), else home.
 */
export default function SignUpScreen({ memberType, returnTo }: { memberType: 'individual' | 'enterprise'; returnTo?: string }) {
  const machine = useSigningIn(signUpFlow, returnTo, loginOf);
  const [state, send] = useMachine(machine, { input: { memberType } });
  const [operatorName, setOperatorName] = useState<string | null>(null);
  const identity = state.context.identity;
  useEffect(() => {
    if (memberType !== 'individual') return;
    let current = true;
    void operatorOf(identity).then((name) => current && setOperatorName(name));
    return () => {
      current = false;
    };
  }, [identity, memberType]);

  return (
    <Page title={memberType === 'individual' ? 'titles.signUp' : 'titles.enterpriseSignUp'}>
      <SignUpView state={state} send={send} operatorName={operatorName} />
    </Page>
  );
}
