import { fromPromise } from 'xstate';
import { changeMobileMachine, type ChangeMobileCodeRequest } from '../../machines/changeMobile.machine.ts';
import { sendCodeWith } from './sendCode.ts';
import type { ActorsOf } from '../../machines/outcome.ts';
import { requestGateway } from '../../services/gateway.ts';
import { uploadGatewayFile } from '../../services/upload.ts';

/** Changing the account's mobile number: where a change stands, the identity check, both codes, the binding or the photos for review. */
export const changeMobileActors = {
  loadStatus: fromPromise(() => requestGateway('selfservice/changemobile/advance', {}, { quiet: true })),
  checkIdentity: fromPromise(({ input }) => requestGateway('selfservice/changemobile/identityCheck', input)),
  sendCode: sendCodeWith((request: ChangeMobileCodeRequest, captchaToken) =>
    requestGateway('common/setting/getVerifyCode', { ticket: request.ticket, newMobile: request.newMobile, oldNumberAvailable: request.oldNumberAvailable === 'yes', captchaToken: captchaToken ?? undefined }),
  ),
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
} satisfies ActorsOf<typeof changeMobileMachine>;

export const changeMobileFlow = changeMobileMachine.provide({ actors: changeMobileActors });
