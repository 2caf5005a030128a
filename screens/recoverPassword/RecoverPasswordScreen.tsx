import { useMemo } from 'react';
import { useMachine } from '@xstate/react';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { recoverPasswordFlow } from '../../src/flows/recoverPassword.ts';
import { PageHeader } from '../../src/ui/PageHeader.tsx';
import { RecoverPasswordView } from './RecoverPasswordView.tsx';

/** `/app/findpassword`: recover the login password with the registered mobile. */
export default function RecoverPasswordScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const machine = useMemo(() => recoverPasswordFlow.provide({ actions: { goToLogin: () => void navigate({ to: '/app/login', replace: true }) } }), [navigate]);
  const [state, send] = useMachine(machine);
  return (
    <>
      <PageHeader title={t('titles.recoverPassword')} />
      <RecoverPasswordView state={state} send={send} />
    </>
  );
}
