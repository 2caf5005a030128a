export interface RegistryPerson {
  fullName: string;
  documentExpired: boolean;
}

/**
 * Who holds a B.I. number, as the national identity registry knows it. The local default is
 * `registrySimulator` (identityRegistrySimulator.ts), with its own records; a production adapter
 * implements the same call against the real registry service. An external call: never made inside
 * a database transaction of the wallet.
 */
export interface IdentityRegistry {
  lookup(nif: string): Promise<RegistryPerson | null>;
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
