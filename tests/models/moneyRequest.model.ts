import { moneyRequestMachine, type MoneyRequestEvent } from '../../machines/moneyRequest.machine.ts';
import type { MoneyRequestView } from '../../services/contract/moneyRequest.ts';
import type { payeeCheckMachine } from '../../machines/payeeCheck.machine.ts';
import { doneEvent, errorEvent, parkInvokes, type FlowModel } from '../support/mbt.ts';
import { payeeCheckModel, samplePayee } from './payeeCheck.model.ts';

const refusal = (code: string, detail = '') => ({ ok: false, code, message: code, detail });

/** The request Ana sent Bruno, as the server answers it. */
export const sampleSentRequest: MoneyRequestView = {
  id: '7', role: 'requester', status: 'open', amount: 120_000, reason: 'Jantar de sexta',
  other: { maskedName: 'Bruno M*** D***', maskedMobile: '9** *** 002' },
  createdAt: '2026-11-27T08:00:00.000Z', expiresAt: '2026-11-29T08:00:00.000Z', closedAt: null, transferId: null, requesterBlocked: false,
};

export const moneyRequestUserEvents = {
  'payee.retry': { type: 'payee.retry' },
  'payee.changeRequested': { type: 'payee.changeRequested' },
  'reason.changed': { type: 'reason.changed', value: 'Jantar de sexta' },
  'details.edited': { type: 'details.edited' },
  'request.sent': { type: 'request.sent' },
  'request.restarted': { type: 'request.restarted' },
} satisfies Record<MoneyRequestEvent['type'], MoneyRequestEvent>;

/**
 * The asking chart with its calls parked; the payee and amount children run as the real charts
 * (the payee's calls parked), their ends fed to the parent as `xstate.done.actor.<child>` (the
 * person's part in them is their own models').
 */
export const moneyRequestModel: FlowModel<typeof moneyRequestMachine> = {
  machine: parkInvokes(moneyRequestMachine, ['createRequest']).provide({ actors: { payeeCheck: payeeCheckModel.machine as typeof payeeCheckMachine } } as never) as typeof moneyRequestMachine,
  variants: [{ name: 'pt', input: { language: 'pt' } }],
  events: [
    ...Object.values(moneyRequestUserEvents),
    { type: 'reason.changed', value: '   ' } as MoneyRequestEvent,
    doneEvent('payeeCheck', samplePayee),
    errorEvent('payeeCheck', new Error('child failed')),
    doneEvent('amountEntry', { amount: 120_000, amountText: '1 200,00' }),
    errorEvent('amountEntry', new Error('child failed')),
    doneEvent('createRequest', { ok: true, data: sampleSentRequest }),
    doneEvent('createRequest', refusal('FND10004')),
    doneEvent('createRequest', refusal('REQ10005')),
    doneEvent('createRequest', refusal('FND10005')),
    doneEvent('createRequest', refusal('REQ10001', '12')),
    errorEvent('createRequest', new Error('network down')),
  ],
  // the facts the guards read, never the random requestNo
  serializeState: (snapshot) => {
    const c = snapshot.context;
    return JSON.stringify([snapshot.value, c.mobile, c.payeeProblem, c.reason.trim() !== '', c.amount, c.payee !== null, c.request !== null]);
  },
};
