import { useMemo } from 'react';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { useTranslation } from 'react-i18next';
import { changeMobileMachine } from '../../machines/changeMobile.machine.ts';
import { requestGateway } from '../../services/gateway.ts';
import { uploadGatewayFile } from '../../services/upload.ts';
import { goBack, PageHeader } from '../../src/ui/PageHeader.tsx';
import { ChangeMobileView } from './ChangeMobileView.tsx';

/** `/app/changemobile`: change the account's mobile number. */
export default function ChangeMobileScreen() {
  const { t } = useTranslation();
  const machine = useMemo(
    () =>
      changeMobileMachine.provide({
        actors: {
          loadStatus: fromPromise(() => requestGateway('selfservice/changemobile/advance', {}, { quiet: true })),
          checkIdentity: fromPromise(({ input }) => requestGateway('selfservice/changemobile/identityCheck', input)),
          sendCodes: fromPromise(({ input }) => requestGateway('common/setting/getVerifyCode', input)),
          checkCodes: fromPromise(({ input }) =>
            requestGateway('selfservice/changemobile/preCheck', { ticket: input.ticket, newMobile: input.newMobile, newCode: input.newCode, ...(input.oldCode ? { oldCode: input.oldCode } : {}) }),
          ),
          bindNumber: fromPromise(({ input }) => requestGateway('common/setting/bindingMobile', input)),
          // photos are compressed (1200×1200, 0.8) and uploaded one by one, then the request is submitted
          submitPhotos: fromPromise(async ({ input }) => {
            const fileIds: string[] = [];
            for (const photo of input.photos) fileIds.push((await uploadGatewayFile(photo, 'MobileChange')).fileId);
            return requestGateway('selfservice/changemobile/submit', { requestId: input.requestId, fileIds });
          }),
        },
        actions: { goBack: () => goBack() },
      }),
    [],
  );
  const [state, send] = useMachine(machine);
  return (
    <>
      <PageHeader title={t('titles.changeMobile')} />
      <ChangeMobileView state={state} send={send} />
    </>
  );
}
