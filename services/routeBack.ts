import { matchRoute, withoutTrailingSlash } from './returnTo.ts';

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
