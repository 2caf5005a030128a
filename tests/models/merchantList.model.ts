import { merchantListMachine, type MerchantListEvent } from '../../machines/merchantList.machine.ts';
import { doneEvent, errorEvent, parkInvokes, type FlowModel } from '../support/mbt.ts';
import { sampleMerchant, sampleStore, sampleSubMerchant } from './merchantOpening.model.ts';

const refusal = (code: string, detail = '') => ({ ok: false, code, message: code, detail });

export const sampleTree = {
  merchant: { ...sampleMerchant, stores: [sampleStore, { ...sampleStore, storeId: '32', name: 'Quiosque do Mercado', businessDays: [6], status: 'closed' as const }] },
  subMerchants: [{ ...sampleSubMerchant, stores: [] }],
};

export const merchantListUserEvents = {
  'list.retry': { type: 'list.retry' },
  'list.refresh': { type: 'list.refresh' },
} satisfies Record<MerchantListEvent['type'], MerchantListEvent>;

export const merchantListModel: FlowModel<typeof merchantListMachine> = {
  machine: parkInvokes(merchantListMachine, ['loadList']),
  variants: [{ name: 'a merchant', input: undefined }],
  events: [
    ...Object.values(merchantListUserEvents),
    doneEvent('loadList', { ok: true, data: sampleTree }),
    doneEvent('loadList', { ok: true, data: { ...sampleTree, subMerchants: [] } }),
    doneEvent('loadList', refusal('MCH10003')),
    doneEvent('loadList', refusal('AGW50000')),
    errorEvent('loadList', new Error('network down')),
  ],
  serializeState: (snapshot) => JSON.stringify([snapshot.value, snapshot.context.list?.subMerchants.length ?? null, snapshot.context.errorCode]),
};
