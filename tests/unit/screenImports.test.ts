/**
 * The shared homes of the screens (README "Folders"): a screen of screens/<flow>/ imports its own
 * folder, screens/common/ (views several flows show: the code entry, the payment's panels…) and
 * src/ui/ (the generic kit); never another flow's folder. screens/common/ imports only itself,
 * and src/ui/ no screen at all. What two flows share moves to one of those homes.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const SCREENS = path.join(ROOT, 'screens');

const sourcesUnder = (dir: string): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourcesUnder(full);
    return /\.(tsx?|mts|css)$/.test(entry.name) ? [full] : [];
  });

/** Every module a file names: `import … from`, `import '…'`, `export … from`, `import('…')`, CSS `@import`. */
export function specifiersOf(source: string): string[] {
  const found = [
    ...source.matchAll(/\b(?:import|export)\s[^'"`;]*?\bfrom\s*['"]([^'"]+)['"]/g),
    ...source.matchAll(/\bimport\s*['"]([^'"]+)['"]/g),
    ...source.matchAll(/\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g),
    ...source.matchAll(/@import\s+(?:url\()?['"]([^'"]+)['"]/g),
  ];
  return found.map((match) => match[1]!);
}

/** The screens folder a path is in (`topup`, `common`), or null outside screens/. */
const screensFolderOf = (file: string): string | null => {
  const relative = path.relative(SCREENS, file);
  return relative.startsWith('..') || path.isAbsolute(relative) ? null : relative.split(path.sep)[0]!;
};

/** `file: specifier` for each relative import of `file` (its text `source`) that lands in a screens folder `allowed` refuses. */
function offendersIn(file: string, source: string, allowed: (folder: string) => boolean): string[] {
  return specifiersOf(source)
    .filter((specifier) => specifier.startsWith('.'))
    .filter((specifier) => {
      const folder = screensFolderOf(path.resolve(path.dirname(file), specifier));
      return folder !== null && !allowed(folder);
    })
    .map((specifier) => `${path.relative(ROOT, file)}: ${specifier}`);
}

const offendersOf = (file: string, allowed: (folder: string) => boolean) => offendersIn(file, fs.readFileSync(file, 'utf8'), allowed);

/** What a file of screens/<flow>/ may import: its own folder and screens/common/. */
const flowRule = (file: string) => (folder: string) => folder === screensFolderOf(file) || folder === 'common';

describe('screen imports', () => {
  const files = sourcesUnder(SCREENS);

  it('reads every kind of import', () => {
    const source = [
      "import { A } from '../a/A.tsx';",
      "import type { B } from '../b/B.ts';",
      "import '../c/c.css';",
      "export { D } from '../d/D.tsx';",
      "const E = lazy(() => import('../e/E.tsx'));",
      "import {\n  F,\n  G,\n} from '../f/F.tsx';",
    ].join('\n');
    expect(specifiersOf(source).toSorted()).toEqual(['../a/A.tsx', '../b/B.ts', '../c/c.css', '../d/D.tsx', '../e/E.tsx', '../f/F.tsx']);
  });

  it('a screen of screens/<flow>/ imports its own folder and screens/common/, never another flow’s folder', () => {
    expect(files.length).toBeGreaterThan(100);
    const offenders = files
      .filter((file) => screensFolderOf(file) !== 'common')
      .flatMap((file) => offendersOf(file, flowRule(file)));
    expect(offenders).toEqual([]);
  });

  it('screens/common/ imports only screens/common/ (a shared view that needs a flow’s piece moves the piece too)', () => {
    const offenders = files.filter((file) => screensFolderOf(file) === 'common').flatMap((file) => offendersOf(file, (folder) => folder === 'common'));
    expect(offenders).toEqual([]);
  });

  it('src/ui/, the generic kit, imports no screen', () => {
    const offenders = sourcesUnder(path.join(ROOT, 'src', 'ui')).flatMap((file) => offendersOf(file, () => false));
    expect(offenders).toEqual([]);
  });

  it('finds an import of another flow’s folder, and only that', () => {
    const file = path.join(SCREENS, 'cashier', 'CashierView.tsx');
    const source = [
      "import { LinkButton } from '../merchantOpening/LinkButton.tsx';",
      "import '../platform/platform.css';",
      "import { Notice } from '../../src/ui/Notice.tsx';",
      "import { money } from '../common/format.ts';",
      "import { StoreLine } from './till.tsx';",
      "import type { cashierMachine } from '../../machines/cashier.machine.ts';",
    ].join('\n');
    expect(offendersIn(file, source, flowRule(file))).toEqual(['screens/cashier/CashierView.tsx: ../merchantOpening/LinkButton.tsx', 'screens/cashier/CashierView.tsx: ../platform/platform.css']);
  });
});
