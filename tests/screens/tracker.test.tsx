/**
 * The behaviour tracker (spec §7, issue 13) in jsdom against the real server: one listener posts
 * the click of every element with a tracking key, page views carry their route's page id, and
 * the envelope's userNetType comes from the Network Information API.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { http } from '../../services/http.ts';
import { installClickTracking, trackPages, trackedElement, type TrackedRouter } from '../../services/tracker.ts';
import { buildEnvelope } from '../../services/gateway.ts';
import { setTransportUi } from '../../services/transport-ui.ts';
import { userNetType } from '../../src/lib/device.ts';
import { NOT_FOUND, ROUTES, pageIdOf } from '../../services/routeTable.ts';
import { startTestServer, type TestServer } from '../support/server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer('pglite');
  http.defaults.adapter = 'fetch';
  http.defaults.baseURL = await server.app.listen({ port: 0, host: '127.0.0.1' });
}, 60_000);
afterAll(() => server.close());
afterEach(() => vi.restoreAllMocks());

/** A router as the tracker sees it, moved by hand: resolve() is what TanStack Router emits after a navigation. */
function fakeRouter() {
  const listeners: Record<string, Array<(event: { pathChanged: boolean }) => void>> = {};
  const router: TrackedRouter & { go(path: string, pageId?: string): void } = {
    state: { matches: [], location: { pathname: '/' } },
    subscribe: (event, listener) => {
      (listeners[event] ??= []).push(listener);
      return () => listeners[event]!.splice(listeners[event]!.indexOf(listener), 1);
    },
    go(path, pageId) {
      for (const listener of listeners.onBeforeLoad ?? []) listener({ pathChanged: true });
      router.state = { matches: [{ staticData: {} }, ...(pageId ? [{ staticData: { pageId } }] : [])], location: { pathname: path } };
      for (const listener of listeners.onResolved ?? []) listener({ pathChanged: true });
    },
  };
  return router;
}

const clicks = async () =>
  (await server.db.query<{ element_type: string; element_key: string; title: string; fingerprint: string; page_id: string; previous_page_id: string | null; session_id: string }>(
    'SELECT element_type, element_key, title, fingerprint, page_id, previous_page_id, session_id FROM tracker_clicks ORDER BY id',
  )).rows;

describe('clicks', () => {
  it('posts the click of a tracked element once, from one listener for the whole app, with the page it is on', async () => {
    const router = fakeRouter();
    const stopPages = trackPages(router, NOT_FOUND.pageId);
    router.go('/', 'home');
    router.go('/app/wallet', 'app.wallet');
    const stop = installClickTracking(document);
    render(
      <div>
        <a href="#transfer" data-track="hub.action/app/transfer" onClick={(event) => { event.preventDefault(); event.stopPropagation(); }}>
          <svg aria-hidden="true" />
          <span>Transferir</span>
        </a>
        <button type="button" data-track="wallet.refresh" aria-label="Atualizar saldo">↻</button>
        <button type="button">Not tracked</button>
      </div>,
    );
    fireEvent.click(screen.getByText('Transferir')); // a click inside the element, whose own handler stops it
    fireEvent.click(screen.getByRole('button', { name: 'Atualizar saldo' }));
    fireEvent.click(screen.getByRole('button', { name: 'Not tracked' }));
    await waitFor(async () => expect(await clicks()).toHaveLength(2));
    const [first, second] = await clicks();
    expect(first).toMatchObject({ element_type: 'a', element_key: 'hub.action/app/transfer', title: 'Transferir', page_id: 'app.wallet', previous_page_id: 'home' });
    expect(second).toMatchObject({ element_type: 'button', element_key: 'wallet.refresh', title: 'Atualizar saldo', page_id: 'app.wallet' });
    expect(first!.fingerprint.length).toBeGreaterThan(8);
    expect(first!.session_id).toMatch(/^[0-9a-f]{16}$/);
    stop();
    fireEvent.click(screen.getByRole('button', { name: 'Atualizar saldo' }));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await clicks()).toHaveLength(2);
    stopPages();
  });

  it('sends the spec’s POST: JSON body, 10 s timeout, the Finger-Print header', async () => {
    const post = vi.spyOn(http, 'post').mockResolvedValue({ status: 204 });
    const stop = installClickTracking(document);
    render(<button type="button" data-track="help.open" data-track-type="link" data-track-title="Help">?</button>);
    fireEvent.click(screen.getByRole('button', { name: '?' }));
    await waitFor(() => expect(post).toHaveBeenCalledTimes(1));
    const [url, body, options] = post.mock.calls[0]! as [string, Record<string, unknown>, { timeout: number; headers: Record<string, string> }];
    expect(url).toBe('/track/click');
    expect(body).toMatchObject({ elementType: 'link', key: 'help.open', title: 'Help' });
    expect(Object.keys(body).sort()).toEqual(['elementType', 'fingerprint', 'key', 'pageId', 'prevPageId', 'sessionId', 'title']);
    expect(options.timeout).toBe(10_000);
    expect(options.headers['Finger-Print']).toBe(body.fingerprint);
    stop();
  });

  it('never takes a typed value as the title', () => {
    const input = document.createElement('input');
    input.value = '923000001';
    input.dataset.track = 'login.mobile';
    expect(trackedElement(input)).toEqual({ elementType: 'input', key: 'login.mobile', title: '' });
    expect(trackedElement(document.body)).toBeNull();
  });
});

