import { fromPromise } from 'xstate';
import { staffListMachine } from '../../machines/staffList.machine.ts';
import type { ActorsOf } from '../../machines/outcome.ts';
import { requestGateway } from '../../services/gateway.ts';

/** The merchant's staff, one of them, the permission switch and the removal. */
export const staffListActors = {
  loadList: fromPromise(() => requestGateway('merchant/staff/list', {}, { quiet: true })),
  loadDetail: fromPromise(({ input }: { input: { staffId: string } }) => requestGateway('merchant/staff/detail', input, { quiet: true })),
  update: fromPromise(({ input }: { input: { staffId: string; allRecords: boolean } }) => requestGateway('merchant/staff/update', input)),
  remove: fromPromise(({ input }: { input: { staffId: string } }) => requestGateway('merchant/staff/remove', input)),
} satisfies ActorsOf<typeof staffListMachine>;

export const staffListFlow = staffListMachine.provide({ actors: staffListActors });
