import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../src/ui/PageHeader.tsx';
import { InvitationView } from './InvitationView.tsx';
import { useInvitationFlow } from './useInvitationFlow.ts';

/** `/app/invitations`: the signed-in person's pending invitations to work at a store. */
export default function InvitationsScreen() {
  const { t } = useTranslation();
  const [state, send] = useInvitationFlow({});
  return (
    <>
      <PageHeader title={t('titles.invitations')} />
      <InvitationView state={state} send={send} />
    </>
  );
}
