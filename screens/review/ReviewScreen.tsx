import { useMemo } from 'react';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { useNavigate } from '@tanstack/react-router';
import { reviewMachine, type ReviewDecision, type ReviewSubject } from '../../machines/review.machine.ts';
import { requestGateway, type Outcome } from '../../services/gateway.ts';
import { QUEUE_PATH, type ReviewKind } from '../platform/reviewKinds.ts';
import { ReviewView } from './ReviewView.tsx';

/** The services behind each kind of review; the chart is the same. */
const SERVICES = {
  verification: { detail: 'platform/verification/detail', decide: 'platform/verification/decide' },
  rebinding: { detail: 'platform/mobileChange/detail', decide: 'platform/mobileChange/decide' },
} as const satisfies Record<ReviewKind, { detail: string; decide: string }>;

/** `/plateform/verifications/$id` and `/plateform/rebinding/$id`: one request, and the operator's decision. */
export default function ReviewScreen({ kind, id }: { kind: ReviewKind; id: string }) {
  const navigate = useNavigate();
  const machine = useMemo(
    () =>
      reviewMachine.provide({
        actors: {
          loadDetail: fromPromise<Outcome<ReviewSubject>, { id: string }>(({ input }) => requestGateway(SERVICES[kind].detail, input, { quiet: true })),
          decide: fromPromise(({ input }: { input: { id: string; decision: ReviewDecision; reason: string } }) => requestGateway(SERVICES[kind].decide, input)),
        },
        actions: {
          goToQueue: () => void navigate({ to: QUEUE_PATH[kind] }),
        },
      }),
    [kind, navigate],
  );
  const [state, send] = useMachine(machine, { input: { id } });
  return <ReviewView state={state} send={send} kind={kind} />;
}
