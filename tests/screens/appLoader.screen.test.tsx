/**
 * The loader of the app on a page the server rendered (server/appLoader.ts), run as the browser runs
 * it: nothing of the app before the first sign of use, and nothing done before the app owns the page lost.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { APP_LOADER } from '../../server/appLoader.ts';

const ENTRY = '/dist/assets/index-E.js';

function renderedPage(body: string, language = 'pt') {
  document.documentElement.removeAttribute('data-kw-live');
  document.documentElement.setAttribute('data-rendered', language);
  document.documentElement.className = '';
  document.head.innerHTML = '';
  document.body.innerHTML = `${body}<script type="application/json" id="kw-deferred">${JSON.stringify({ entry: ENTRY, preloads: ['/dist/assets/vendor-V.js'], appPaths: ['', 'app', 'agreement'], pageId: 'app.download' })}</script>`;
  // eslint-disable-next-line no-new-func -- the loader is the text the page carries
  new Function(APP_LOADER)();
}

const appScript = () => document.head.querySelector(`script[src="${ENTRY}"]`);
const hints = (rel: string) => [...document.head.querySelectorAll(`link[rel="${rel}"]`)].map((link) => link.getAttribute('href'));
const appTakesOver = () => {
  document.documentElement.setAttribute('data-kw-live', '');
  document.dispatchEvent(new Event('kw-live'));
};

describe('the app on a page the server rendered', () => {
  const listeners: Array<[string, EventListener]> = [];
  beforeEach(() => {
    // each page's loader adds its listeners to the window: gone with the page
    const add = window.addEventListener.bind(window);
    vi.spyOn(window, 'addEventListener').mockImplementation((type: string, listener: EventListenerOrEventListenerObject, options?: boolean | AddEventListenerOptions) => {
      listeners.push([type, listener as EventListener]);
      add(type, listener, options);
    });
    localStorage.clear();
  });
  afterEach(() => {
    vi.restoreAllMocks();
    for (const [type, listener] of listeners.splice(0)) {
      window.removeEventListener(type, listener, true);
      window.removeEventListener(type, listener);
    }
  });

  it('is only fetched while the page is read, and runs at the first touch', async () => {
    renderedPage('<h1>Bem-vindo</h1><a href="/app/login">Entrar</a>');
    expect(appScript()).toBeNull();
    expect(hints('modulepreload')).toEqual([]);
    window.dispatchEvent(new Event('load'));
    expect(hints('prefetch')).toEqual([]); // the page's own bytes first
    await vi.waitFor(() => expect(hints('prefetch')).toEqual([ENTRY, '/dist/assets/vendor-V.js']), { timeout: 2000 });
    expect(appScript()).toBeNull();
    document.querySelector('h1')!.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    expect(appScript()).not.toBeNull();
    expect(hints('modulepreload')).toEqual([ENTRY, '/dist/assets/vendor-V.js']);
    // once
    document.querySelector('h1')!.dispatchEvent(new Event('keydown', { bubbles: true }));
    expect(document.head.querySelectorAll(`script[src="${ENTRY}"]`)).toHaveLength(1);
  });

  it('runs at once for someone signed in (on the way into the app)', async () => {
    localStorage.setItem('UserInfo', JSON.stringify({ h5Token: 't' }));
    renderedPage('<h1>Bem-vindo</h1>');
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(appScript()).not.toBeNull();
  });

  it('runs at once inside another app\'s browser (the share page\'s tip is the app\'s)', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue('Mozilla/5.0 (Linux; Android 12) Instagram 300.0.0');
    renderedPage('<h1>Loja</h1>');
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(appScript()).not.toBeNull();
  });

  it('a button tapped before the app owns the page is tapped again once it does, once', async () => {
    renderedPage('<button type="button">Abrir na aplicação</button>');
    const button = document.querySelector('button')!;
    const taps: boolean[] = [];
    button.addEventListener('click', () => taps.push(document.documentElement.hasAttribute('data-kw-live')));
    button.click();
    button.click(); // (tapped again while the app loads: done once)
    expect(taps).toEqual([]); // held: the page's own handler is the app's, not here yet
    expect(appScript()).not.toBeNull();
    appTakesOver();
    await vi.waitFor(() => expect(taps).toEqual([true]));
    button.click();
    expect(taps).toEqual([true, true]);
  });

  it('a form sent before (Enter in a field) is sent again once the app owns the page, never by the browser', async () => {
    renderedPage('<form><input name="password" value="segredo1"><button>Entrar</button></form>');
    const form = document.querySelector('form')!;
    const sent: boolean[] = [];
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      sent.push(document.documentElement.hasAttribute('data-kw-live'));
    });
    const submit = new Event('submit', { bubbles: true, cancelable: true });
    form.dispatchEvent(submit);
    expect(submit.defaultPrevented).toBe(true); // no GET with the password in the address
    expect(sent).toEqual([]);
    appTakesOver();
    await vi.waitFor(() => expect(sent).toEqual([true]));
  });

  it('the language menu changed before the app owns the page opens the page in that language', () => {
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, href: 'http://localhost/app/download?x=1', assign } as Location);
    renderedPage('<select data-kw-language=""><option value="pt">PT</option><option value="en">EN</option></select>');
    const menu = document.querySelector('select')!;
    menu.value = 'en';
    menu.dispatchEvent(new Event('change', { bubbles: true }));
    expect(assign).toHaveBeenCalledWith('/app/download?x=1&language=en');
  });

  it('the page\'s language goes with its links, and a language asked in the address is kept for the next tab', () => {
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, href: `${window.location.origin}/?language=en`, search: '?language=en', origin: window.location.origin } as Location);
    renderedPage('<a href="/app/login">Sign in</a><a href="/app/download?x=1#top">App</a><a href="/agreement/nopwd?language=pt">PT</a><a href="https://example.com/">Out</a><a href="/oidc/start">SSO</a><a href="#help">Help</a>', 'en');
    expect(localStorage.getItem('LANG')).toBe('en');
    expect(sessionStorage.getItem('LANG')).toBe('en');
    for (const link of document.querySelectorAll('a')) link.dispatchEvent(new MouseEvent('contextmenu', { bubbles: true }));
    expect([...document.querySelectorAll('a')].map((a) => a.getAttribute('href'))).toEqual(['/app/login?language=en', '/app/download?x=1&language=en#top', '/agreement/nopwd?language=pt', 'https://example.com/', '/oidc/start', '#help']);
  });

  it('a page left before the app owns it is told to the tracker, once; once it does, the app tells it', () => {
    const sent = vi.fn((_url: string, _init?: RequestInit) => Promise.resolve(new Response()));
    vi.stubGlobal('fetch', sent);
    renderedPage('<h1>Descarregar</h1>');
    window.dispatchEvent(new Event('pagehide'));
    window.dispatchEvent(new Event('pagehide'));
    expect(sent).toHaveBeenCalledTimes(1);
    const [url, init] = sent.mock.calls[0]!;
    const view = new URL(url, window.location.origin);
    expect(view.pathname).toBe('/track/pv.gif');
    expect(view.searchParams.get('pageId')).toBe('app.download');
    expect(view.searchParams.get('fingerprint')).toBe('NO_FINGERPRINT');
    expect(init).toMatchObject({ keepalive: true });
    sent.mockClear();
    renderedPage('<h1>Descarregar</h1>');
    document.querySelector('h1')!.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    appTakesOver();
    window.dispatchEvent(new Event('pagehide'));
    expect(sent).not.toHaveBeenCalled();
    vi.unstubAllGlobals();
  });

  it('a tap on a link runs nothing (its page loads); the server\'s fields take typing once the loader runs', () => {
    renderedPage('<a href="/app/login"><span>Entrar</span></a><input readonly data-kw-hydrating="" aria-label="Telemóvel">');
    expect(document.querySelector('input')!.hasAttribute('readonly')).toBe(false);
    document.querySelector('span')!.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    document.querySelector('a')!.dispatchEvent(new Event('focusin', { bubbles: true }));
    expect(appScript()).toBeNull();
    document.querySelector('input')!.dispatchEvent(new Event('focusin', { bubbles: true }));
    expect(appScript()).not.toBeNull();
  });

  it('an app that failed to start holds no more taps: the page works as it does without it', () => {
    renderedPage('<button type="button">Recarregar</button>');
    const button = document.querySelector('button')!;
    const taps: number[] = [];
    button.addEventListener('click', () => taps.push(1));
    button.click();
    expect(taps).toEqual([]);
    document.dispatchEvent(new Event('kw-failed'));
    button.click();
    expect(taps).toEqual([1]);
  });
});
