/**
 * The pt dictionary is split: core sections in the entry, the others in parts fetched with the
 * screens that use them, as the route table says (services/routeTable.ts). These tests check the
 * table against the screens' code and check the loader: a screen whose part is missing would show
 * raw keys, and the screen tests (full dictionaries) would not notice.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createI18n, loadLocaleParts, LOCALE_PARTS, PT_CORE } from '../../src/i18n.ts';
import { LOCALE_PARTS as PART_SECTIONS, NOT_FOUND, ROUTES, SERVER_SECTIONS, partsOf, screensOf } from '../../services/routeTable.ts';
import { dictionary } from '../../locales/dictionary.ts';
const pt = dictionary('pt');
const fr = dictionary('fr');

const ROOT = path.resolve(import.meta.dirname, '../..');
const read = (file: string) => fs.readFileSync(path.join(ROOT, file), 'utf8');
/** Source files a module reaches through relative imports (static ones only, or dynamic too). */
function moduleGraph(file: string, { dynamic, stop = new Set<string>() }: { dynamic: boolean; stop?: Set<string> }): Set<string> {
  const seen = new Set<string>();
  const visit = (current: string) => {
    if (seen.has(current) || stop.has(current) || !/\.tsx?$/.test(current)) return;
    seen.add(current);
    const source = read(current);
    for (const match of source.matchAll(/(?:import|export)\s[^'"]*?from\s*'([^']+)'|import\('([^']+)'\)|import\s+'([^']+)'/g)) {
      if (match[2] && !dynamic) continue;
      const spec = match[1] ?? match[2] ?? match[3]!;
      if (!spec.startsWith('.')) continue;
      const target = path.relative(ROOT, path.resolve(path.dirname(path.join(ROOT, current)), spec));
      if (fs.existsSync(path.join(ROOT, target))) visit(target);
    }
  };
  visit(file);
  return seen;
}

/** Top-level dictionary sections a set of files names in key literals (`'login.title'`, `` `errors.${code}` ``). */
function sectionsUsed(files: Iterable<string>): Map<string, string[]> {
  const used = new Map<string, string[]>();
  for (const file of files) {
    for (const [, section] of read(file).matchAll(/['"`]([a-zA-Z]+)\.[a-zA-Z$]/g)) {
      if (!section || typeof (pt as Record<string, unknown>)[section] !== 'object') continue;
      used.set(section, [...(used.get(section) ?? []), file]);
    }
  }
  return used;
}

describe('pt dictionary parts', () => {
  it('every section of pt is in the entry, in exactly one part, or the server’s own', () => {
    const placed = [...Object.keys(PT_CORE), ...Object.values(PART_SECTIONS).flat(), ...SERVER_SECTIONS];
    expect(placed.toSorted()).toEqual(Object.keys(pt).toSorted());
    expect(Object.keys(PART_SECTIONS).toSorted()).toEqual(LOCALE_PARTS.toSorted());
    // the gateway's own toasts (no network) can show on any page: in the entry; the answer codes' texts come with the screens
    expect(PT_CORE.network).toEqual(pt.network);
    expect(PT_CORE.errors).toBeUndefined();
  });

  it('the entry uses core sections only', () => {
    const used = sectionsUsed(moduleGraph('src/main.tsx', { dynamic: false }));
    expect([...used.keys()].filter((section) => !(section in PT_CORE))).toEqual([]);
  });

  it('every route fetches the parts of every section its screens’ code names', () => {
    const missing: string[] = [];
    for (const route of [...ROUTES, { ...NOT_FOUND, path: '(not found)', access: 'public' as const }]) {
      // a route's own parts, and those its screen fetches itself after the first paint (`lazyParts`)
      const lazyParts = 'lazyParts' in route ? (route.lazyParts ?? []) : [];
      const available = new Set([...Object.keys(PT_CORE), ...[...partsOf(route), ...lazyParts].flatMap((part) => PART_SECTIONS[part])]);
      for (const screen of screensOf(route)) {
        for (const [section, files] of sectionsUsed(moduleGraph(`screens/${screen}.tsx`, { dynamic: true }))) {
          if (!available.has(section)) missing.push(`${route.path} (${screen}) needs '${section}' (${files[0]})`);
        }
      }
    }
    expect(missing).toEqual([]);
  });
});

describe('loadLocaleParts', () => {
  it('adds a part to the app instance before its screen renders, and to instances made afterwards', async () => {
    const before = createI18n('pt');
    expect(before.t('enterpriseVerification.open')).toBe('enterpriseVerification.open');
    expect(before.t('home.signIn')).toBe(pt.home.signIn);
    await loadLocaleParts(['enterprise']);
    expect(before.t('enterpriseVerification.open')).toBe(pt.enterpriseVerification.open);
    expect(createI18n('pt').t('enterpriseVerification.open')).toBe(pt.enterpriseVerification.open);
  });

  it('fetches pt parts whatever the language: fr (partial) falls back to them', async () => {
    const leaves = (value: unknown, prefix: string): string[] =>
      typeof value === 'object' && value !== null ? Object.entries(value).flatMap(([k, v]) => leaves(v, `${prefix}.${k}`)) : [prefix];
    const frKeys = leaves(fr.platform, 'platform');
    const missing = leaves(pt.platform, 'platform').find((key) => !frKeys.includes(key))!;
    const own = frKeys[0]!;
    const text = (dictionary: unknown, key: string) => key.split('.').reduce<unknown>((node, k) => (node as Record<string, unknown>)[k], dictionary);
    const i18n = createI18n('fr');
    i18n.addResourceBundle('fr', 'translation', fr);
    expect(i18n.t(missing)).toBe(missing);
    await loadLocaleParts(['platform']);
    expect(i18n.t(missing)).toBe(text(pt, missing));
    expect(i18n.t(own)).toBe(text(fr, own));
    expect(text(fr, own)).not.toBe(text(pt, own));
  });

  it('loads each part once', async () => {
    await Promise.all([loadLocaleParts(['accounts', 'member']), loadLocaleParts(['accounts'])]);
    const i18n = createI18n('pt');
    for (const section of [...PART_SECTIONS.accounts, ...PART_SECTIONS.member]) expect(i18n.exists(section), section).toBe(true);
  });
});
