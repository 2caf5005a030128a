/**
 * The session chart in the app's real router: a signed-in page opened with no session goes straight
 * to the login page (no "session ended"), told where to come back to; nothing of the page renders.
 */
import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { RouterProvider, createMemoryHistory } from '@tanstack/react-router';
import { createAppRouter } from '../../src/routes.tsx';
import { storage } from '../../src/lib/storage.ts';

describe('a signed-in page without a session', () => {
  it('goes straight to the login page with the page to come back to', async () => {
    const calls = vi.fn();
    vi.stubGlobal('fetch', calls);
    const router = createAppRouter(createMemoryHistory({ initialEntries: ['/app/records/3'] }));
    render(<RouterProvider router={router} />);
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/app/login'), { timeout: 5000 });
    expect(router.state.location.search).toEqual({ returnTo: '/app/records/3' });
    await screen.findByRole('heading', { level: 1, name: 'Iniciar sessão' });
    expect(screen.queryByText(/terminou|terminada/)).toBeNull();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(router.history.canGoBack()).toBe(false); // in place of the page: Back does not open it again
    vi.unstubAllGlobals();
  });

  it('the login page keeps no address it will not go to: another site, a sign-in page, a token', async () => {
    for (const hostile of ['//evil.example/app/wallet', '/index/deadTokenOfSomeone', '/plateform/verifications']) {
      const router = createAppRouter(createMemoryHistory({ initialEntries: [`/app/login?returnTo=${encodeURIComponent(hostile)}`] }));
      const { unmount } = render(<RouterProvider router={router} />);
      await vi.waitFor(() => expect(router.state.location.href).toBe('/app/login'), { timeout: 5000 });
      unmount();
    }
  });

  it('shows with a session', async () => {
    storage.setUserInfo({ h5Token: 'a-token', memberId: '1', memberType: 'individual', displayName: 'Ana' });
    const router = createAppRouter(createMemoryHistory({ initialEntries: ['/app/records/3'] }));
    render(<RouterProvider router={router} />);
    await screen.findByRole('heading', { level: 1, name: 'Registo' }, { timeout: 5000 });
    expect(router.state.location.pathname).toBe('/app/records/3');
  });

  it('sign-up and log-in, opened with a session on the way to a page (a shared link tapped early), go straight on to it', async () => {
    storage.setUserInfo({ h5Token: 'a-token', memberId: '1', memberType: 'individual', displayName: 'Ana' });
    for (const start of ['/app/register', '/app/login']) {
      const router = createAppRouter(createMemoryHistory({ initialEntries: [`${start}?returnTo=${encodeURIComponent('/app/records/3')}`] }));
      const { unmount } = render(<RouterProvider router={router} />);
      await vi.waitFor(() => expect(router.state.location.pathname).toBe('/app/records/3'), { timeout: 5000 });
      expect(router.history.canGoBack()).toBe(false); // in place of the sign-up page
      unmount();
    }
  });

  it('without a session, sign-up stays on sign-up whatever the page to come back to', async () => {
    storage.clearUserItems();
    const router = createAppRouter(createMemoryHistory({ initialEntries: [`/app/register?returnTo=${encodeURIComponent('/app/records/3')}`] }));
    render(<RouterProvider router={router} />);
    await screen.findByLabelText('Número de telemóvel', undefined, { timeout: 5000 });
    expect(router.state.location.pathname).toBe('/app/register');
  });
});
