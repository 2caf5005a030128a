import type { LoginTokenType } from './contract/envelope.ts';
import { storage } from '../src/lib/storage.ts';

export interface AuthInfo {
  loginToken: string;
  loginTokenType: LoginTokenType;
  partnerId: string;
  isEnt: boolean;
}

/**
 * Which token a call carries depends on the page (spec §4): `/app/` pages the member's h5Token,
 * `/plateform/` pages the operator's SSO token, other pages the face open id when there is one.
 */
export function authForPath(pathname: string): AuthInfo {
  const user = storage.getUserInfo() ?? {};
  const base = { partnerId: user.partnerId ?? '', isEnt: user.memberType === 'enterprise' };
  if (pathname.includes('/app/')) return { ...base, loginToken: user.h5Token ?? '', loginTokenType: 'LOGIN-TOKEN' };
  if (pathname.includes('/plateform/')) return { ...base, loginToken: user.token ?? user.ssoToken ?? '', loginTokenType: 'SSO-AUTH' };
  const faceOpenId = storage.getFaceOpenId();
  if (faceOpenId) return { ...base, loginToken: faceOpenId, loginTokenType: 'THIRD-PARTY-AUTH' };
  return { ...base, loginToken: user.h5Token ?? '', loginTokenType: 'LOGIN_TOKEN' };
}
