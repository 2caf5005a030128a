import { fromPromise } from 'xstate';
import { storeMachine, type StoreRequest } from '../../machines/store.machine.ts';
import type { ActorsOf } from '../../machines/outcome.ts';
import { requestGateway } from '../../services/gateway.ts';
import { uploadGatewayFile } from '../../services/upload.ts';

/** A store's calls: read it, save it (new or edited), close it. */
export const storeActors = {
  loadStore: fromPromise(({ input }: { input: { storeId: string } }) => requestGateway('merchant/store/detail', input, { quiet: true })),
  saveStore: fromPromise(({ input }: { input: StoreRequest }) => requestGateway('merchant/store/save', input)),
  closeStore: fromPromise(({ input }: { input: { storeId: string } }) => requestGateway('merchant/store/close', input)),
} satisfies ActorsOf<typeof storeMachine>;

export const storeFlow = storeMachine.provide({ actors: storeActors });

/**
 * The store's photo, uploaded as it is chosen (as the enterprise verification's documents are):
 * compressed on this device first (1200×1200, quality 0.8), kind `store` on the server, which
 * accepts it for a store only as the merchant's own image.
 */
export const uploadStorePhoto = (file: File, onProgress: (fraction: number) => void) => uploadGatewayFile(file, 'store', { onProgress });
