import { bankSettlementMachine } from '../../machines/bankSettlement.machine.ts';
import { afterEvent, doneEvent, errorEvent, parkInvokes, type FlowModel } from '../support/mbt.ts';
import { sampleOrder, sampleTopupStatus } from './topup.model.ts';

const refusal = (code: string, detail = '') => ({ ok: false, code, message: code, detail });

/** Following a top-up at the bank (a withdrawal is the same chart with WDR10001 as its not-found code). */
export const bankSettlementModel: FlowModel<typeof bankSettlementMachine> = {
  machine: parkInvokes(bankSettlementMachine, ['queryStatus']),
  variants: [{ name: 'a top-up', input: { reference: sampleOrder.orderNo, notFoundCode: 'TOP10001' } }],
  events: [
    doneEvent('queryStatus', { ok: true, data: sampleTopupStatus.pending }),
    doneEvent('queryStatus', { ok: true, data: sampleTopupStatus.paid }),
    doneEvent('queryStatus', { ok: true, data: sampleTopupStatus.refused }),
    doneEvent('queryStatus', { ok: true, data: { ...sampleTopupStatus.pending, state: 'CODE_VERIFIED', confirmedAt: null } }),
    doneEvent('queryStatus', refusal('TOP10001')),
    doneEvent('queryStatus', refusal('AGW50000')),
    errorEvent('queryStatus', new Error('network down')),
    afterEvent('pollInterval', 'bankSettlement.waiting'),
    afterEvent('pollInterval', 'bankSettlement.unreachable'),
  ],
  serializeState: (snapshot) => JSON.stringify([snapshot.value, snapshot.context.status?.state ?? null, snapshot.context.outcome]),
};
