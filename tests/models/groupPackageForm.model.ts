import { groupPackageFormMachine, type GroupPackageFormEvent } from '../../machines/groupPackageForm.machine.ts';
import { unreadableFields } from '../../machines/groupPackageFields.ts';
import { doneEvent, errorEvent, parkInvokes, type FlowModel } from '../support/mbt.ts';

const refusal = (code: string, detail = '') => ({ ok: false, code, message: code, detail });
const change = (name: string, value: string): GroupPackageFormEvent => ({ type: 'field.changed', name, value });

export const samplePackageStores = [{ storeId: '31', name: 'Loja Central' }, { storeId: '33', name: 'Loja do Porto' }];

/** What a person types: every field readable, a price that cannot be read, a line added, emptied and removed, a photo. */
export const groupPackageFormTyping: GroupPackageFormEvent[] = [
  change('storeId', '33'),
  change('name', 'Pizza para dois'),
  { type: 'content.changed', index: 0, value: '2 pizzas grandes' },
  { type: 'content.added' },
  { type: 'content.removed', index: 1 },
  change('groupPrice', '8000'),
  change('groupPrice', 'abc'),
  change('normalPrice', '12000'),
  change('stock', '50'),
  change('endsAt', '2030-12-31T22:00'),
  { type: 'photo.uploaded', photo: { fileId: '7c1f0e4e-8a4b-4f7e-9a53-5b9c8e7d6a10', fileName: 'pizza.jpg' } },
  { type: 'photo.removed' },
];

export const groupPackageFormModel: FlowModel<typeof groupPackageFormMachine> = {
  machine: parkInvokes(groupPackageFormMachine, ['loadStores', 'save']),
  variants: [{ name: 'the owner', input: { language: 'pt' as const } }],
  events: () => [
    ...groupPackageFormTyping,
    { type: 'stores.retry' },
    { type: 'form.submitted' },
    { type: 'form.restarted' },
    doneEvent('loadStores', { ok: true, data: { stores: samplePackageStores } }),
    doneEvent('loadStores', { ok: true, data: { stores: [] } }),
    doneEvent('loadStores', refusal('STF10010')),
    doneEvent('loadStores', refusal('MCH10003')),
    doneEvent('loadStores', refusal('AGW50000')),
    errorEvent('loadStores', new Error('network down')),
    doneEvent('save', { ok: true, data: { packageId: '41' } }),
    doneEvent('save', refusal('GRP10001', 'groupPrice')),
    doneEvent('save', refusal('STF10010')),
    errorEvent('save', new Error('network down')),
  ],
  serializeState: (snapshot) => {
    const c = snapshot.context;
    // what decides the next step: how many lines, whether there is a photo, and how far the form is from being sent (each field typed brings it nearer)
    const missing = unreadableFields(c.fields, c.content, c.stores.map((s) => s.storeId), c.language).length;
    return JSON.stringify([snapshot.value, c.content.length, c.photo !== null, missing, c.stores.length]);
  },
};
