import { composeOfflineCode, counterAt, counterBytes, stepEndsAt, truncatedDigits } from '../../services/offlinePaymentCode.ts';

/**
 * This phone's offline payment code (README "Payment code without signal"): the enrolment the server
 * gave when the member turned it on, kept "as the platform allows": in IndexedDB as a non-extractable
 * HMAC CryptoKey (page scripts can sign with it but never read its bytes back), else, where IndexedDB
 * cannot be opened (some private modes, old webviews), the secret in localStorage. Bound to the
 * member who turned it on; wiped on logout and when it is turned off. The codes are derived on the
 * server's clock: the difference to this phone's, learnt at each answer, is kept with it.
 */
export interface KeptEnrolment {
  memberId: string;
  deviceNo: string;
  validUntil: string;
  key: CryptoKey;
  /** Server's clock − this phone's, in ms, when last online (0 until known). */
  clockOffsetMs: number;
}

/** The server's clock against this phone's, from an answer's `serverTime` (0 without one). */
export const clockOffsetFrom = (serverTime: string | undefined, now = Date.now()): number => {
  const server = serverTime ? Date.parse(serverTime) : NaN;
  return Number.isFinite(server) ? server - now : 0;
};

const DATABASE = 'kw-offline-payment-code';
const STORE = 'enrolment';
const RECORD = 'this-phone';
const FALLBACK = 'kwOfflinePaymentCode';

const fromBase64url = (text: string): Uint8Array<ArrayBuffer> => Uint8Array.from(atob(text.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));
const importSecret = (secret: string) => crypto.subtle.importKey('raw', fromBase64url(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);

function openStore(): Promise<IDBDatabase | null> {
  if (typeof indexedDB === 'undefined') return Promise.resolve(null);
  return new Promise((resolve) => {
    try {
      const request = indexedDB.open(DATABASE, 1);
      request.onupgradeneeded = () => request.result.createObjectStore(STORE);
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => resolve(null);
      request.onblocked = () => resolve(null);
    } catch {
      resolve(null);
    }
  });
}

async function inStore<T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest<T>): Promise<{ value: T } | null> {
  const db = await openStore();
  if (!db) return null;
  return new Promise((resolve) => {
    try {
      const transaction = db.transaction(STORE, mode);
      const request = work(transaction.objectStore(STORE));
      transaction.oncomplete = () => { db.close(); resolve({ value: request.result }); };
      transaction.onerror = () => { db.close(); resolve(null); };
      transaction.onabort = () => { db.close(); resolve(null); };
    } catch {
      db.close();
      resolve(null);
    }
  });
}

interface FallbackRecord { memberId: string; deviceNo: string; validUntil: string; secret: string; clockOffsetMs?: number }

const readFallback = (): FallbackRecord | null => {
  try {
    return JSON.parse(localStorage.getItem(FALLBACK) ?? 'null') as FallbackRecord | null;
  } catch {
    return null;
  }
};

/** Keeps a new enrolment (its secret imported as a non-extractable key where IndexedDB takes it). Where it went, for the tests. */
export async function keepEnrolment(memberId: string, enrolment: { deviceNo: string; validUntil: string; secret: string; serverTime?: string }): Promise<'indexedDB' | 'localStorage'> {
  const key = await importSecret(enrolment.secret);
  const clockOffsetMs = clockOffsetFrom(enrolment.serverTime);
  const record: KeptEnrolment = { memberId, deviceNo: enrolment.deviceNo, validUntil: enrolment.validUntil, key, clockOffsetMs };
  if (await inStore('readwrite', (store) => store.put(record, RECORD))) {
    localStorage.removeItem(FALLBACK);
    return 'indexedDB';
  }
  localStorage.setItem(FALLBACK, JSON.stringify({ memberId, deviceNo: enrolment.deviceNo, validUntil: enrolment.validUntil, secret: enrolment.secret, clockOffsetMs } satisfies FallbackRecord));
  return 'localStorage';
}

/**
 * The enrolment this phone keeps for `memberId`. Another member's, left on a shared phone (their
 * session ended without a logout), is not theirs to use: it is wiped when someone else reads.
 */
export async function readEnrolment(memberId: string | undefined): Promise<KeptEnrolment | null> {
  const stored = (await inStore<KeptEnrolment | undefined>('readonly', (store) => store.get(RECORD) as IDBRequest<KeptEnrolment | undefined>))?.value;
  const kept = stored ?? await (async () => {
    const fallback = readFallback();
    return fallback ? { memberId: fallback.memberId, deviceNo: fallback.deviceNo, validUntil: fallback.validUntil, key: await importSecret(fallback.secret), clockOffsetMs: fallback.clockOffsetMs ?? 0 } : null;
  })();
  if (kept && memberId && kept.memberId !== memberId) {
    await forgetEnrolment();
    return null;
  }
  return kept && memberId ? { ...kept, clockOffsetMs: kept.clockOffsetMs ?? 0 } : null;
}

/** The server pushed the enrolment's offline life on (an online code was issued), and told its clock. */
export async function extendEnrolment(kept: KeptEnrolment, validUntil: string, serverTime?: string): Promise<void> {
  const clockOffsetMs = serverTime ? clockOffsetFrom(serverTime) : kept.clockOffsetMs;
  if (await inStore('readwrite', (store) => store.put({ ...kept, validUntil, clockOffsetMs }, RECORD))) return;
  const fallback = readFallback();
  if (fallback) localStorage.setItem(FALLBACK, JSON.stringify({ ...fallback, validUntil, clockOffsetMs }));
}

/** Wipes this phone's secret (logout, turned off, revoked): from here on it makes no codes. */
export async function forgetEnrolment(): Promise<void> {
  localStorage.removeItem(FALLBACK);
  await inStore('readwrite', (store) => store.delete(RECORD));
}

/** The code this phone shows at an instant of its own clock (put on the server's), and when the next one replaces it (on the phone's clock). */
export async function offlineCodeAt(kept: KeptEnrolment, phoneMs: number): Promise<{ code: string; changesAt: string }> {
  const serverMs = phoneMs + kept.clockOffsetMs;
  const hmac = new Uint8Array(await crypto.subtle.sign('HMAC', kept.key, counterBytes(counterAt(serverMs))));
  return { code: composeOfflineCode(kept.deviceNo, truncatedDigits(hmac)), changesAt: new Date(stepEndsAt(serverMs) - kept.clockOffsetMs).toISOString() };
}
