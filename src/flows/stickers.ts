import { fromPromise } from 'xstate';
import { stickersMachine, type DownloadRefusal } from '../../machines/stickers.machine.ts';
import type { ActorsOf } from '../../machines/outcome.ts';
import { LEGACY_HEADERS } from '../../services/contract/answerCodes.ts';
import { requestGateway } from '../../services/gateway.ts';
import type { Outcome } from '../../services/contract/outcome.ts';
import { signalSessionExpired } from '../../services/session-signal.ts';
import { transportUi } from '../../services/transport-ui.ts';
import { storedOperatorToken } from '../lib/operatorSession.ts';
import { saveFile } from '../lib/saveFile.ts';

/** Where a batch's print-ready sheet is served (operators only, header `sso-auth-token`). */
export const stickerSheetPath = (batchId: string) => `/platform/stickers/${encodeURIComponent(batchId)}.pdf`;

const refused = (code: DownloadRefusal): Outcome<never> => ({ ok: false, code, message: code, detail: '' });

/**
 * A batch's PDF, fetched as the operators' document files are (services/platformFiles.ts): the
 * token goes in the header, never in a URL, so a link cannot carry it and the file comes as a blob.
 * A lost session is the session chart's to handle, as for any call.
 */
export async function fetchStickerSheet(batchId: string, base = ''): Promise<Outcome<Blob>> {
  let response: Response;
  try {
    // the placards' tagline in the operator's language, as every call's answers
    response = await fetch(`${base}${stickerSheetPath(batchId)}?language=${encodeURIComponent(transportUi().t('languageCode'))}`, {
      headers: { [LEGACY_HEADERS.ssoAuth]: storedOperatorToken() ?? '' },
      credentials: 'omit',
      cache: 'no-store',
    });
  } catch {
    return refused('unreachable');
  }
  if (response.status === 401) {
    signalSessionExpired();
    return refused('expired');
  }
  if (response.status === 403) return refused('forbidden');
  if (response.status === 404) return refused('notFound');
  if (!response.ok) return refused('unreachable');
  try {
    // saved, never shown: a PDF type whatever the answer said
    return { ok: true, data: new Blob([await response.blob()], { type: 'application/pdf' }) };
  } catch {
    return refused('unreachable');
  }
}

export const stickersActors = {
  loadBatches: fromPromise(({ input }: { input: { page: number } }) => requestGateway('platform/stickers/batches', input, { quiet: true })),
  issueBatch: fromPromise(({ input }: { input: { count: number } }) => requestGateway('platform/stickers/issue', input)),
  downloadBatch: fromPromise(async ({ input }: { input: { batchId: string } }): Promise<Outcome<{ saved: true }>> => {
    const sheet = await fetchStickerSheet(input.batchId);
    if (!sheet.ok) return sheet;
    saveFile(sheet.data, `kwanza-wallet-stickers-${input.batchId}.pdf`);
    return { ok: true, data: { saved: true } };
  }),
} satisfies ActorsOf<typeof stickersMachine>;

export const stickersFlow = stickersMachine.provide({ actors: stickersActors });
