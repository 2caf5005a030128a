import { storage } from './storage.ts';

/**
 * The operator's token lives in the stored UserInfo's `token` (spec §3: "token (platform area)"),
 * which services/auth-info.ts sends as SSO-AUTH from `/plateform/` pages. It is merged into what is
 * stored, so a member signed in on the same browser keeps their h5Token, and removed alone.
 */
export const PLATFORM_SIGN_IN = '/plateform/';

/** Single sign-on starts on the server, which comes back to the sign-in page with `returnTo` passed on. */
export const singleSignOnUrl = (returnTo: string) => `/sso/login?returnTo=${encodeURIComponent(returnTo)}`;

export const storedOperatorToken = (): string | null => storage.getUserInfo()?.token ?? null;

export function storeOperatorToken(token: string) {
  storage.setUserInfo({ ...storage.getUserInfo(), token });
}

export function forgetOperatorToken() {
  const { token: _token, ...rest } = storage.getUserInfo() ?? {};
  storage.setUserInfo(Object.keys(rest).length > 0 ? rest : null);
}
