import { moneyRequestsMachine, type MoneyRequestsEvent } from '../../machines/moneyRequests.machine.ts';
import { doneEvent, errorEvent, parkInvokes, type FlowModel } from '../support/mbt.ts';
import { sampleSentRequest } from './moneyRequest.model.ts';
import { sampleReceivedRequest } from './moneyRequestView.model.ts';

const refusal = (code: string) => ({ ok: false, code, message: code, detail: '' });

export const sampleLists = {
  sent: [{ ...sampleSentRequest, status: 'paid' as const, transferId: '42', closedAt: '2026-11-27T09:00:00.000Z' }],
  received: [sampleReceivedRequest, { ...sampleReceivedRequest, id: '5', status: 'expired' as const, amount: 50_000, reason: 'Táxi' }],
};

export const moneyRequestsEvents = {
  'requests.retry': { type: 'requests.retry' },
  'requests.refreshed': { type: 'requests.refreshed' },
} satisfies Record<MoneyRequestsEvent['type'], MoneyRequestsEvent>;

export const moneyRequestsModel: FlowModel<typeof moneyRequestsMachine> = {
  machine: parkInvokes(moneyRequestsMachine, ['loadRequests']),
  variants: [{ name: 'a member with requests', input: undefined }],
  events: [
    ...Object.values(moneyRequestsEvents),
    doneEvent('loadRequests', { ok: true, data: sampleLists }),
    doneEvent('loadRequests', { ok: true, data: { sent: [], received: [] } }),
    doneEvent('loadRequests', refusal('AGW50000')),
    errorEvent('loadRequests', new Error('network down')),
  ],
  serializeState: (snapshot) => JSON.stringify([snapshot.value, snapshot.context.lists.sent.length + snapshot.context.lists.received.length]),
};
