import { useEffect, useMemo, useState } from 'react';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { signUpMachine } from '../../machines/signUp.machine.ts';
import { requestGateway } from '../../services/gateway.ts';
import { operatorOf } from '../../services/referenceData.ts';
import { PageHeader } from '../../src/ui/PageHeader.tsx';
import { useStartSession } from '../common/useStartSession.ts';
import { SignUpView } from './SignUpView.tsx';

const identityOf = (memberType: 'individual' | 'enterprise', identity: string) =>
  memberType === 'individual' ? { memberType, mobile: identity } as const : { memberType, email: identity } as const;

/** `/app/register` (individual, by mobile) and `/app/enterpriseregister` (enterprise, by e-mail). */
export default function SignUpScreen({ memberType }: { memberType: 'individual' | 'enterprise' }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const startSession = useStartSession();
  const machine = useMemo(
    () =>
      signUpMachine.provide({
        actors: {
          sendCode: fromPromise(({ input }) => requestGateway('register/sendAuthCode', { ...identityOf(input.memberType, input.identity), captchaToken: input.captchaToken ?? undefined })),
          verifyCode: fromPromise(({ input }) =>
            requestGateway('register/doRegister', { ...identityOf(input.memberType, input.identity), code: input.code, agreed: true }),
          ),
          activate: fromPromise(({ input }) => requestGateway('register/setLoginPwdAndActive', input)),
        },
        actions: {
          startSession: ({ context }) => context.login && startSession(context.login),
          goHome: () => void navigate({ to: '/', replace: true }),
        },
      }),
    [navigate, startSession],
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
