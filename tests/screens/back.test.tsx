/**
 * The back control (spec §2): the stored back address, else one step back in history, and never
 * out of the app: with no history of the app's own (a deep link, a new tab), the page's parent.
 */
import { describe, expect, it, vi } from 'vitest';
import { createMemoryHistory } from '@tanstack/react-router';
import { createAppRouter } from '../../src/routes.tsx';
import { goBack } from '../../src/ui/PageHeader.tsx';
import { storage } from '../../src/lib/storage.ts';

async function routerAt(entry: string) {
  const router = createAppRouter(createMemoryHistory({ initialEntries: [entry] }));
  await router.load();
  return router;
}

const settled = (router: Awaited<ReturnType<typeof routerAt>>) => new Promise<string>((resolve) => setTimeout(() => resolve(router.state.location.href), 0));

describe('Back', () => {
  it('on a deep link goes to the page’s parent, in its place', async () => {
    for (const [deep, parent] of [['/app/records/3', '/app/records'], ['/app/funddetail', '/app/wallet'], ['/app/paypassword', '/app/setting'], ['/app/wallet', '/']]) {
      const router = await routerAt(deep!);
      goBack(router);
      expect(await settled(router)).toBe(parent);
      expect(router.history.canGoBack()).toBe(false); // replaced: Back does not lead to the deep link again
    }
  });

  it('goes one step back in history when the app has been there', async () => {
    const router = await routerAt('/app/wallet');
    await router.navigate({ href: '/app/funddetail' });
    goBack(router);
    await vi.waitFor(() => expect(router.history.location.href).toBe('/app/wallet'));
  });

  it('follows a stored back address only to a page of the app, once', async () => {
    const router = await routerAt('/app/records/3');
    storage.setBackUrl('/app/cashier?storeId=2');
    goBack(router);
    expect(await settled(router)).toBe('/app/cashier?storeId=2');
    expect(storage.getBackUrl()).toBeNull();
    const other = await routerAt('/app/records/3');
    storage.setBackUrl('https://evil.example/');
    goBack(other);
    expect(await settled(other)).toBe('/app/records');
  });
});
