import { useMemo } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { enterpriseVerificationFlow } from '../../src/flows/enterpriseVerification.ts';
import { FlowPage } from '../common/FlowPage.tsx';
import { loadDraft, saveDraft } from './EnterpriseDraft.ts';
import { EnterpriseStatusView } from './EnterpriseStatusView.tsx';

/**
 * `/app/result`: where the enterprise's verification stands. Re-verifying after a failure opens the
 * form with the last values (or with the draft, if the member had started changing them).
 */
export default function EnterpriseResultScreen() {
  const navigate = useNavigate();
  const machine = useMemo(
    () =>
      enterpriseVerificationFlow.provide({
        actions: {
          formOpened: ({ context }) => {
            if (!loadDraft()) saveDraft(context.values);
            void navigate({ to: '/app/enterprisecert' });
          },
        },
      }),
    [navigate],
  );
  return <FlowPage flow={machine} input={{ draft: null }} title="titles.enterpriseResult" view={EnterpriseStatusView} />;
}
