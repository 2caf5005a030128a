import { useMemo } from 'react';
import { useMachine } from '@xstate/react';
import { useNavigate } from '@tanstack/react-router';
import type { InvitationInput } from '../../machines/invitation.machine.ts';
import { invitationFlow } from '../../src/flows/invitation.ts';
import { idInAddress } from '../../services/routeTable.ts';

/** The invitation chart with its outcome opening `/app/staffresult` (replacing the page, so Back does not answer again). */
export function useInvitationFlow(input: InvitationInput, options: { onResultPage?: boolean } = {}) {
  const navigate = useNavigate();
  const machine = useMemo(
    () => invitationFlow.provide({
      actions: {
        showResult: ({ context }) => {
          if (!options.onResultPage && context.invitation) void navigate({ to: '/app/staffresult', search: { invitationId: idInAddress(context.invitation.invitationId) }, replace: true });
        },
      },
    }),
    [navigate, options.onResultPage],
  );
  return useMachine(machine, { input });
}
