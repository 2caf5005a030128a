import { fromPromise } from 'xstate';
import { statusChangeMachine, type StatusAnswer, type StatusRequest } from '../../machines/statusChange.machine.ts';

/**
 * A line's status change (the statusChange child) with the list's own call: each list that has
 * lines with a status (promotions, the platform's cashback policies, group packages) provides it
 * as its `statusChange` child, saving through its own `setStatus` service.
 */
export const statusChangeWith = (setStatus: (request: StatusRequest) => Promise<StatusAnswer>) =>
  statusChangeMachine.provide({ actors: { setStatus: fromPromise<StatusAnswer, StatusRequest>(({ input }) => setStatus(input)) } });
