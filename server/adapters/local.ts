import type { Database } from '../db/index.ts';
import type { ServerConfig } from '../config.ts';
import type { Adapters } from './index.ts';
import { bankSimulator } from './bankSimulator.ts';
import { registrySimulator } from './identityRegistrySimulator.ts';
import { diskStorage } from './diskStorage.ts';

/**
 * The local outside world: the bank and identity-registry simulators (real state in their own
 * tables of `db`) and files on disk under `filesDir`. What `npm start` and the tests run on.
 */
export function localAdapters(db: Database, config: Pick<ServerConfig, 'bank'>, filesDir: string): Adapters {
  return {
    bank: bankSimulator(db, { defaultDelayMs: config.bank.settlementDelayMs }),
    identityRegistry: registrySimulator(db),
    storage: diskStorage(filesDir),
  };
}
