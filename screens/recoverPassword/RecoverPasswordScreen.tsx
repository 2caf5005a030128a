import { useMemo } from 'react';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { recoverPasswordMachine } from '../../machines/recoverPassword.machine.ts';
import { requestGateway } from '../../services/gateway.ts';
import { PageHeader } from '../../src/ui/PageHeader.tsx';
import { RecoverPasswordView } from './RecoverPasswordView.tsx';

/** `/app/findpassword`: recover the login password with the registered mobile. */
export default function RecoverPasswordScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const machine = useMemo(
    () =>
      recoverPasswordMachine.provide({
        actors: {
          checkAccount: fromPromise(({ input }) => requestGateway('fund/member/checkAccount4FindPassword', input)),
          sendRecoveryCode: fromPromise(({ input }) => requestGateway('fund/sms/sendSMS', { mobile: input.mobile, purpose: 'recover', captchaToken: input.captchaToken ?? undefined })),
          verifyRecoveryCode: fromPromise(({ input }) => requestGateway('fund/sms/checkVerifyCode', { ...input, purpose: 'recover' })),
          setNewPassword: fromPromise(({ input }) => requestGateway('fund/password/find-loginPassword', input)),
        },
        actions: { goToLogin: () => void navigate({ to: '/app/login', replace: true }) },
      }),
    [navigate],
  );
  const [state, send] = useMachine(machine);
  return (
    <>
      <PageHeader title={t('titles.recoverPassword')} />
      <RecoverPasswordView state={state} send={send} />
    </>
  );
}
