import { useMemo, useState } from 'react';
import { useMachine } from '@xstate/react';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { enterpriseVerificationFlow } from '../../src/flows/enterpriseVerification.ts';
import { provincesFlow, uploadEnterpriseDocument } from '../../src/flows/enterpriseForm.ts';
import type { ResponseOf } from '../../services/contract/define.ts';
import type { queryAllProvCities } from '../../services/contract/enterpriseVerification.ts';
import { PageHeader } from '../../src/ui/PageHeader.tsx';
import { useDocument } from '../common/useDocument.ts';
import { clearDraft, loadDraft, useDraftPersistence } from './EnterpriseDraft.ts';
import type { ProvinceOptions } from './EnterpriseFormView.tsx';
import { EnterpriseVerificationView } from './EnterpriseVerificationView.tsx';

/** `/app/enterprisecert`: the enterprise verification form (spec §3), or the status when there is nothing to fill. */
export default function EnterpriseCertScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [draft] = useState(loadDraft);
  const machine = useMemo(
    () =>
      enterpriseVerificationFlow.provide({
        actions: {
          discardDraft: () => clearDraft(),
          submitted: () => {
            clearDraft();
            void navigate({ to: '/app/result', replace: true });
          },
        },
      }),
    [navigate],
  );
  const [state, send] = useMachine(machine, { input: { draft } });
  useDraftPersistence(state);
  const [provinceState, provinceSend] = useDocument('provinces', provincesFlow);
  const provinces: ProvinceOptions = provinceState.matches('ready')
    ? { status: 'ready', provinces: (provinceState.context.document as ResponseOf<typeof queryAllProvCities>).provinces }
    : provinceState.matches('loading')
      ? { status: 'loading' }
      : { status: 'failed', retry: () => provinceSend({ type: 'document.retry' }) };
  return (
    <>
      <PageHeader title={t('titles.enterpriseVerification')} />
      <EnterpriseVerificationView state={state} send={send} provinces={provinces} upload={uploadEnterpriseDocument} />
    </>
  );
}
