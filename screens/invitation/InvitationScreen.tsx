import { useTranslation } from 'react-i18next';
import { storage } from '../../src/lib/storage.ts';
import { PageHeader } from '../../src/ui/PageHeader.tsx';
import { LinkButton } from '../../src/ui/LinkButton.tsx';
import { WayOn } from '../../src/ui/WayOn.tsx';
import { InvitationView } from './InvitationView.tsx';
import { useInvitationFlow } from './useInvitationFlow.ts';

/**
 * `/app/invitation/<token or id>`: the link of an invitation's SMS or e-mail, its QR, or an entry of
 * the pending list. Signed out, the person signs in (or signs up) first and comes back here.
 */
export default function InvitationScreen({ token }: { token: string }) {
  const { t } = useTranslation();
  const signedIn = !!storage.getUserInfo()?.h5Token;
  return (
    <>
      <PageHeader title={t('titles.invitation')} />
      {signedIn ? <Invitation token={token} /> : <SignInFirst back={`/app/invitation/${token}`} />}
    </>
  );
}

function Invitation({ token }: { token: string }) {
  const [state, send] = useInvitationFlow(/^\d+$/.test(token) ? { invitationId: token } : { token });
  return <InvitationView state={state} send={send} />;
}

/** Signed out: who the invitation is for is known only once signed in. */
export function SignInFirst({ back }: { back: string }) {
  const { t } = useTranslation();
  const returnTo = encodeURIComponent(back);
  return (
    <WayOn notice={t('invitation.signInFirst')} href={`/app/login?returnTo=${returnTo}`} label={t('invitation.signIn')}>
      <LinkButton href={`/app/register?returnTo=${returnTo}`}>{t('invitation.signUp')}</LinkButton>
    </WayOn>
  );
}
