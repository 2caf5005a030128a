import { fromPromise } from 'xstate';
import { reviewMachine, type ReviewDecision, type ReviewKind, type ReviewSubject } from '../../machines/review.machine.ts';
import type { ActorsOf } from '../../machines/outcome.ts';
import type { RequestOf, ResponseOf } from '../../services/contract/define.ts';
import type { auditQuery, rebindingQueue, verificationQueue } from '../../services/contract/platform.ts';
import { requestGateway } from '../../services/gateway.ts';
import type { Outcome } from '../../services/contract/outcome.ts';

/**
 * The platform's review area: each kind's queue, the request under review and the decision (one
 * chart, two sets of calls), and the reads around them (members, the audit log), which the
 * platform's pages run through the document chart (screens/platform/usePlatformLoad.ts).
 */
const SERVICES = {
  verification: { queue: 'platform/verification/queue', detail: 'platform/verification/detail', decide: 'platform/verification/decide' },
  rebinding: { queue: 'platform/mobileChange/queue', detail: 'platform/mobileChange/detail', decide: 'platform/mobileChange/decide' },
} as const satisfies Record<ReviewKind, { queue: string; detail: string; decide: string }>;

export const reviewActors = (kind: ReviewKind) =>
  ({
    loadDetail: fromPromise<Outcome<ReviewSubject>, { id: string }>(({ input }) => requestGateway(SERVICES[kind].detail, input, { quiet: true })),
    decide: fromPromise(({ input }: { input: { id: string; decision: ReviewDecision; reason: string } }) => requestGateway(SERVICES[kind].decide, input)),
  }) satisfies ActorsOf<typeof reviewMachine>;

/** The review chart for each kind of request. */
export const reviewFlow = {
  verification: reviewMachine.provide({ actors: reviewActors('verification') }),
  rebinding: reviewMachine.provide({ actors: reviewActors('rebinding') }),
} as const satisfies Record<ReviewKind, typeof reviewMachine>;

/** One page of a kind's queue, tagged with its kind (the two kinds list different fields). */
export type ReviewQueuePage =
  | ({ kind: 'verification' } & ResponseOf<typeof verificationQueue>)
  | ({ kind: 'rebinding' } & ResponseOf<typeof rebindingQueue>);

export async function loadReviewQueue(kind: ReviewKind, request: RequestOf<typeof verificationQueue>): Promise<Outcome<ReviewQueuePage>> {
  if (kind === 'verification') {
    const answer = await requestGateway(SERVICES.verification.queue, request, { quiet: true });
    return answer.ok ? { ok: true, data: { kind, ...answer.data } } : answer;
  }
  const answer = await requestGateway(SERVICES.rebinding.queue, request, { quiet: true });
  return answer.ok ? { ok: true, data: { kind, ...answer.data } } : answer;
}

/** Members by number, mobile, e-mail or part of the name. */
export const lookupMembers = (query: string) => requestGateway('platform/member/lookup', { query }, { quiet: true });

/** A page of what operators did, optionally about one subject. */
export const loadAuditPage = (request: RequestOf<typeof auditQuery>) => requestGateway('platform/audit/query', request, { quiet: true });
