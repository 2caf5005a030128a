/**
 * Completeness of spec §2 (issue 13): every route of the list in services/catalogue.ts opens its
 * screen in the app's real router, and not the not-found screen; a route still pending shows the
 * not-found screen, so a pending entry left behind once its issue lands fails here too.
 */
import { describe, expect, it } from 'vitest';
import { createMemoryHistory, isNotFound } from '@tanstack/react-router';
import { createAppRouter } from '../../src/routes.tsx';
import { SPEC_ROUTES, UNKNOWN_PATH } from '../../services/catalogue.ts';

/** Which screen the router would render at `path`: the not-found one, or the matched route's. */
async function opens(path: string): Promise<'notFound' | string> {
  const router = createAppRouter(createMemoryHistory({ initialEntries: [path] }));
  await router.load();
  const matches = router.state.matches;
  // a parameter that fails its pattern throws notFound() in the route's beforeLoad: it lands on a match's error
  if (matches.some((m) => m.status === 'notFound' || (m as { globalNotFound?: boolean }).globalNotFound || isNotFound(m.error))) return 'notFound';
  const leaf = matches.at(-1);
  return leaf && leaf.routeId !== '__root__' ? leaf.routeId : 'notFound';
}

describe('the routes of spec §2', () => {
  it('shows the not-found screen for any other path (so the checks below can fail)', async () => {
    expect(await opens(UNKNOWN_PATH)).toBe('notFound');
    expect(await opens('/anouncement/not-a-number')).toBe('notFound');
  });

  it.each(SPEC_ROUTES.filter((r) => !r.pending).map((r) => [r.spec, r.sample] as const))('%s opens its screen', async (_spec, sample) => {
    expect(await opens(sample)).not.toBe('notFound');
  });

  it.each(SPEC_ROUTES.filter((r) => r.pending).map((r) => [r.spec, r.sample, r.pending] as const))('%s is pending (%s)', async (spec, sample, subject) => {
    // built now? take `pending` off its entry in services/catalogue.ts
    expect(await opens(sample), `${spec} (${subject}) is routed: it is no longer pending`).toBe('notFound');
  });
});
