import { fromPromise } from 'xstate';
import { branchPickerMachine } from '../../machines/branchPicker.machine.ts';
import type { ActorsOf } from '../../machines/outcome.ts';
import { requestGateway } from '../../services/gateway.ts';

/** The bank's provinces and branches, for the withdrawal's branch picker child. */
export const branchPickerActors = {
  loadProvinces: fromPromise(({ input }: { input: { bankCode: string } }) => requestGateway('fund/withdraw/queryAllProvCities', input)),
  loadBranches: fromPromise(({ input }: { input: { bankCode: string; provinceId: string } }) => requestGateway('fund/withdraw/queryBranches', input)),
} satisfies ActorsOf<typeof branchPickerMachine>;

export const branchPickerFlow = branchPickerMachine.provide({ actors: branchPickerActors });
