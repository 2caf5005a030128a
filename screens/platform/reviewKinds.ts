import type { ReviewStatus } from '../../machines/review.machine.ts';

/** The two kinds of request operators review with the one review chart. */
export type ReviewKind = 'verification' | 'rebinding';

export const QUEUE_PATH = { verification: '/plateform/verifications', rebinding: '/plateform/rebinding' } as const satisfies Record<ReviewKind, string>;

export const STATUSES: readonly ReviewStatus[] = ['pending', 'approved', 'rejected'];
