import { fromPromise } from 'xstate';
import { groupPackagesMachine, type GroupPackageStatus } from '../../machines/groupPackages.machine.ts';
import type { ActorsOf } from '../../machines/outcome.ts';
import { requestGateway } from '../../services/gateway.ts';
import { transportUi } from '../../services/transport-ui.ts';
import { shareLink } from '../lib/shareLink.ts';

/** The owner's group packages: the list, their status, and a package's page shared. */
export const groupPackagesActors = {
  loadList: fromPromise(() => requestGateway('merchant/groupPackage/list', {}, { quiet: true })),
  setStatus: fromPromise(({ input }: { input: { packageId: string; status: GroupPackageStatus } }) => requestGateway('merchant/groupPackage/setStatus', input)),
  shareLink: fromPromise(({ input }: { input: { path: string } }) => shareLink(`${window.location.origin}${input.path}`, transportUi().t('groupPackages.shareTitle'))),
} satisfies ActorsOf<typeof groupPackagesMachine>;

export const groupPackagesFlow = groupPackagesMachine.provide({ actors: groupPackagesActors });
