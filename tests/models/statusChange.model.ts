import type { ActorRefFrom } from 'xstate';
import type { linkShareMachine } from '../../machines/linkShare.machine.ts';
import { statusChangeMachine, type StatusChangeEvent } from '../../machines/statusChange.machine.ts';
import type { LineStatus } from '../../machines/promotionStatus.ts';
import { doneEvent, errorEvent, parkInvokes, type FlowModel } from '../support/mbt.ts';

const refusal = (code: string, detail = '') => ({ ok: false, code, message: code, detail });

export const statusChangeUserEvents = {
  'end.confirmed': { type: 'end.confirmed' },
  'end.cancelled': { type: 'end.cancelled' },
} satisfies Record<StatusChangeEvent['type'], StatusChangeEvent>;

/**
 * The status change with its call parked, as the merchant's promotions ask it (a line with a kind,
 * PRM10017 for "it had already ended"): a pause, a resume, an end (asked first), and what the
 * line's status does not allow (resuming an active one, anything on an ended one or one not listed).
 */
export const statusChangeModel: FlowModel<typeof statusChangeMachine> = {
  machine: parkInvokes(statusChangeMachine, ['setStatus']),
  variants: [
    { name: 'pausing an active one', input: { line: { kind: 'cashback', id: '11' }, from: 'active', to: 'paused', endedCode: 'PRM10017' } },
    { name: 'resuming a paused one', input: { line: { kind: 'discount', id: '12' }, from: 'paused', to: 'active', endedCode: 'PRM10017' } },
    { name: 'ending an active one', input: { line: { kind: 'coupon', id: '13' }, from: 'active', to: 'ended', endedCode: 'PRM10017' } },
    { name: 'resuming an active one (not allowed)', input: { line: { kind: 'cashback', id: '11' }, from: 'active', to: 'active', endedCode: 'PRM10017' } },
    { name: 'ending an ended one (not allowed)', input: { line: { kind: 'coupon', id: '14' }, from: 'ended', to: 'ended', endedCode: 'PRM10017' } },
    { name: 'a line no longer listed', input: { line: { kind: 'coupon', id: '99' }, from: null, to: 'paused', endedCode: 'PRM10017' } },
  ],
  events: (snapshot) => [
    ...Object.values(statusChangeUserEvents),
    // the server answers the change it was asked for
    doneEvent('setStatus', { ok: true, data: { ...snapshot.context.line, status: snapshot.context.to } }),
    doneEvent('setStatus', refusal('PRM10017')),
    doneEvent('setStatus', refusal('MCH10004')),
    errorEvent('setStatus', new Error('network down')),
  ],
  serializeState: (snapshot) => JSON.stringify([snapshot.value, snapshot.context.from, snapshot.context.to, snapshot.context.outcome]),
};

/**
 * Whether a list's screen offers a status event for a line (pause on an active one, resume on a
 * paused one, end on one not ended): the lists' models send only those. Asked anything else, the
 * child ends at once (its own variants above), an end a graph of the list alone cannot follow.
 */
export const offeredForLine = (eventType: string, status: LineStatus | undefined) =>
  eventType.endsWith('.paused') ? status === 'active' : eventType.endsWith('.resumed') ? status === 'paused' : eventType.endsWith('.ended') ? status !== undefined && status !== 'ended' : true;

/**
 * Whether a list's page offers its own controls while a child runs: not while the status change
 * asks whether to end (the question takes the page) nor while it saves, nor while a link is on its
 * way to the share sheet (the list's buttons wait); what they came to shows above the list, which
 * is usable again.
 */
export const listOffered = (snapshot: { children: Record<string, unknown> }) => {
  const change = (snapshot.children.statusChange as ActorRefFrom<typeof statusChangeMachine> | undefined)?.getSnapshot();
  const share = (snapshot.children.linkShare as ActorRefFrom<typeof linkShareMachine> | undefined)?.getSnapshot();
  return !(change?.matches('confirmingEnd') || change?.matches('settingStatus') || share?.matches('sharing'));
};
