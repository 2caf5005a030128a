import { fromPromise } from 'xstate';
import { walletAssetsMachine } from '../../machines/walletAssets.machine.ts';
import type { Assets } from '../../machines/transfer.machine.ts';
import type { ActorsOf } from '../../machines/outcome.ts';
import { requestGateway } from '../../services/gateway.ts';
import type { Outcome } from '../../services/contract/outcome.ts';

/** The member's money (also what a transfer starts from), quietly: the page shows its own loading. */
export const loadAssets = fromPromise<Outcome<Assets>>(() => requestGateway('wallet/member/getUserAssets', {}, { quiet: true }));

/** The wallet page's one call, for the first load and every refresh. */
export const walletAssetsActors = { loadAssets } satisfies ActorsOf<typeof walletAssetsMachine>;

export const walletAssetsFlow = walletAssetsMachine.provide({ actors: walletAssetsActors });
