/** Marker sent as deviceId when no fingerprint is ready within the fallback delay (spec §9: 500 ms). */
export const NO_FINGERPRINT = 'NO_FINGERPRINT';
export const FINGERPRINT_FALLBACK_MS = 500;

let fingerprint: Promise<string> | null = null;

async function computeFingerprint(): Promise<string> {
  const traits = [
    navigator.userAgent,
    navigator.language,
    `${screen.width}x${screen.height}x${screen.colorDepth}`,
    Intl.DateTimeFormat().resolvedOptions().timeZone,
    String(navigator.hardwareConcurrency ?? ''),
  ].join('|');
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(traits));
  return Array.from(new Uint8Array(digest).slice(0, 16), (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * The device fingerprint, or the no-fingerprint marker when it takes longer than the fallback
 * delay or the browser cannot compute it.
 */
export function deviceId(): Promise<string> {
  fingerprint ??= computeFingerprint().catch(() => NO_FINGERPRINT);
  return Promise.race([
    fingerprint,
    new Promise<string>((resolve) => setTimeout(() => resolve(NO_FINGERPRINT), FINGERPRINT_FALLBACK_MS)),
  ]);
}

/** Which native shell, if any, the page runs in. */
export function nativeShell(userAgent = typeof navigator === 'undefined' ? '' : navigator.userAgent): 'ios' | 'android' | null {
  if (!/KwanzaWallet|wv\)|; wv/.test(userAgent)) return null;
  if (/iPhone|iPad|iPod/.test(userAgent)) return 'ios';
  if (/Android/.test(userAgent)) return 'android';
  return null;
}

/** The Network Information API's part we read (Chromium and Android webviews; Safari and Firefox have none). */
interface NetworkInformation {
  type?: string;
  effectiveType?: string;
}

/**
 * `terminalInfo.userNetType`: the connection's kind where the browser says it (`wifi`,
 * `ethernet`…), else how fast it behaves (`4g`, `3g`, `2g`, `slow-2g`); empty where the browser
 * has no Network Information API.
 */
export function userNetType(nav: { connection?: NetworkInformation } | undefined = typeof navigator === 'undefined' ? undefined : (navigator as { connection?: NetworkInformation })): string {
  const connection = nav?.connection;
  if (!connection) return '';
  const type = connection.type?.toLowerCase();
  // "cellular" says less than the effective type does, and "unknown"/"other" say nothing
  if (type && !['cellular', 'unknown', 'other', 'none'].includes(type)) return type.slice(0, 32);
  return (connection.effectiveType ?? type ?? '').toLowerCase().slice(0, 32);
}
