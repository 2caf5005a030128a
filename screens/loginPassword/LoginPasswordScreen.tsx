import { useMemo } from 'react';
import { useMachine } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { loginPasswordFlow } from '../../src/flows/loginPassword.ts';
import { PageHeader, useGoBack } from '../../src/ui/PageHeader.tsx';
import { LoginPasswordView } from './LoginPasswordView.tsx';

/** `/app/loginpassword` (from settings): change the login password while signed in. */
export default function LoginPasswordScreen() {
  const { t } = useTranslation();
  const goBack = useGoBack();
  const machine = useMemo(() => loginPasswordFlow.provide({ actions: { goBack } }), [goBack]);
  const [state, send] = useMachine(machine);
  return (
    <>
      <PageHeader title={t('titles.loginPassword')} />
      <LoginPasswordView state={state} send={send} />
    </>
  );
}
