/**
 * Where an operator goes after signing in to the platform area. The server keeps `returnTo` across
 * the identity provider's round trip and the sign-in page follows it, so both apply this one rule:
 * a page of the platform area, with its query (a queue's filter, a page number), and nothing that a
 * browser or a router could resolve to another place.
 */

export const PLATFORM_HOME = '/plateform/verifications';

const PLATFORM_PREFIX = '/plateform/';
const MAX_LENGTH = 512;
// printable ASCII only: browsers percent-encode everything else in `location`, so anything else was typed in by someone
const PRINTABLE = /^[\x21-\x7e]*$/;
// `//` and `\` can become a host for a URL parser, `#` would take part of the address away from the server
const REFUSED = /\/\/|\\|#/;

export function safePlatformReturnTo(candidate: unknown): string {
  if (typeof candidate !== 'string' || candidate.length > MAX_LENGTH) return PLATFORM_HOME;
  if (!candidate.startsWith(PLATFORM_PREFIX) || !PRINTABLE.test(candidate) || REFUSED.test(candidate)) return PLATFORM_HOME;
  const queryAt = candidate.indexOf('?');
  const path = queryAt === -1 ? candidate : candidate.slice(0, queryAt);
  // the sign-in page itself (`/plateform/`) is where the operator is already
  if (path.length === PLATFORM_PREFIX.length) return PLATFORM_HOME;
  return path.split('/').every(isPlainSegment) ? candidate : PLATFORM_HOME;
}

/** URL parsers resolve `%2e%2e` as `..` and some routers decode `%2f` into a separator: judge a segment decoded. */
function isPlainSegment(segment: string): boolean {
  let decoded: string;
  try {
    decoded = decodeURIComponent(segment);
  } catch {
    return false;
  }
  return decoded !== '.' && decoded !== '..' && !/[/\\\x00-\x1f\x7f]/.test(decoded);
}
