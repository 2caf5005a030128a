import { loginPasswordFlow } from '../../src/flows/loginPassword.ts';
import { FlowPage, useGoingBack } from '../common/FlowPage.tsx';
import { LoginPasswordView } from './LoginPasswordView.tsx';

/** `/app/loginpassword` (from settings): change the login password while signed in. */
export default function LoginPasswordScreen() {
  const flow = useGoingBack(loginPasswordFlow);
  return <FlowPage flow={flow} title="titles.loginPassword" view={LoginPasswordView} />;
}
