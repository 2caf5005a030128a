import { Page } from '../common/FlowPage.tsx';
import { InvitationView } from './InvitationView.tsx';
import { useInvitationFlow } from './useInvitationFlow.ts';

/** `/app/invitations`: the signed-in person's pending invitations to work at a store. */
export default function InvitationsScreen() {
  const [state, send] = useInvitationFlow({});
  return (
    <Page title="titles.invitations">
      <InvitationView state={state} send={send} />
    </Page>
  );
}
