/**
 * What flows share has one home (DESIGN.md "Shared homes"; README "Folders"): a flow's folder,
 * server/domains/<flow>/, imports its own files, the entities (server/entities/: members, merchants,
 * stores, staff, roles, collection codes, cards…), the payment module (server/merchantPayment/) and
 * the shared modules (server/auth/, server/ledger/, server/db/, the handler types…), never another
 * flow's folder: not its handlers, not its helpers. And the shared homes never import a flow.
 * These tests read the import statements, so a new import across flows fails here, by name.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FLOW_CONTRACTS } from '../../services/contract/index.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const DOMAINS = path.join(ROOT, 'server/domains');
/** The homes flows share: they may import one another, never a flow. */
const SHARED_HOMES = ['server/entities', 'server/merchantPayment', 'server/auth', 'server/ledger'];

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx|mts)$/.test(entry.name) ? [full] : [];
  });
}

/** Every relative module a file imports (static, re-exported or dynamic), as a path from the root. */
function importsOf(file: string): string[] {
  const text = fs.readFileSync(file, 'utf8');
  const specifiers = [...text.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|^import\s+)'(\.{1,2}\/[^']+)'/gm)].map((m) => m[1]!);
  return specifiers.map((s) => path.relative(ROOT, path.resolve(path.dirname(file), s)));
}

/** The flow a repository path belongs to (server/domains/<flow>/…), or null. */
const flowOf = (relative: string) => /^server\/domains\/([^/]+)\//.exec(relative)?.[1] ?? null;

describe('flow boundaries', () => {
  it('server/domains/ holds flows only: each folder is a flow of the contract catalogue', () => {
    const folders = fs.readdirSync(DOMAINS, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name);
    expect(folders.filter((folder) => !(folder in FLOW_CONTRACTS))).toEqual([]);
  });

  it('a flow imports no other flow’s folder (entities and shared modules instead)', () => {
    const crossings = sourceFiles(DOMAINS).flatMap((file) => {
      const own = flowOf(path.relative(ROOT, file))!;
      return importsOf(file).filter((target) => flowOf(target) !== null && flowOf(target) !== own).map((target) => `${path.relative(ROOT, file)} → ${target}`);
    });
    expect(crossings).toEqual([]);
  });

  it('the shared homes (entities, the payment module, auth, the ledger) import no flow', () => {
    const inverted = SHARED_HOMES.flatMap((home) => sourceFiles(path.join(ROOT, home))).flatMap((file) =>
      importsOf(file).filter((target) => flowOf(target) !== null).map((target) => `${path.relative(ROOT, file)} → ${target}`));
    expect(inverted).toEqual([]);
  });

  it('sees the imports it checks (a flow importing an entity, a flow importing its own file)', () => {
    expect(importsOf(path.join(DOMAINS, 'cashier/handlers.ts'))).toEqual(expect.arrayContaining(['server/entities/stores.ts']));
    expect(importsOf(path.join(DOMAINS, 'stickers/download.ts'))).toEqual(expect.arrayContaining(['server/domains/stickers/handlers.ts']));
  });
});
