import type { Queryable } from '../db/index.ts';
import type { IdentityRegistry } from './identityRegistry.ts';

/**
 * The national identity registry, simulated: its own records in table `registry_persons`
 * (seeded with the demo people, server/db/seed.ts), read as the real service would answer.
 */
export function registrySimulator(db: Queryable): IdentityRegistry {
  return {
    async lookup(nif) {
      const { rows } = await db.query<{ full_name: string; expired: boolean }>(
        'SELECT full_name, document_expires_on < current_date AS expired FROM registry_persons WHERE nif = $1',
        [nif],
      );
      const row = rows[0];
      return row ? { fullName: row.full_name, documentExpired: row.expired } : null;
    },
  };
}
