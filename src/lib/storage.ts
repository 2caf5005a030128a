import type { Language } from './language.ts';

/**
 * The client-stored items of spec §3, behind one module. Values are JSON in localStorage, except
 * the language (session storage `LANG`, lower case, and the same in localStorage for other tabs)
 * and the secure keypad's one-time keys.
 */
export interface UserInfo {
  token?: string;
  h5Token?: string;
  userToken?: string;
  ssoToken?: string;
  partnerId?: string;
  loginUrl?: string;
  loginTokenType?: string;
  memberId?: string;
  memberType?: 'individual' | 'enterprise';
  displayName?: string;
}

export interface UserInfoDevice {
  kjtToken?: string;
  deviceId?: string;
  deviceType?: string;
}

export interface KeypadKeys {
  mapArr?: string;
  randKey?: string;
  rsaPublicKey?: string;
}

const KEYS = {
  userInfo: 'UserInfo',
  userInfoDevice: 'UserInfoDevice',
  bankInfo: 'BankInfo',
  commonUrl: 'CommonUrl',
  faceOpenId: 'faceOpenId',
  backUrl: 'backUrl',
  language: 'LANG',
  enterpriseDraft: 'EnterpriseDraft',
  pendingTopup: 'PendingTopup',
  pendingWithdrawal: 'PendingWithdrawal',
  pendingDraw: 'PendingDraw',
} as const;

/** A lottery draw sent whose outcome is not known yet: the activity and the requestNo it went under. */
export interface PendingDraw {
  activityId: string;
  requestNo: string;
}

/** As stored: whose draw it is (`m:<memberId>`, else `s:<a fingerprint of the session's token>`). */
interface StoredPendingDraw extends PendingDraw {
  owner: string;
}

function read<T>(area: Storage | undefined, key: string): T | null {
  try {
    const raw = area?.getItem(key);
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null; // a corrupted item reads as absent rather than breaking the app
  }
}

function write(area: Storage | undefined, key: string, value: unknown) {
  try {
    if (value === null || value === undefined) area?.removeItem(key);
    else area?.setItem(key, JSON.stringify(value));
  } catch {
    // private mode or a full quota: the app keeps working without persistence
  }
}

const local = () => (typeof localStorage === 'undefined' ? undefined : localStorage);
const session = () => (typeof sessionStorage === 'undefined' ? undefined : sessionStorage);

/** FNV-1a of a token: tells one session from another without keeping the token a second time. */
function fingerprint(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return (hash >>> 0).toString(36);
}

/** Who is signed in, as a pending draw names its owner: the member, else the session; null signed out. */
function drawOwner(): string | null {
  const user = read<UserInfo>(local(), KEYS.userInfo);
  if (user?.memberId) return `m:${user.memberId}`;
  const token = user?.h5Token ?? user?.token ?? user?.userToken ?? user?.ssoToken;
  return token ? `s:${fingerprint(token)}` : null;
}

/** Only keeps the device fields that carry a value (spec §3). */
function nonEmpty(device: UserInfoDevice): UserInfoDevice {
  return Object.fromEntries(Object.entries(device).filter(([, v]) => typeof v === 'string' && v !== '')) as UserInfoDevice;
}

