import { setup, assign } from 'xstate';
import type { Outcome } from '../services/contract/outcome.ts';
import type { StaffMember } from '../services/contract/staffList.ts';
import { announceAnswer, answerCode, answerData, provided, type AnswerEvent } from './outcome.ts';

/**
 * The merchant's staff. Without a staff id (`/app/stafflist`): the list — name, phone (masked),
 * store, status, the all-records permission — current staff first. With one
 * (`/app/staffdetail?staffId=`): the detail, where the permission is switched (saved at once) and a
 * current clerk is removed after a confirmation: their access ends with their next call, their
 * past records stay, and the detail then shows them deleted. Not the merchant's owner (MCH10003,
 * STF10010) → said so; another merchant's or no such clerk (STF10008) → not found.
 */
export interface StaffListInput {
  staffId?: string | null;
}

export interface StaffListContext {
  staffId: string | null;
  staff: StaffMember[];
  member: StaffMember | null;
  errorCode: string | null;
}

export type StaffListEvent =
  | { type: 'list.retry' }
  | { type: 'list.refresh' }
  | { type: 'detail.retry' }
  | { type: 'allRecords.changed'; value: boolean }
  | { type: 'remove.asked' }
  | { type: 'remove.confirmed' }
  | { type: 'remove.cancelled' };

export const staffListMachine = setup({
  types: { input: {} as StaffListInput, context: {} as StaffListContext, events: {} as StaffListEvent | AnswerEvent },
  actors: {
    loadList: provided<Outcome<{ staff: StaffMember[] }>>('loadList'),
    loadDetail: provided<Outcome<{ staff: StaffMember }>, { staffId: string }>('loadDetail'),
    update: provided<Outcome<{ staff: StaffMember }>, { staffId: string; allRecords: boolean }>('update'),
    remove: provided<Outcome<{ staff: StaffMember }>, { staffId: string }>('remove'),
  },
  guards: {
    hasStaffId: ({ context }) => context.staffId !== null,
    // a removed clerk's permission and membership no longer change
    current: ({ context }) => context.member?.status === 'normal',
  },
  actions: {
    announceAnswer: announceAnswer<StaffListContext, StaffListEvent | AnswerEvent>(),
    keepList: assign({ staff: ({ event }) => answerData<{ staff: StaffMember[] }>(event).staff, errorCode: null }),
    keepMember: assign({ member: ({ event }) => answerData<{ staff: StaffMember }>(event).staff, errorCode: null }),
    keepRefusal: assign({ errorCode: ({ event }) => answerCode(event) }),
    forgetRefusal: assign({ errorCode: null }),
  },
}).createMachine({
  id: 'staffList',
  context: ({ input }) => ({ staffId: input.staffId ?? null, staff: [], member: null, errorCode: null }),
  initial: 'starting',
  states: {
    starting: { always: [{ guard: 'hasStaffId', target: 'loadingDetail' }, { target: 'loadingList' }] },
    loadingList: {
      tags: ['busy'],
      invoke: {
        id: 'loadList',
        src: 'loadList',
        onDone: { actions: 'announceAnswer' },
        onError: { target: 'listFailed', actions: 'forgetRefusal' },
      },
      on: {
        'loadList.ok': { target: 'list', actions: 'keepList' },
        // a member (no collection account) or a clerk
        'loadList.refused.MCH10003': { target: 'notOwner', actions: 'keepRefusal' },
        'loadList.refused.STF10010': { target: 'notOwner', actions: 'keepRefusal' },
        'loadList.refused.*': { target: 'listFailed', actions: 'keepRefusal' },
      },
    },
    listFailed: { tags: ['error'], on: { 'list.retry': { target: 'loadingList' } } },
    list: { on: { 'list.refresh': { target: 'loadingList' } } },
    // a member (open an account) or a clerk (only the merchant keeps the staff)
    notOwner: {},
    loadingDetail: {
      tags: ['busy'],
      invoke: {
        id: 'loadDetail',
        src: 'loadDetail',
        input: ({ context }) => ({ staffId: context.staffId! }),
        onDone: { actions: 'announceAnswer' },
        onError: { target: 'detailFailed', actions: 'forgetRefusal' },
      },
      on: {
        'loadDetail.ok': { target: 'detail', actions: 'keepMember' },
        'loadDetail.refused.MCH10003': { target: 'notOwner', actions: 'keepRefusal' },
        'loadDetail.refused.STF10010': { target: 'notOwner', actions: 'keepRefusal' },
        // another merchant's clerk, or no such clerk
        'loadDetail.refused.STF10008': { target: 'missing' },
        'loadDetail.refused.*': { target: 'detailFailed', actions: 'keepRefusal' },
      },
    },
    detailFailed: { tags: ['error'], on: { 'detail.retry': { target: 'loadingDetail' } } },
    missing: {},
    detail: {
      initial: 'idle',
      on: {
        'allRecords.changed': { guard: 'current', target: 'updating' },
        'remove.asked': { guard: 'current', target: 'confirmingRemoval' },
      },
      states: {
        idle: {},
        updateRefused: { tags: ['error'] },
        removeRefused: { tags: ['error'] },
      },
    },
    updating: {
      tags: ['busy'],
      invoke: {
        id: 'update',
        src: 'update',
        input: ({ context, event }) => ({ staffId: context.staffId!, allRecords: event.type === 'allRecords.changed' ? event.value : !context.member!.allRecords }),
        onDone: { actions: 'announceAnswer' },
        onError: { target: 'detail.updateRefused', actions: 'forgetRefusal' },
      },
      on: {
        'update.ok': { target: 'detail', actions: 'keepMember' },
        'update.refused.*': { target: 'detail.updateRefused', actions: 'keepRefusal' },
      },
    },
    confirmingRemoval: { on: { 'remove.confirmed': { target: 'removing' }, 'remove.cancelled': { target: 'detail' } } },
    removing: {
      tags: ['busy'],
      invoke: {
        id: 'remove',
        src: 'remove',
        input: ({ context }) => ({ staffId: context.staffId! }),
        onDone: { actions: 'announceAnswer' },
        onError: { target: 'detail.removeRefused', actions: 'forgetRefusal' },
      },
      on: {
        'remove.ok': { target: 'detail', actions: 'keepMember' },
        'remove.refused.*': { target: 'detail.removeRefused', actions: 'keepRefusal' },
      },
    },
  },
});
