import { plainSitePath } from '../returnTo.ts';

/**
 * Where an operator goes after signing in to the platform area. The server keeps `returnTo` across
 * the identity provider's round trip and the sign-in page follows it, so both apply this rule: the
 * site's one rule for return addresses (returnTo.ts), and a page of the platform area.
 */
export const PLATFORM_HOME = '/plateform/verifications';

const PLATFORM_PREFIX = '/plateform/';

/** A page of the platform area; anything else is the verifications queue. */
export function safePlatformReturnTo(candidate: unknown): string {
  const path = plainSitePath(candidate);
  if (path === null || !path.startsWith(PLATFORM_PREFIX)) return PLATFORM_HOME;
  // the sign-in page itself (`/plateform/`) is where the operator is already
  if (path.length === PLATFORM_PREFIX.length) return PLATFORM_HOME;
  return candidate as string;
}
