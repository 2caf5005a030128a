import { IN_APP_BROWSER } from '../src/lib/inAppBrowser.ts';

/**
 * The loader of the app on a page the server rendered (issue 28). The page reads, and its links
 * work, from its HTML alone; the app (React, the router, the charts, ~146 KB gzipped, a second of a
 * cheap phone's main thread) is fetched in the background a second after the page has loaded and run only at
 * the first sign of use — a touch, a key, a field taking focus — or at once when the page needs it
 * anyway: the start-up script (index.html) marked it for a swap (another saved language, the hub),
 * someone is signed in here (they are on their way into the app), or the page is in a browser inside
 * another app (a share page's tip for it is the app's to show).
 *
 * A tap on a link runs nothing (its page loads). Nothing done before the app owns the page is lost:
 * - a tap on a button, or a form sent (Enter in a field), is held and done again once the app does
 *   (`kw-live`, src/lib/pageTakeOver.ts): hydration keeps the very elements, so the held ones are
 *   the app's then; an app that fails to start (`kw-failed`, src/main.tsx, or its script) holds none;
 * - what was typed into a field stays and reaches the app (src/lib/pageTakeOver.ts); the server's
 *   fields are read-only until this loader runs;
 * - the language menu, changed before, opens the page in that language from the server;
 * - the language the page is in goes with the links followed from it (to the app's pages: `appPaths`,
 *   their first segments), and a `language` parameter
 *   is kept for this tab and the browser, as the app does (src/lib/languageLinks.ts, storage.ts).
 * Links need nothing else: they load their page as they do without script. A page left before the
 * app ran is told to the behaviour tracker by the loader (its page view, as services/tracker.ts
 * sends it, without the device fingerprint, which the app computes: `NO_FINGERPRINT`, spec §9).
 *
 * One fixed text for every page (the Content-Security-Policy allows it by its hash), reading what to
 * load from the `kw-deferred` data block before it; written for the browser as it is sent.
 */
export const APP_LOADER = `(function () {
  var data = JSON.parse(document.getElementById('kw-deferred').textContent);
  var root = document.documentElement, head = document.head, started = false, failed = false, held = [];
  // (an app that failed to start holds nothing: the page stays as it works without it)
  var live = function () { return failed || root.hasAttribute('data-kw-live'); };
  var giveUp = function () { failed = true; held = []; };
  function hint(rel) {
    [data.entry].concat(data.preloads).forEach(function (href) {
      var link = document.createElement('link');
      link.rel = rel;
      if (rel === 'prefetch') link.as = 'script';
      link.crossOrigin = '';
      link.href = href;
      head.appendChild(link);
    });
  }
  function start() {
    if (started) return;
    started = true;
    hint('modulepreload');
    var script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = data.entry;
    script.onerror = giveUp;
    head.appendChild(script);
  }
  // one held action per button or form, however often it was tapped
  function hold(event, target, again) {
    if (live()) return;
    event.preventDefault();
    event.stopPropagation();
    if (!held.some(function (action) { return action.target === target; })) held.push({ target: target, again: again });
    start();
  }
  document.addEventListener('kw-live', function () {
    setTimeout(function () { held.splice(0).forEach(function (action) { action.again(); }); }, 0);
  });
  document.addEventListener('kw-failed', giveUp);
  addEventListener('click', function (event) {
    var button = event.target instanceof Element ? event.target.closest('button') : null;
    if (button) hold(event, button, function () { button.click(); });
  }, true);
  addEventListener('submit', function (event) {
    var form = event.target;
    hold(event, form, function () { form.requestSubmit(); });
  }, true);
  function keepLanguage(language) {
    try {
      sessionStorage.setItem('LANG', language);
      localStorage.setItem('LANG', language);
    } catch (e) {}
  }
  addEventListener('change', function (event) {
    var menu = event.target;
    if (live() || !(menu instanceof HTMLSelectElement) || !menu.hasAttribute('data-kw-language')) return;
    keepLanguage(menu.value);
    var url = new URL(location.href);
    url.searchParams.set('language', menu.value);
    location.assign(url.pathname + url.search);
  }, true);
  var asked = new URLSearchParams(location.search).get('language');
  if (asked && root.getAttribute('data-rendered')) keepLanguage(root.getAttribute('data-rendered'));
  ['click', 'auxclick', 'contextmenu'].forEach(function (type) {
    addEventListener(type, function (event) {
      var link = !live() && event.target instanceof Element ? event.target.closest('a[href]') : null;
      if (!link || link.hasAttribute('download')) return;
      var url = new URL(link.getAttribute('href'), location.href);
      if (url.origin !== location.origin || url.searchParams.has('language') || data.appPaths.indexOf(url.pathname.split('/')[1]) === -1) return;
      if (url.hash && url.pathname === location.pathname && url.search === location.search) return;
      url.searchParams.set('language', root.getAttribute('data-rendered') || 'pt');
      link.setAttribute('href', url.pathname + url.search + url.hash);
    }, true);
  });
  // (a tap on a link is a page loading: the app is not needed for it)
  ['pointerdown', 'touchstart', 'keydown', 'focusin'].forEach(function (type) {
    addEventListener(type, function (event) {
      if (type !== 'keydown' && event.target instanceof Element && event.target.closest('a[href]')) return;
      start();
    }, { capture: true, passive: true });
  });
  // the server's fields wait for this loader (no typing lost to a form sent by the browser before it)
  document.querySelectorAll('[data-kw-hydrating]').forEach(function (field) { field.removeAttribute('readonly'); });
  var signedIn = false;
  try {
    var user = JSON.parse(localStorage.getItem('UserInfo') || 'null');
    signedIn = !!(user && (user.h5Token || user.token));
  } catch (e) {}
  if (signedIn || root.classList.contains('kw-swap') || ${IN_APP_BROWSER.toString()}.test(navigator.userAgent)) {
    requestAnimationFrame(function () { setTimeout(start, 0); });
    setTimeout(start, 200);
    return;
  }
  var shownAt = Date.now(), told = false;
  addEventListener('pagehide', function () {
    if (live() || told || !data.pageId) return;
    told = true;
    var view = new URLSearchParams({
      pageType: location.pathname.split('/')[1] || 'home', duration: String(Date.now() - shownAt),
      resolution: screen.width + 'x' + screen.height, referrer: document.referrer, title: document.title,
      fingerprint: 'NO_FINGERPRINT', pageId: data.pageId, prevPageId: '', sessionId: ''
    });
    try { fetch('/track/pv.gif?' + view, { keepalive: true, credentials: 'omit' }); } catch (e) {}
  });
  // after the page's own bytes, its picture painted and all: a second after it has loaded
  var saveData = navigator.connection && navigator.connection.saveData;
  var prefetch = function () { setTimeout(function () { if (!started && !saveData) hint('prefetch'); }, 1000); };
  if (document.readyState === 'complete') prefetch();
  else addEventListener('load', prefetch);
})()`;
