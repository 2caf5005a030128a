import { setup, assign } from 'xstate';
import type { Outcome } from '../services/contract/outcome.ts';
import { announceAnswer, answerCode, answerData, provided, type AnswerEvent } from './outcome.ts';
import type { Branch, Province } from './bankFlow.ts';

/**
 * Picking the branch a bank pays a withdrawal out at: the provinces where the bank has branches,
 * then the branches of the chosen one. Invoked as a child by the withdrawal chart; it ends with
 * the chosen branch. `notice` is why it was asked again (WDR10002 branch required, WDR10003 unknown).
 */
export interface BranchPickerInput {
  bankCode: string;
  notice: string | null;
}

export interface BranchPickerContext {
  bankCode: string;
  notice: string | null;
  provinces: Province[];
  provinceId: string | null;
  branches: Branch[];
  branch: Branch | null;
  errorCode: string | null;
}

export type BranchPickerEvent =
  | { type: 'province.chosen'; provinceId: string }
  | { type: 'province.change' }
  | { type: 'branch.chosen'; branchCode: string }
  | { type: 'branches.retry' };

export const branchPickerMachine = setup({
  types: { input: {} as BranchPickerInput, context: {} as BranchPickerContext, events: {} as BranchPickerEvent | AnswerEvent, output: {} as { branch: Branch | null } },
  actors: {
    loadProvinces: provided<Outcome<{ provinces: Province[] }>, { bankCode: string }>('loadProvinces'),
    loadBranches: provided<Outcome<{ branches: Branch[] }>, { bankCode: string; provinceId: string }>('loadBranches'),
  },
  guards: {
    knownProvince: ({ context, event }) => event.type === 'province.chosen' && context.provinces.some((p) => p.id === event.provinceId),
    knownBranch: ({ context, event }) => event.type === 'branch.chosen' && context.branches.some((b) => b.branchCode === event.branchCode),
  },
  actions: {
    announceAnswer: announceAnswer<BranchPickerContext, BranchPickerEvent | AnswerEvent>(),
    keepProvinces: assign({ provinces: ({ event }) => answerData<{ provinces: Province[] }>(event).provinces, errorCode: null }),
    chooseProvince: assign({ provinceId: ({ event, context }) => (event.type === 'province.chosen' ? event.provinceId : context.provinceId), branches: [] }),
    keepBranches: assign({ branches: ({ event }) => answerData<{ branches: Branch[] }>(event).branches, errorCode: null }),
    chooseBranch: assign({ branch: ({ event, context }) => (event.type === 'branch.chosen' ? context.branches.find((b) => b.branchCode === event.branchCode) ?? null : context.branch) }),
    keepRefusal: assign({ errorCode: ({ event }) => answerCode(event) }),
    forgetRefusal: assign({ errorCode: null }),
  },
}).createMachine({
  id: 'branchPicker',
  context: ({ input }) => ({ bankCode: input.bankCode, notice: input.notice, provinces: [], provinceId: null, branches: [], branch: null, errorCode: null }),
  initial: 'loadingProvinces',
  output: ({ context }) => ({ branch: context.branch }),
  states: {
    loadingProvinces: {
      tags: ['busy'],
      invoke: {
        id: 'loadProvinces',
        src: 'loadProvinces',
        input: ({ context }) => ({ bankCode: context.bankCode }),
        onDone: { actions: 'announceAnswer' },
        onError: { target: 'failed', actions: 'forgetRefusal' },
      },
      on: {
        'loadProvinces.ok': { target: 'choosingProvince', actions: 'keepProvinces' },
        'loadProvinces.refused.*': { target: 'failed', actions: 'keepRefusal' },
      },
    },
    choosingProvince: { on: { 'province.chosen': { guard: 'knownProvince', target: 'loadingBranches', actions: 'chooseProvince' } } },
    loadingBranches: {
      tags: ['busy'],
      invoke: {
        id: 'loadBranches',
        src: 'loadBranches',
        input: ({ context }) => ({ bankCode: context.bankCode, provinceId: context.provinceId ?? '' }),
        onDone: { actions: 'announceAnswer' },
        onError: { target: 'failed', actions: 'forgetRefusal' },
      },
      on: {
        'loadBranches.ok': { target: 'choosingBranch', actions: 'keepBranches' },
        'loadBranches.refused.*': { target: 'failed', actions: 'keepRefusal' },
      },
    },
    choosingBranch: {
      on: {
        'branch.chosen': { guard: 'knownBranch', target: 'chosen', actions: 'chooseBranch' },
        'province.change': { target: 'choosingProvince' },
      },
    },
    failed: { tags: ['error'], on: { 'branches.retry': { target: 'loadingProvinces' } } },
    chosen: { type: 'final' },
  },
});
