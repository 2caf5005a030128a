import { useCallback } from 'react';
import type { LoginResult } from '../../services/contract/session.ts';
import { storage } from '../../src/lib/storage.ts';
import { useSessionActor } from '../../src/session/SessionProvider.tsx';

/** After sign-up or log-in: store the member's session and tell the session chart. */
export function useStartSession() {
  const session = useSessionActor();
  return useCallback(
    (login: LoginResult) => {
      const previous = storage.getUserInfo();
      storage.setUserInfo({
        loginUrl: previous?.loginUrl,
        h5Token: login.loginToken,
        loginTokenType: 'LOGIN-TOKEN',
        memberId: login.profile.memberId,
        memberType: login.profile.memberType,
        displayName: login.profile.displayName ?? undefined,
      });
      session.send({ type: 'session.started', loginUrl: previous?.loginUrl ?? null });
    },
    [session],
  );
}
