import { useMemo } from 'react';
import { useMachine } from '@xstate/react';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { tokenEntryFlow } from '../../src/flows/tokenEntry.ts';
import { storage } from '../../src/lib/storage.ts';
import { useSessionActor } from '../../src/session/SessionProvider.tsx';
import { PageHeader } from '../../src/ui/PageHeader.tsx';
import { TokenEntryView } from './TokenEntryView.tsx';

/** `index/:token`: the entry a native app or operator opens with a login token. */
export default function TokenEntryScreen({ token }: { token: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const session = useSessionActor();
  const machine = useMemo(
    () =>
      tokenEntryFlow.provide({
        actions: {
          startSession: ({ context }) => {
            const profile = context.profile!;
            storage.setUserInfo({
              ...storage.getUserInfo(),
              h5Token: context.token,
              loginTokenType: 'LOGIN-TOKEN',
              memberId: profile.memberId,
              memberType: profile.memberType,
              displayName: profile.displayName ?? undefined,
            });
            session.send({ type: 'session.started', loginUrl: storage.getUserInfo()?.loginUrl ?? null });
          },
          goHome: () => void navigate({ to: '/', replace: true }),
        },
      }),
    [navigate, session],
  );
  const [state, send] = useMachine(machine, { input: { token } });
  return (
    <>
      <PageHeader title={t('titles.entry')} showBack={false} />
      <TokenEntryView state={state} send={send} onHome={() => void navigate({ to: '/' })} />
    </>
  );
}
