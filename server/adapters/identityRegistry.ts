import type { Queryable } from '../db/index.ts';

export interface RegistryPerson {
  fullName: string;
  documentExpired: boolean;
}

/**
 * Who holds a B.I. number, as the national identity registry knows it. The local default is a
 * simulator with its own records (table `registry_persons`, seeded with demo people); a production
 * adapter implements the same call against the real registry service.
 */
export interface IdentityRegistry {
  lookup(nif: string): Promise<RegistryPerson | null>;
}

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

/** Names compare without case, accents, punctuation or repeated spaces: "JOÃO  da-Silva" = "Joao da Silva". */
export function sameName(a: string, b: string): boolean {
  const normal = (name: string) =>
    name
      .normalize('NFD')
      .replace(/\p{Diacritic}/gu, '')
      .toLowerCase()
      .replace(/[^a-z\s]/g, ' ')
      .split(/\s+/)
      .filter(Boolean)
      .join(' ');
  return normal(a) === normal(b);
}
