import { fromPromise } from 'xstate';
import { myPackagesMachine } from '../../machines/myPackages.machine.ts';
import type { ActorsOf } from '../../machines/outcome.ts';
import type { GroupVoucher, VoucherState } from '../../services/contract/groupPackages.ts';
import { requestGateway } from '../../services/gateway.ts';
import type { Outcome } from '../../services/contract/outcome.ts';

/** The member's group vouchers, all or of one state (wallet/groupPackage/list). */
export const myPackagesActors = {
  loadVouchers: fromPromise<Outcome<{ vouchers: GroupVoucher[] }>, { state?: VoucherState }>(({ input }) => requestGateway('wallet/groupPackage/list', input, { quiet: true })),
} satisfies ActorsOf<typeof myPackagesMachine>;

export const myPackagesFlow = myPackagesMachine.provide({ actors: myPackagesActors });
