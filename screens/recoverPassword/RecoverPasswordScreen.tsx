import { useMemo } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { recoverPasswordFlow } from '../../src/flows/recoverPassword.ts';
import { FlowPage } from '../common/FlowPage.tsx';
import { RecoverPasswordView } from './RecoverPasswordView.tsx';

/** `/app/findpassword`: recover the login password with the registered mobile. */
export default function RecoverPasswordScreen() {
  const navigate = useNavigate();
  const machine = useMemo(() => recoverPasswordFlow.provide({ actions: { goToLogin: () => void navigate({ to: '/app/login', replace: true }) } }), [navigate]);
  return <FlowPage flow={machine} title="titles.recoverPassword" view={RecoverPasswordView} />;
}
