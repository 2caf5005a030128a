import { staffListMachine, type StaffListEvent } from '../../machines/staffList.machine.ts';
import type { StaffMember } from '../../services/contract/staffList.ts';
import { doneEvent, errorEvent, parkInvokes, type FlowModel } from '../support/mbt.ts';

const refusal = (code: string, detail = '') => ({ ok: false, code, message: code, detail });

export const sampleStaffMember: StaffMember = {
  staffId: '77', name: 'Ana Caixa', mobile: '+244923456456', contactChannel: 'mobile', status: 'normal', storeId: '31', storeName: 'Loja Central',
  allRecords: false, joinedAt: '2026-03-14T09:00:00.000Z', removedAt: null,
};
const removedMember: StaffMember = { ...sampleStaffMember, status: 'deleted', removedAt: '2026-03-15T10:00:00.000Z' };

export const staffListUserEvents = {
  'list.retry': { type: 'list.retry' },
  'list.refresh': { type: 'list.refresh' },
  'detail.retry': { type: 'detail.retry' },
  'allRecords.changed': { type: 'allRecords.changed', value: true },
  'remove.asked': { type: 'remove.asked' },
  'remove.confirmed': { type: 'remove.confirmed' },
  'remove.cancelled': { type: 'remove.cancelled' },
} satisfies Record<StaffListEvent['type'], StaffListEvent>;

export const staffListModel: FlowModel<typeof staffListMachine> = {
  machine: parkInvokes(staffListMachine, ['loadList', 'loadDetail', 'update', 'remove']),
  variants: [
    { name: 'the list', input: {} },
    { name: 'a clerk', input: { staffId: '77' } },
  ],
  events: [
    ...Object.values(staffListUserEvents),
    doneEvent('loadList', { ok: true, data: { staff: [sampleStaffMember, { ...removedMember, staffId: '78', name: 'Rui Saiu', mobile: '+244923456789' }] } }),
    doneEvent('loadList', { ok: true, data: { staff: [] } }),
    doneEvent('loadList', refusal('MCH10003')),
    doneEvent('loadList', refusal('STF10010')),
    doneEvent('loadList', refusal('AGW50000')),
    errorEvent('loadList', new Error('network down')),
    doneEvent('loadDetail', { ok: true, data: { staff: sampleStaffMember } }),
    doneEvent('loadDetail', { ok: true, data: { staff: removedMember } }),
    doneEvent('loadDetail', refusal('MCH10003')),
    doneEvent('loadDetail', refusal('STF10010')),
    doneEvent('loadDetail', refusal('STF10008')),
    doneEvent('loadDetail', refusal('AGW50000')),
    errorEvent('loadDetail', new Error('network down')),
    doneEvent('update', { ok: true, data: { staff: { ...sampleStaffMember, allRecords: true } } }),
    doneEvent('update', refusal('STF10009')),
    errorEvent('update', new Error('network down')),
    doneEvent('remove', { ok: true, data: { staff: removedMember } }),
    doneEvent('remove', refusal('STF10009')),
    errorEvent('remove', new Error('network down')),
  ],
  serializeState: (snapshot) => {
    const c = snapshot.context;
    return JSON.stringify([snapshot.value, c.staff.length, c.member?.status ?? null, c.member?.allRecords ?? null, c.errorCode]);
  },
};
