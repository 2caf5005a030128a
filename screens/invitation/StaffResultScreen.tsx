import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../src/ui/PageHeader.tsx';
import { LinkButton } from '../../src/ui/LinkButton.tsx';
import { InvitationView } from './InvitationView.tsx';
import { useInvitationFlow } from './useInvitationFlow.ts';

/** `/app/staffresult?invitationId=`: the outcome of the invitation the person answered. */
export default function StaffResultScreen({ invitationId }: { invitationId?: string | number }) {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('titles.staffResult')} />
      {invitationId === undefined ? (
        <div className="kw-form"><LinkButton href="/app/invitations" primary>{t('invitation.toList')}</LinkButton></div>
      ) : <Result invitationId={String(invitationId)} />}
    </>
  );
}

function Result({ invitationId }: { invitationId: string }) {
  const [state, send] = useInvitationFlow({ invitationId }, { onResultPage: true });
  return <InvitationView state={state} send={send} />;
}
