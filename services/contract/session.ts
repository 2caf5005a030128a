import { z } from 'zod';
import { defineService } from './define.ts';

export const memberProfileSchema = z.object({
  memberId: z.string(),
  memberType: z.enum(['individual', 'enterprise']),
  /**
   * The name the member gave, or null: a person's verified name; a company's trade name (its
   * merchant's, else the short name of its enterprise verification). Never the mobile or e-mail.
   */
  displayName: z.string().nullable(),
  mobile: z.string().nullable(),
  email: z.string().nullable(),
  language: z.string(),
});
export type MemberProfile = z.infer<typeof memberProfileSchema>;

/** `index/:token`: a native app or operator hands a login token in the URL; this checks it. */
export const checkAuthToken = defineService({
  name: 'common/authLogin/checkAuthToken',
  audience: 'member',
  request: z.object({}),
  response: memberProfileSchema,
});

/** Ends the session of the token that calls it. */
export const logout = defineService({
  name: 'common/logout',
  audience: 'member',
  request: z.object({}),
  response: z.object({ loggedOut: z.literal(true) }),
});

export const loginResultSchema = z.object({
  loginToken: z.string(),
  profile: memberProfileSchema,
});
export type LoginResult = z.infer<typeof loginResultSchema>;
