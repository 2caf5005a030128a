import { useMemo } from 'react';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { loginMachine } from '../../machines/login.machine.ts';
import { requestGateway } from '../../services/gateway.ts';
import { PageHeader } from '../../src/ui/PageHeader.tsx';
import { useStartSession } from '../common/useStartSession.ts';
import { LoginView } from './LoginView.tsx';

/** `/app/login`: log-in by password or by SMS code. */
export default function LoginScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const startSession = useStartSession();
  const machine = useMemo(
    () =>
      loginMachine.provide({
        actors: {
          passwordLogin: fromPromise(({ input }) => requestGateway('oauth/passwordLogin', { login: input.login, password: input.password, captchaToken: input.captchaToken ?? undefined })),
          sendLoginCode: fromPromise(({ input }) => requestGateway('fund/sms/sendSMS', { mobile: input.mobile, purpose: 'login', captchaToken: input.captchaToken ?? undefined })),
          smsLogin: fromPromise(({ input }) => requestGateway('oauth/authSmsLoginAdvance', input)),
        },
        actions: {
          startSession: ({ context }) => context.result && startSession(context.result),
          goHome: () => void navigate({ to: '/', replace: true }),
        },
      }),
    [navigate, startSession],
  );
  const [state, send] = useMachine(machine);
  return (
    <>
      <PageHeader title={t('titles.login')} />
      <LoginView state={state} send={send} />
    </>
  );
}
