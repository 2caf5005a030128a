import { useMachine } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { personalVerificationFlow } from '../../services/flows/personalVerification.ts';
import { PageHeader } from '../../src/ui/PageHeader.tsx';
import { PersonalVerificationView } from './PersonalVerificationView.tsx';

/** `/app/personalcert`: real-name verification of an individual. */
export default function PersonalCertScreen() {
  const { t } = useTranslation();
  const [state, send] = useMachine(personalVerificationFlow);
  return (
    <>
      <PageHeader title={t('titles.personalVerification')} />
      <PersonalVerificationView state={state} send={send} />
    </>
  );
}
