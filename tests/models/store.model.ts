import { storeMachine, type StoreEvent } from '../../machines/store.machine.ts';
import { doneEvent, errorEvent, parkInvokes, type FlowModel } from '../support/mbt.ts';
import { sampleStore } from './merchantOpening.model.ts';

const refusal = (code: string, detail = '') => ({ ok: false, code, message: code, detail });

export const samplePhotoId = '0b6f3c1e-6a8d-4f0e-9d43-2a1c5e7b9f10';

export const storeUserEvents = {
  'store.retry': { type: 'store.retry' },
  'field.changed': { type: 'field.changed', field: 'name', value: 'Loja Central' },
  'day.toggled': { type: 'day.toggled', day: 6 },
  'days.preset': { type: 'days.preset', preset: 'weekdays' },
  'photo.uploaded': { type: 'photo.uploaded', fileId: samplePhotoId, fileName: 'fachada.jpg' },
  'photo.removed': { type: 'photo.removed' },
  'store.submitted': { type: 'store.submitted' },
  'store.edit': { type: 'store.edit' },
  'close.asked': { type: 'close.asked' },
  'close.confirmed': { type: 'close.confirmed' },
  'close.cancelled': { type: 'close.cancelled' },
} satisfies Record<StoreEvent['type'], StoreEvent>;

export const storeModel: FlowModel<typeof storeMachine> = {
  machine: parkInvokes(storeMachine, ['loadStore', 'saveStore', 'closeStore']),
  variants: [
    { name: 'a new store', input: { merchantId: '12' } },
    { name: 'an existing store', input: { storeId: '31' } },
    { name: 'a new store without its merchant', input: {} },
    { name: 'a store just created (the page that replaced the new store form)', input: { storeId: '31', justSaved: true } },
  ],
  events: [
    ...Object.values(storeUserEvents),
    { type: 'field.changed', field: 'address', value: 'Rua Rainha Ginga 12' } as StoreEvent,
    { type: 'field.changed', field: 'closesAt', value: '08:00' } as StoreEvent,
    { type: 'field.changed', field: 'opensAt', value: '' } as StoreEvent,
    { type: 'days.preset', preset: 'everyDay' } as StoreEvent,
    doneEvent('loadStore', { ok: true, data: { store: sampleStore } }),
    doneEvent('loadStore', { ok: true, data: { store: { ...sampleStore, status: 'closed' } } }),
    doneEvent('loadStore', refusal('MCH10004')),
    errorEvent('loadStore', new Error('network down')),
    doneEvent('saveStore', { ok: true, data: { store: sampleStore } }),
    doneEvent('saveStore', refusal('MCH10005')),
    doneEvent('saveStore', refusal('UPL10002')),
    // a photo id that is not the merchant's own upload
    doneEvent('saveStore', refusal('UPL10001')),
    doneEvent('saveStore', refusal('MCH10004')),
    errorEvent('saveStore', new Error('network down')),
    doneEvent('closeStore', { ok: true, data: { store: { ...sampleStore, status: 'closed' } } }),
    doneEvent('closeStore', refusal('MCH10004')),
    errorEvent('closeStore', new Error('network down')),
  ],
  serializeState: (snapshot) => {
    const c = snapshot.context;
    return JSON.stringify([snapshot.value, c.storeId, c.values.name !== '', c.values.address !== '', c.values.businessDays, c.values.opensAt, c.values.closesAt, c.values.photo !== null, c.problems, c.justSaved]);
  },
};