export const storage = {
  getUserInfo: () => read<UserInfo>(local(), KEYS.userInfo),
  setUserInfo: (info: UserInfo | null) => write(local(), KEYS.userInfo, info),
  getUserInfoDevice: () => read<UserInfoDevice>(local(), KEYS.userInfoDevice),
  setUserInfoDevice: (device: UserInfoDevice) => write(local(), KEYS.userInfoDevice, nonEmpty({ ...storage.getUserInfoDevice(), ...device })),
  getBankInfo: <T>() => read<T>(local(), KEYS.bankInfo),
  setBankInfo: (info: unknown) => write(local(), KEYS.bankInfo, info),
  getCommonUrl: <T>() => read<T>(local(), KEYS.commonUrl),
  setCommonUrl: (urls: unknown) => write(local(), KEYS.commonUrl, urls),
  getFaceOpenId: () => read<string>(local(), KEYS.faceOpenId),
  setFaceOpenId: (id: string | null) => write(local(), KEYS.faceOpenId, id),
  getBackUrl: () => read<string>(session(), KEYS.backUrl),
  setBackUrl: (url: string | null) => write(session(), KEYS.backUrl, url),
  /** The enterprise verification form being filled in this tab (survives a reload, not the tab). */
  getEnterpriseDraft: () => read<unknown>(session(), KEYS.enterpriseDraft),
  setEnterpriseDraft: (draft: unknown) => write(session(), KEYS.enterpriseDraft, draft),
  /** A top-up or withdrawal this tab left waiting for the bank, so a reload comes back to it. */
  getPendingTopup: () => read<string>(session(), KEYS.pendingTopup),
  setPendingTopup: (orderNo: string | null) => write(session(), KEYS.pendingTopup, orderNo),
  getPendingWithdrawal: () => read<string>(session(), KEYS.pendingWithdrawal),
  setPendingWithdrawal: (withdrawNo: string | null) => write(session(), KEYS.pendingWithdrawal, withdrawNo),
  /**
   * The lottery draw sent and not answered yet, so a reload, or the app killed and opened again,
   * asks what it gave (local storage: it outlives the tab). Only the owner's: another member or
   * session signed in on this device reads none.
   */
  getPendingDraw: (): PendingDraw | null => {
    const stored = read<StoredPendingDraw>(local(), KEYS.pendingDraw);
    const owner = drawOwner();
    if (!stored || owner === null || stored.owner !== owner || typeof stored.activityId !== 'string' || typeof stored.requestNo !== 'string') return null;
    return { activityId: stored.activityId, requestNo: stored.requestNo };
  },
  /** Kept under the one signed in (nothing kept signed out); null: its outcome is known. */
  setPendingDraw: (draw: PendingDraw | null) => {
    const owner = drawOwner();
    if (draw === null) write(local(), KEYS.pendingDraw, null);
    else if (owner !== null) write(local(), KEYS.pendingDraw, { owner, activityId: draw.activityId, requestNo: draw.requestNo } satisfies StoredPendingDraw);
  },
  /**
   * The language choice: this tab's (session storage `LANG`, spec §3), else the last one made in
   * any tab of this browser (local storage `LANG`), so a new tab, or a page a link opens in one,
   * reads in the language chosen.
   */
  getLanguage: (): string | null => session()?.getItem(KEYS.language) ?? local()?.getItem(KEYS.language) ?? null,
  setLanguage: (language: Language) => {
    for (const area of [session(), local()]) area?.setItem(KEYS.language, language.toLowerCase());
  },
  getKeypadKeys: (): KeypadKeys => ({
    mapArr: session()?.getItem('mapArr') ?? undefined,
    randKey: session()?.getItem('randKey') ?? undefined,
    rsaPublicKey: session()?.getItem('rsaPublicKey') ?? undefined,
  }),
  setKeypadKeys: (keys: Required<KeypadKeys>) => {
    for (const [k, v] of Object.entries(keys)) session()?.setItem(k, v);
  },
  /** Called when the secure keypad hides: the one-time keys never outlive it. */
  clearKeypadKeys: () => {
    for (const k of ['mapArr', 'randKey', 'rsaPublicKey']) session()?.removeItem(k);
  },
  /** Logout: every user item goes; the language choice stays. */
  clearUserItems: () => {
    for (const key of [KEYS.userInfo, KEYS.userInfoDevice, KEYS.bankInfo, KEYS.commonUrl, KEYS.faceOpenId, KEYS.pendingDraw]) local()?.removeItem(key);
    for (const key of [KEYS.backUrl, KEYS.enterpriseDraft, KEYS.pendingTopup, KEYS.pendingWithdrawal]) session()?.removeItem(key);
    storage.clearKeypadKeys();
  },
};
