import { CODES, LEGACY_HEADERS, UPLOAD_LIMIT_MB } from './contract/answerCodes.ts';
import type { GatewayAnswer, LegacyAnswer } from './contract/envelope.ts';
import { buildEnvelope, type GatewayOptions } from './gateway.ts';
import { legacyHeaders } from './legacy.ts';
import { compressForUpload } from './compress.ts';
import { signalSessionExpired } from './session-signal.ts';
import { DURATIONS, transportUi } from './transport-ui.ts';
import { http, never } from './http.ts';

export interface UploadedFile {
  fileId: string;
  fileName: string;
  contentType: string;
  size: number;
}

export interface UploadOptions {
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

const progressOf = (options: UploadOptions) => (event: { loaded: number; total?: number }) =>
  options.onProgress?.(event.total ? Math.min(1, event.loaded / event.total) : 0);

/**
 * Refused here rather than after sending megabytes over a phone connection (the server refuses too,
 * and may close the connection before a browser reads its answer).
 */
function checkSize<T extends Blob>(body: T): T {
  if (body.size <= UPLOAD_LIMIT_MB * 1024 * 1024) return body;
  const ui = transportUi();
  ui.toast(ui.t(`errors.${CODES.uploadTooLarge}`), { kind: 'fail', durationMs: DURATIONS.uploadFailure });
  throw new Error(CODES.uploadTooLarge);
}

/** A refusal the server sent with an error status (413, 415) still carries its code and message. */
function refusalIn(error: unknown): { code: string; message: string } | null {
  const data = (error as { response?: { data?: { code?: unknown; status?: unknown; msg?: unknown; subMsg?: unknown; message?: unknown } } }).response?.data;
  const code = data?.code ?? data?.status;
  if (typeof code !== 'string' || !/^[A-Z]{3}\d{5}$/.test(code)) return null;
  return { code, message: String(data?.subMsg || data?.msg || data?.message || '') };
}

function refused(refusal: { code: string; message: string }): never {
  const ui = transportUi();
  ui.toast(refusal.message || ui.t(`errors.${refusal.code}`), { kind: 'fail', durationMs: DURATIONS.apiError });
  throw new Error(refusal.code);
}

function uploadFailed(): never {
  const ui = transportUi();
  ui.toast(ui.t('network.uploadFailed'), { kind: 'fail', durationMs: DURATIONS.uploadFailure });
  throw new Error('upload failed');
}

/** Ordinary upload: `{gateway}/common/file/uploadFile?…&memberId=`, field `file_select`, status 0. */
export async function uploadFile(file: File, memberId: string, query: Record<string, string> = {}, options: UploadOptions = {}): Promise<UploadedFile> {
  const ui = transportUi();
  const form = new FormData();
  form.append('file_select', checkSize(await compressForUpload(file, 'ordinary')));
  const params = new URLSearchParams({ ...query, language: ui.t('languageCode') });
  const headers = legacyHeaders();
  delete headers['Content-Type']; // the browser sets the multipart boundary
  let answer: LegacyAnswer<UploadedFile>;
  try {
    const response = await http.post(`/gatewayinner/common/file/uploadFile?${params}&memberId=${encodeURIComponent(memberId)}`, form, {
      headers: { ...headers, [LEGACY_HEADERS.agent]: 'H5', 'Content-Type': 'multipart/form-data' },
      onUploadProgress: progressOf(options),
      signal: options.signal,
      timeout: 0,
    });
    answer = response.data;
  } catch (error) {
    const refusal = refusalIn(error);
    return refusal ? refused(refusal) : uploadFailed();
  }
  if (!answer || typeof answer !== 'object') return uploadFailed();
  if (String(answer.status) === '1004') {
    signalSessionExpired();
    return never();
  }
  if (String(answer.status) !== '0' || !answer.body) {
    ui.toast(answer.message, { kind: 'fail', durationMs: DURATIONS.apiError });
    throw new Error(String(answer.status));
  }
  return answer.body;
}

/** Gateway upload: `{gateway}/uploadFile` with file, bizType, sysCode, language and the envelope. */
export async function uploadGatewayFile(
  file: File,
  bizType = 'Photocopies',
  options: UploadOptions & Pick<GatewayOptions, 'auth' | 'language'> = {},
): Promise<UploadedFile> {
  const ui = transportUi();
  const envelope = await buildEnvelope('uploadFile', {}, options);
  const form = new FormData();
  form.append('bizType', bizType);
  form.append('sysCode', 'gateway-inner');
  form.append('language', envelope.language);
  form.append('requestBaseStr', JSON.stringify(envelope));
  form.append('file', checkSize(await compressForUpload(file, 'gateway'))); // last, so the fields are read first
  let answer: GatewayAnswer<UploadedFile>;
  try {
    const response = await http.post('/gatewayinner/uploadFile', form, {
      headers: { 'Content-Type': 'multipart/form-data' },
      onUploadProgress: progressOf(options),
      signal: options.signal,
      timeout: 0,
    });
    answer = response.data;
  } catch (error) {
    const refusal = refusalIn(error);
    return refusal ? refused(refusal) : uploadFailed();
  }
  if (!answer || typeof answer !== 'object') return uploadFailed();
  if (answer.code === CODES.sessionLost) {
    signalSessionExpired();
    return never();
  }
  if (answer.code !== CODES.ok || !answer.bizContent) {
    ui.toast(answer.subMsg || answer.msg, { kind: 'fail', durationMs: DURATIONS.apiError });
    throw new Error(answer.code);
  }
  return answer.bizContent;
}
