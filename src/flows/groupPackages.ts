import { fromPromise } from 'xstate';
import { groupPackagesMachine } from '../../machines/groupPackages.machine.ts';
import type { ActorsOf } from '../../machines/outcome.ts';
import { statusChangeWith } from './statusChange.ts';
import { requestGateway } from '../../services/gateway.ts';
import { transportUi } from '../../services/transport-ui.ts';
import { shareLink, type SharedVia } from '../lib/shareLink.ts';
import { linkShareMachine, type LinkShareInput } from '../../machines/linkShare.machine.ts';
import type { Outcome } from '../../services/contract/outcome.ts';

/** The owner's group packages: the list, their status, and a package's page shared. */
export const groupPackagesActors = {
  loadList: fromPromise(() => requestGateway('merchant/groupPackage/list', {}, { quiet: true })),
  statusChange: statusChangeWith((input) => requestGateway('merchant/groupPackage/setStatus', { packageId: input.line.id, status: input.status })),
  // the list's link is a path of this site, shared under the list's own title
  linkShare: linkShareMachine.provide({
    actors: { shareLink: fromPromise<Outcome<{ via: SharedVia }>, LinkShareInput>(({ input }) => shareLink(`${window.location.origin}${input.url}`, transportUi().t('groupPackages.shareTitle'))) },
  }),
} satisfies ActorsOf<typeof groupPackagesMachine>;

export const groupPackagesFlow = groupPackagesMachine.provide({ actors: groupPackagesActors });
