import { useMemo } from 'react';
import { useMachine } from '@xstate/react';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { enterpriseVerificationFlow } from '../../src/flows/enterpriseVerification.ts';
import { PageHeader } from '../../src/ui/PageHeader.tsx';
import { loadDraft, saveDraft } from './EnterpriseDraft.ts';
import { EnterpriseStatusView } from './EnterpriseStatusView.tsx';

/**
 * `/app/result`: where the enterprise's verification stands. Re-verifying after a failure opens the
 * form with the last values (or with the draft, if the member had started changing them).
 */
export default function EnterpriseResultScreen() {
  const { t } = useTranslation();
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
  const [state, send] = useMachine(machine, { input: { draft: null } });
  return (
    <>
      <PageHeader title={t('titles.enterpriseResult')} />
      <EnterpriseStatusView state={state} send={send} />
    </>
  );
}
