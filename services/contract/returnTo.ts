/**
 * Where someone is sent after signing in, or back to: one rule for the member app and the platform
 * area. The address is a path of this site with its query (a queue's filter, a page number), and
 * nothing that a browser or a router could resolve to another place. The platform area adds that
 * it is one of its pages (the server keeps `returnTo` across the identity provider's round trip and
 * the sign-in page follows it); the app adds that it is one of its routes
 * (services/routeTable.ts `safeAppReturnTo`).
 */

export const PLATFORM_HOME = '/plateform/verifications';

const PLATFORM_PREFIX = '/plateform/';
const MAX_LENGTH = 512;
// printable ASCII only: browsers percent-encode everything else in `location`, so anything else was typed in by someone
const PRINTABLE = /^[\x21-\x7e]*$/;
// `//` and `\` can become a host for a URL parser, `#` would take part of the address away from the server
const REFUSED = /\/\/|\\|#/;

/**
 * The path part of `candidate` when it is a plain path of this site (`/…`, printable, at most 512
 * characters, no `//`, `\` or `#` anywhere, no segment that decodes to `.`, `..`, a separator or a
 * control character); null otherwise.
 */
export function plainSitePath(candidate: unknown): string | null {
  if (typeof candidate !== 'string' || candidate.length > MAX_LENGTH) return null;
  if (!candidate.startsWith('/') || !PRINTABLE.test(candidate) || REFUSED.test(candidate)) return null;
  const queryAt = candidate.indexOf('?');
  const path = queryAt === -1 ? candidate : candidate.slice(0, queryAt);
  return path.split('/').slice(1).every((segment, i, all) => isPlainSegment(segment) || (segment === '' && i === all.length - 1)) ? path : null;
}

/** A page of the platform area; anything else is the verifications queue. */
export function safePlatformReturnTo(candidate: unknown): string {
  const path = plainSitePath(candidate);
  if (path === null || !path.startsWith(PLATFORM_PREFIX)) return PLATFORM_HOME;
  // the sign-in page itself (`/plateform/`) is where the operator is already
  if (path.length === PLATFORM_PREFIX.length) return PLATFORM_HOME;
  return candidate as string;
}

/** URL parsers resolve `%2e%2e` as `..` and some routers decode `%2f` into a separator: judge a segment decoded. */
function isPlainSegment(segment: string): boolean {
  let decoded: string;
  try {
    decoded = decodeURIComponent(segment);
  } catch {
    return false;
  }
  return decoded !== '' && decoded !== '.' && decoded !== '..' && !/[/\\\x00-\x1f\x7f]/.test(decoded);
}
