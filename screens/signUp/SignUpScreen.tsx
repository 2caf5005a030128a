import { useEffect, useMemo, useState } from 'react';
import { useMachine } from '@xstate/react';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { signUpFlow } from '../../src/flows/signUp.ts';
import { operatorOf } from '../../services/referenceData.ts';
import { PageHeader } from '../../src/ui/PageHeader.tsx';
import { safeAppReturnTo } from '../../services/returnTo.ts';
import { useStartSession } from '../common/useStartSession.ts';
import { SignUpView } from './SignUpView.tsx';

/**
 * `/app/register` (individual, by mobile) and `/app/enterpriseregister` (enterprise, by e-mail).
 * `returnTo`: the page of the app to continue at once signed in (`safeAppReturnTo`), else home.
 */
export default function SignUpScreen({ memberType, returnTo }: { memberType: 'individual' | 'enterprise'; returnTo?: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const startSession = useStartSession();
  const machine = useMemo(
    () =>
      signUpFlow.provide({
        actions: {
          startSession: ({ context }) => context.login && startSession(context.login),
          goHome: () => void navigate({ href: safeAppReturnTo(returnTo) ?? '/', replace: true }),
        },
      }),
    [navigate, startSession, returnTo],
  );
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
    <>
      <PageHeader title={memberType === 'individual' ? t('titles.signUp') : t('titles.enterpriseSignUp')} />
      <SignUpView state={state} send={send} operatorName={operatorName} />
    </>
  );
}
