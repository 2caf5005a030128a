import type { SnapshotFrom } from 'xstate';
import type { enterpriseVerificationMachine, EnterpriseVerificationEvent } from '../../machines/enterpriseVerification.machine.ts';
import type { DocumentUploader } from './EnterpriseDocumentSlot.tsx';
import { EnterpriseFormView, type ProvinceOptions } from './EnterpriseFormView.tsx';
import { EnterpriseStatusView } from './EnterpriseStatusView.tsx';

type State = SnapshotFrom<typeof enterpriseVerificationMachine>;
type Send = (event: EnterpriseVerificationEvent) => void;

/** `/app/enterprisecert`: the form while not verified (and while it is sent), the status otherwise. */
export function EnterpriseVerificationView({ state, send, provinces, upload }: { state: State; send: Send; provinces: ProvinceOptions; upload: DocumentUploader }) {
  if (state.matches('unverified') || state.matches('submitting')) return <EnterpriseFormView state={state} send={send} provinces={provinces} upload={upload} />;
  return <EnterpriseStatusView state={state} send={send} />;
}
