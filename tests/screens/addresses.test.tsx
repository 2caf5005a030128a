/** Addresses the app writes stay readable: an id in the search part is `?invitationId=1`, not `?invitationId=%221%22`. */
import { describe, expect, it } from 'vitest';
import { createMemoryHistory } from '@tanstack/react-router';
import { createAppRouter } from '../../src/routes.tsx';
import { idInAddress } from '../../services/routeTable.ts';

describe('ids in the address', () => {
  it('writes a numeric id plainly, and reads it back for its page', async () => {
    const router = createAppRouter(createMemoryHistory({ initialEntries: ['/'] }));
    const quoted = router.buildLocation({ to: '/app/staffresult', search: { invitationId: '1' } } as never);
    expect(quoted.href).toBe('/app/staffresult?invitationId=%221%22');
    const plain = router.buildLocation({ to: '/app/staffresult', search: { invitationId: idInAddress('1') } } as never);
    expect(plain.href).toBe('/app/staffresult?invitationId=1');
    expect(idInAddress('123456789012345678')).toBe('123456789012345678');
  });
});
