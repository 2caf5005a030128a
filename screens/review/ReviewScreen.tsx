import { useMemo } from 'react';
import { useMachine } from '@xstate/react';
import { useNavigate } from '@tanstack/react-router';
import { reviewFlow } from '../../src/flows/review.ts';
import { QUEUE_PATH, type ReviewKind } from '../common/reviewKinds.ts';
import { ReviewView } from './ReviewView.tsx';

/** `/plateform/verifications/$id` and `/plateform/rebinding/$id`: one request, and the operator's decision. */
export default function ReviewScreen({ kind, id }: { kind: ReviewKind; id: string }) {
  const navigate = useNavigate();
  const machine = useMemo(
    () =>
      reviewFlow[kind].provide({
        actions: {
          goToQueue: () => void navigate({ to: QUEUE_PATH[kind] }),
        },
      }),
    [kind, navigate],
  );
  const [state, send] = useMachine(machine, { input: { id } });
  return <ReviewView state={state} send={send} kind={kind} />;
}
