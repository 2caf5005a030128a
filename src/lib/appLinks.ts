/**
 * A tap on a link to one of the app's own pages stays in the app: the router shows the page (its
 * screen's chunk, often fetched already) instead of the browser loading the whole app again — on a
 * cheap phone, seconds of download, parsing and start-up for what is a screen change. The links stay
 * plain `<a href>` (they work before any script runs, and on a page the server rendered); one
 * listener on the document follows them, in the bubble phase, after any handler of the link's own
 * (which may take the click: `preventDefault`). Left to the browser: another site, a path that is no
 * page of the route table (a file, the server's sign-on), a download, a new tab or window (a
 * modifier key, a middle click, a `target`), and a jump within the same page.
 */
export function followAppLinks(navigate: (href: string) => void, isAppPage: (pathname: string) => boolean): () => void {
  const follow = (event: MouseEvent) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const anchor = event.target instanceof Element ? event.target.closest('a[href]') : null;
    if (!(anchor instanceof HTMLAnchorElement) || anchor.hasAttribute('download')) return;
    if (anchor.target && anchor.target !== '_self') return;
    const url = new URL(anchor.href, window.location.href);
    if (url.origin !== window.location.origin || !isAppPage(url.pathname)) return;
    if (url.hash && url.pathname === window.location.pathname && url.search === window.location.search) return;
    event.preventDefault();
    navigate(url.pathname + url.search + url.hash);
  };
  document.addEventListener('click', follow);
  return () => document.removeEventListener('click', follow);
}
