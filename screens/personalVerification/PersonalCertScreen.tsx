import { useMemo } from 'react';
import { personalVerificationFlow } from '../../src/flows/personalVerification.ts';
import { storage } from '../../src/lib/storage.ts';
import { FlowPage } from '../common/FlowPage.tsx';
import { PersonalVerificationView } from './PersonalVerificationView.tsx';

/** `/app/personalcert`: real-name verification of an individual. */
export default function PersonalCertScreen() {
  const machine = useMemo(
    () => personalVerificationFlow.provide({
      actions: { rememberRealName: ({ context }) => void storage.setUserInfo({ ...storage.getUserInfo(), displayName: context.realName }) },
    }),
    [],
  );
  return <FlowPage flow={machine} title="titles.personalVerification" view={PersonalVerificationView} />;
}