describe('page views', () => {
  it('name the page left by its route’s page id, and the not-found screen by its own', async () => {
    const sources: string[] = [];
    vi.stubGlobal('Image', class { set src(value: string) { sources.push(value); } });
    const router = fakeRouter();
    const stop = trackPages(router, NOT_FOUND.pageId);
    router.go('/app/store/12', 'app.store.id');
    document.title = 'Loja';
    router.go('/app/nothing-here');
    router.go('/');
    await waitFor(() => expect(sources).toHaveLength(2));
    const [store, missing] = sources.map((src) => new URL(src, 'http://x').searchParams);
    expect(store!.get('pageId')).toBe('app.store.id');
    expect(store!.get('pageType')).toBe('app');
    expect(store!.get('title')).toBe('Loja');
    expect(missing!.get('pageId')).toBe('notFound');
    expect(missing!.get('prevPageId')).toBe('app.store.id');
    stop();
    vi.unstubAllGlobals();
  });

  it('take up a page already shown when the tracker loads after it (src/main.tsx loads it beside the first page)', async () => {
    const sources: string[] = [];
    vi.stubGlobal('Image', class { set src(value: string) { sources.push(value); } });
    const { createMemoryHistory } = await import('@tanstack/react-router');
    const { createAppRouter } = await import('../../src/routes.tsx');
    const router = createAppRouter(createMemoryHistory({ initialEntries: ['/app/helpdoc'] }));
    await router.load();
    let clock = 5_000;
    const stop = trackPages(router as unknown as TrackedRouter, NOT_FOUND.pageId, () => clock);
    clock = 7_500;
    await router.navigate({ to: '/' } as never);
    await waitFor(() => expect(sources).toHaveLength(1));
    const first = new URL(sources[0]!, 'http://x').searchParams;
    expect(first.get('pageId')).toBe('app.helpdoc');
    // shown since the navigation started (the clock's origin), not since the tracker loaded
    expect(first.get('duration')).toBe('7500');
    stop();
    vi.unstubAllGlobals();
  });

  it('follow the app’s real router: the page left is named by its route’s id', async () => {
    const sources: string[] = [];
    vi.stubGlobal('Image', class { set src(value: string) { sources.push(value); } });
    const { createMemoryHistory } = await import('@tanstack/react-router');
    const { createAppRouter } = await import('../../src/routes.tsx');
    const router = createAppRouter(createMemoryHistory({ initialEntries: ['/app/helpdoc'] }));
    const stop = trackPages(router as unknown as TrackedRouter, NOT_FOUND.pageId);
    await router.load();
    await router.navigate({ to: '/anouncement/$id', params: { id: '7' } } as never);
    await router.navigate({ to: '/app/no-such-page' } as never);
    await router.navigate({ to: '/' } as never);
    await waitFor(() => expect(sources).toHaveLength(3));
    expect(sources.map((src) => new URL(src, 'http://x').searchParams.get('pageId'))).toEqual(['app.helpdoc', 'anouncement.id', 'notFound']);
    stop();
    vi.unstubAllGlobals();
  });

  it('has a page id for every route of the table, each its own', () => {
    const ids = ROUTES.map(pageIdOf);
    for (const id of ids) expect(id).toMatch(/^[A-Za-z][\w.]*$/);
    expect(new Set(ids).size).toBe(ROUTES.length);
    expect(pageIdOf({ path: '/' })).toBe('home');
    expect(pageIdOf({ path: '/app/store/$id/codes' })).toBe('app.store.id.codes');
  });
});

describe('userNetType', () => {
  it('is the connection’s kind, else its effective type, else empty', () => {
    expect(userNetType({ connection: { type: 'wifi', effectiveType: '4g' } })).toBe('wifi');
    expect(userNetType({ connection: { type: 'cellular', effectiveType: '3g' } })).toBe('3g');
    expect(userNetType({ connection: { effectiveType: 'slow-2g' } })).toBe('slow-2g');
    expect(userNetType({})).toBe('');
    expect(userNetType(undefined)).toBe('');
  });

  it('goes in the envelope’s terminalInfo where the browser has the Network Information API', async () => {
    setTransportUi({ cover: () => () => {}, loading: () => () => {}, toast: () => {}, t: (key) => (key === 'languageCode' ? 'pt' : key) });
    expect((await buildEnvelope('common/logout', {})).terminalInfo.userNetType).toBe('');
    Object.defineProperty(navigator, 'connection', { value: { effectiveType: '4g' }, configurable: true });
    try {
      expect((await buildEnvelope('common/logout', {})).terminalInfo.userNetType).toBe('4g');
    } finally {
      delete (navigator as { connection?: unknown }).connection;
    }
  });
});
