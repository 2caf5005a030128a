import { fromPromise } from 'xstate';
import { groupPackageFormMachine } from '../../machines/groupPackageForm.machine.ts';
import type { SavePackageRequest } from '../../machines/groupPackageFields.ts';
import type { ActorsOf } from '../../machines/outcome.ts';
import { requestGateway } from '../../services/gateway.ts';
import { uploadGatewayFile } from '../../services/upload.ts';
import { openStores } from './openStores.ts';

/** A new group package: the owner's open stores, then the package saved. */
export const groupPackageFormActors = {
  loadStores: fromPromise(() => openStores()),
  save: fromPromise(({ input }: { input: SavePackageRequest }) => requestGateway('merchant/groupPackage/save', input)),
} satisfies ActorsOf<typeof groupPackageFormMachine>;

export const groupPackageFormFlow = groupPackageFormMachine.provide({ actors: groupPackageFormActors });

/**
 * The package's photo, uploaded as it is chosen, as a store's photo is (src/flows/store.ts: kind
 * `store`, which the server takes as the merchant's own image).
 */
export const uploadPackagePhoto = (file: File, onProgress: (fraction: number) => void) => uploadGatewayFile(file, 'store', { onProgress });
