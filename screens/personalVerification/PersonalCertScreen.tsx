import { useMemo } from 'react';
import { useMachine } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { personalVerificationFlow } from '../../src/flows/personalVerification.ts';
import { storage } from '../../src/lib/storage.ts';
import { PageHeader } from '../../src/ui/PageHeader.tsx';
import { PersonalVerificationView } from './PersonalVerificationView.tsx';

/** `/app/personalcert`: real-name verification of an individual. */
export default function PersonalCertScreen() {
  const { t } = useTranslation();
  const machine = useMemo(
    () => personalVerificationFlow.provide({
      actions: { rememberRealName: ({ context }) => void storage.setUserInfo({ ...storage.getUserInfo(), displayName: context.realName }) },
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
