import { ROUTES, type RouteDeclaration } from './routeTable.ts';

/**
 * Where someone is sent back to: after signing in (`safeAppReturnTo`, `safePlatformReturnTo`) and by
 * the back control without history (`backOf`). After signing in, one rule for the member app and
 * the platform area. The address is a path of this site with its query (a queue's filter, a page number), and
 * nothing that a browser or a router could resolve to another place (`plainSitePath`). The app adds
 * that it opens one of its routes (`safeAppReturnTo`); the platform area that it is one of its pages
 * (`safePlatformReturnTo`, services/contract/platformReturnTo.ts). Here, not in the route table, so
 * the first page does not carry it: only the pages that send people back use it.
 */

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

export const withoutTrailingSlash = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') || '/' : path);

/**
 * The route a path (without its query) opens and its parameters, as the router matches it: each
 * `$name` segment must match its pattern; where two routes match, the one with more fixed segments.
 * Null for the not-found screen.
 */
export function matchRoute(pathname: string): { route: RouteDeclaration; params: Record<string, string> } | null {
  const segments = withoutTrailingSlash(pathname).split('/').slice(1);
  let best: { route: RouteDeclaration; params: Record<string, string>; fixed: number } | null = null;
  for (const route of ROUTES) {
    const pattern = route.path.split('/').slice(1);
    if (pattern.length !== segments.length) continue;
    const params: Record<string, string> = {};
    let fixed = 0;
    const matches = pattern.every((part, i) => {
      const segment = segments[i]!;
      if (!part.startsWith('$')) return part === segment && ++fixed > 0;
      let value: string;
      try {
        value = decodeURIComponent(segment);
      } catch {
        return false;
      }
      params[part.slice(1)] = value;
      return value !== '' && (route.params?.[part.slice(1)]?.test(value) ?? true);
    });
    if (matches && (!best || fixed > best.fixed)) best = { route, params, fixed };
  }
  return best && { route: best.route, params: best.params };
}

/**
 * Where the app may send someone after signing in (`returnTo`), or back to: a plain path of this
 * site (services/contract/returnTo.ts, the one rule the platform area applies too) that opens one of
 * the app's routes, outside the platform area and not a sign-in page, with its query; else null.
 */
export function safeAppReturnTo(candidate: unknown): string | null {
  const path = plainSitePath(candidate);
  if (path === null) return null;
  const found = matchRoute(path);
  if (!found || found.route.signIn || found.route.access === 'operator' || found.route.path.startsWith('/plateform')) return null;
  return candidate as string;
}

/**
 * Where the back control leads when the app has no history of its own in this tab (a deep link, a
 * page opened in a new tab; src/ui/PageHeader.tsx): each route's parent. Declared here for the
 * routes whose parent is not the route above their path, by route path (a parameter of the parent
 * is taken from the page's own); for the others, the nearest route above the path
 * (`/app/records/3` → `/app/records`), else `/`. Kept beside the route table, not in it, so the
 * first page does not carry it: only pages with a back control need it.
 */
export const BACK_TO: Readonly<Record<string, string>> = {
  '/app/register': '/app/login',
  '/app/enterpriseregister': '/app/login',
  '/app/findpassword': '/app/login',
  '/app/paypassword': '/app/setting',
  '/app/loginpassword': '/app/setting',
  '/app/changemobile': '/app/setting',
  '/app/personalcert': '/app/setting',
  '/app/personalconfirm': '/app/setting',
  '/app/enterprisecert': '/app/setting',
  '/app/result': '/app/setting',
  '/app/funddetail': '/app/wallet',
  '/app/cards': '/app/wallet',
  '/app/submerchant': '/app/merchantlist',
  '/app/store/new': '/app/merchantlist',
  '/app/store/$id': '/app/merchantlist',
  '/app/addstaff': '/app/stafflist',
  '/app/staffdetail': '/app/stafflist',
  '/app/staffresult': '/app/invitations',
  '/app/nopwd': '/app/setting',
};

export function backOf(pathname: string): string {
  const path = withoutTrailingSlash(pathname);
  const found = matchRoute(path);
  const declared = found && BACK_TO[found.route.path];
  if (found && declared) return declared.replace(/\$(\w+)/g, (_, name: string) => encodeURIComponent(found.params[name] ?? ''));
  for (let above = path.slice(0, path.lastIndexOf('/')); above !== ''; above = above.slice(0, above.lastIndexOf('/'))) {
    if (matchRoute(above)) return above;
  }
  return '/';
}
