import { useMemo } from 'react';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { useTranslation } from 'react-i18next';
import { personalVerificationMachine } from '../../machines/personalVerification.machine.ts';
import { requestGateway, type Outcome } from '../../services/gateway.ts';
import { PageHeader } from '../../src/ui/PageHeader.tsx';
import { PersonalVerificationView } from './PersonalVerificationView.tsx';

/** `/app/personalcert`: real-name verification of an individual. */
export default function PersonalCertScreen() {
  const { t } = useTranslation();
  const machine = useMemo(
    () =>
      personalVerificationMachine.provide({
        actors: {
          loadStatus: fromPromise<Outcome<{ verificationStatus: 'unverified' | 'pending' | 'verified' | 'failed'; payPasswordSet: boolean }>>(() => requestGateway('common/setting/main', {}, { quiet: true })),
          checkNif: fromPromise(({ input }) => requestGateway('common/certification/identityAuth', input)),
          checkName: fromPromise<Outcome<{ realName: string }>, { checkId: string; fullName: string }>(({ input }) => requestGateway('wallet/card/getRealName', input)),
        },
      }),
    [],
  );
  const [state, send] = useMachine(machine);
  return (
    <>
      <PageHeader title={t('titles.personalVerification')} />
      <PersonalVerificationView state={state} send={send} />
    </>
  );
}
