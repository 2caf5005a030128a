import { subMerchantMachine, type SubMerchantEvent } from '../../machines/subMerchant.machine.ts';
import { doneEvent, errorEvent, parkInvokes, type FlowModel } from '../support/mbt.ts';
import { sampleSubMerchant } from './merchantOpening.model.ts';

const refusal = (code: string, detail = '') => ({ ok: false, code, message: code, detail });

export const sampleProvinces = [{ id: 'luanda', name: 'Luanda', cities: ['Ingombota', 'Talatona'] }, { id: 'bengo', name: 'Bengo', cities: ['Dande'] }];

export const subMerchantUserEvents = {
  'provinces.retry': { type: 'provinces.retry' },
  'field.changed': { type: 'field.changed', field: 'name', value: 'Loja Demo Talatona' },
  'subMerchant.submitted': { type: 'subMerchant.submitted' },
  'subMerchant.another': { type: 'subMerchant.another' },
} satisfies Record<SubMerchantEvent['type'], SubMerchantEvent>;

export const subMerchantModel: FlowModel<typeof subMerchantMachine> = {
  machine: parkInvokes(subMerchantMachine, ['loadProvinces', 'register']),
  variants: [{ name: 'a merchant', input: undefined }],
  events: [
    ...Object.values(subMerchantUserEvents),
    { type: 'field.changed', field: 'nif', value: '12 34' } as SubMerchantEvent,
    { type: 'field.changed', field: 'provinceId', value: 'luanda' } as SubMerchantEvent,
    { type: 'field.changed', field: 'city', value: 'Talatona' } as SubMerchantEvent,
    doneEvent('loadProvinces', { ok: true, data: { provinces: sampleProvinces } }),
    doneEvent('loadProvinces', refusal('AGW50000')),
    errorEvent('loadProvinces', new Error('network down')),
    doneEvent('register', { ok: true, data: { merchant: sampleSubMerchant } }),
    doneEvent('register', refusal('MCH10003')),
    doneEvent('register', refusal('MCH10017')),
    doneEvent('register', refusal('AGW10003')),
    errorEvent('register', new Error('network down')),
  ],
  serializeState: (snapshot) => JSON.stringify([snapshot.value, snapshot.context.values, snapshot.context.problems, snapshot.context.provinces.length]),
};
