import { LEGACY_HEADERS } from './contract/answerCodes.ts';
import { storage } from '../src/lib/storage.ts';
import { signalSessionExpired } from './session-signal.ts';

/**
 * Members' documents (images, PDFs) for operators: `GET /platform/files/<fileId>` with the operator's
 * token in the `sso-auth-token` header. No cookie carries it, so an `<img src>` cannot load them: the
 * file is fetched as a blob and shown through an object URL, which the caller revokes when done.
 */
export const PLATFORM_FILES_PATH = '/platform/files/';

export type OperatorFile =
  | { ok: true; url: string; contentType: string }
  | { ok: false; reason: 'expired' | 'forbidden' | 'notFound' | 'unreachable' };

/**
 * Types a page may render from a blob URL. A blob URL has the page's origin, so anything else
 * (an HTML or SVG file, say) becomes a plain download rather than a document that could run script.
 */
const SHOWN_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'application/pdf'];

export const isImage = (contentType: string) => contentType.startsWith('image/');
export const isPdf = (contentType: string) => contentType === 'application/pdf';

export async function fetchOperatorFile(fileId: string, signal?: AbortSignal): Promise<OperatorFile> {
  const user = storage.getUserInfo() ?? {};
  let response: Response;
  try {
    response = await fetch(`${PLATFORM_FILES_PATH}${encodeURIComponent(fileId)}`, {
      headers: { [LEGACY_HEADERS.ssoAuth]: user.token ?? user.ssoToken ?? '' },
      credentials: 'omit',
      cache: 'no-store',
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    return { ok: false, reason: 'unreachable' };
  }
  if (response.status === 401) {
    // the session machine alone handles a lost session (message, then the sign-in page)
    signalSessionExpired();
    return { ok: false, reason: 'expired' };
  }
  if (response.status === 403) return { ok: false, reason: 'forbidden' };
  if (response.status === 404) return { ok: false, reason: 'notFound' };
  if (!response.ok) return { ok: false, reason: 'unreachable' };
  let blob: Blob;
  try {
    blob = await response.blob();
  } catch (error) {
    if (signal?.aborted) throw error;
    return { ok: false, reason: 'unreachable' };
  }
  const declared = (response.headers.get('content-type') ?? blob.type).split(';')[0]!.trim().toLowerCase();
  const contentType = SHOWN_TYPES.includes(declared) ? declared : 'application/octet-stream';
  return { ok: true, url: URL.createObjectURL(new Blob([blob], { type: contentType })), contentType };
}

export const releaseOperatorFile = (url: string) => URL.revokeObjectURL(url);
