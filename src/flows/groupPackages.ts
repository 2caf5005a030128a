import { fromPromise } from 'xstate';
import { groupPackagesMachine } from '../../machines/groupPackages.machine.ts';
import type { ActorsOf } from '../../machines/outcome.ts';
import { statusChangeMachine, type StatusAnswer, type StatusRequest } from '../../machines/statusChange.machine.ts';
import { requestGateway } from '../../services/gateway.ts';
import { transportUi } from '../../services/transport-ui.ts';
import { shareLink } from '../lib/shareLink.ts';

/** The owner's group packages: the list, their status, and a package's page shared. */
export const groupPackagesActors = {
  loadList: fromPromise(() => requestGateway('merchant/groupPackage/list', {}, { quiet: true })),
  statusChange: statusChangeMachine.provide({
    actors: { setStatus: fromPromise<StatusAnswer, StatusRequest>(({ input }) => requestGateway('merchant/groupPackage/setStatus', { packageId: input.line.id, status: input.status })) },
  }),
  shareLink: fromPromise(({ input }: { input: { path: string } }) => shareLink(`${window.location.origin}${input.path}`, transportUi().t('groupPackages.shareTitle'))),
} satisfies ActorsOf<typeof groupPackagesMachine>;

export const groupPackagesFlow = groupPackagesMachine.provide({ actors: groupPackagesActors });
