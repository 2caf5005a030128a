import { branchPickerMachine, type BranchPickerEvent } from '../../machines/branchPicker.machine.ts';
import { doneEvent, errorEvent, parkInvokes, type FlowModel } from '../support/mbt.ts';
import { sampleBranches, sampleProvinces } from './withdrawal.model.ts';

const refusal = (code: string, detail = '') => ({ ok: false, code, message: code, detail });

export const branchPickerUserEvents = {
  'province.chosen': { type: 'province.chosen', provinceId: 'LUA' },
  'province.change': { type: 'province.change' },
  'branch.chosen': { type: 'branch.chosen', branchCode: '0101' },
  'branches.retry': { type: 'branches.retry' },
} satisfies Record<BranchPickerEvent['type'], BranchPickerEvent>;

export const branchPickerModel: FlowModel<typeof branchPickerMachine> = {
  machine: parkInvokes(branchPickerMachine, ['loadProvinces', 'loadBranches']),
  variants: [
    { name: 'first time', input: { bankCode: '0010', notice: null } },
    { name: 'asked again (WDR10003)', input: { bankCode: '0010', notice: 'WDR10003' } },
  ],
  events: [
    ...Object.values(branchPickerUserEvents),
    doneEvent('loadProvinces', { ok: true, data: { provinces: sampleProvinces } }),
    doneEvent('loadProvinces', refusal('AGW50000')),
    errorEvent('loadProvinces', new Error('network down')),
    doneEvent('loadBranches', { ok: true, data: { branches: sampleBranches } }),
    doneEvent('loadBranches', { ok: true, data: { branches: [] } }),
    doneEvent('loadBranches', refusal('AGW50000')),
    errorEvent('loadBranches', new Error('network down')),
  ],
  serializeState: (snapshot) => JSON.stringify([snapshot.value, snapshot.context.provinces.length, snapshot.context.branches.length]),
};
