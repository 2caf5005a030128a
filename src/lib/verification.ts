import { storage } from './storage.ts';

export type MemberType = 'individual' | 'enterprise';

/**
 * Where a member verifies: a person gives the B.I. (`/app/personalcert`); a company fills in the
 * enterprise verification (`/app/enterprisecert`, which shows where its request stands once one
 * is sent). Every "verify first" link goes through here, so a company is never sent to the B.I.
 */
export function verificationHref(memberType: MemberType | undefined = storage.getUserInfo()?.memberType): string {
  return memberType === 'enterprise' ? '/app/enterprisecert' : '/app/personalcert';
}

/** The signed-in member's type as stored at sign-in (individual when not known). */
export const signedInMemberType = (): MemberType => storage.getUserInfo()?.memberType ?? 'individual';
