import type { ReviewKind, ReviewStatus } from '../../machines/review.machine.ts';

/** The two kinds of request operators review (the type lives with the chart, for the flow module's calls). */
export type { ReviewKind };

export const QUEUE_PATH = { verification: '/plateform/verifications', rebinding: '/plateform/rebinding' } as const satisfies Record<ReviewKind, string>;

export const STATUSES: readonly ReviewStatus[] = ['pending', 'approved', 'rejected'];
