/**
 * The pt dictionary is split: core sections in the entry, the others in parts fetched with the
 * screens that use them (src/i18n.ts, src/routes.tsx), and the server preloads a page's screens and
 * parts (server/app.ts). These tests keep the three in step and check the loader: a screen whose
 * part is missing would show raw keys, and the screen tests (full dictionaries) would not notice.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import pt from '../../locales/pt.json';
import fr from '../../locales/fr.json';
import { createI18n, loadLocaleParts, LOCALE_PARTS, PT_CORE, type LocalePart } from '../../src/i18n.ts';
import { ROUTE_SCREENS, SCREEN_PARTS } from '../../server/app.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const read = (file: string) => fs.readFileSync(path.join(ROOT, file), 'utf8');
/** Texts only the server sends (SMS and e-mail bodies, the sign-on page): never on the client. */
const SERVER_ONLY = ['messages', 'ssoProvider'];

const PART_SECTIONS = Object.fromEntries(
  [...read('src/i18n.ts').matchAll(/'virtual:locale-sections\/pt\/(\w+)\?([\w,]+)'/g)].map(([, part, sections]) => [part!, sections!.split(',')]),
) as Record<LocalePart, string[]>;

/** `lazyScreen(chunk, () => import(screen), parts)` lines of src/routes.tsx: screen file → parts. */
const ROUTE_SCREEN_PARTS = Object.fromEntries(
  [...read('src/routes.tsx').matchAll(/lazyScreen\('[^']+', \(\) => import\('\.\.\/([^']+)'\)(?:, \[([^\]]*)\])?\)/g)].map(([, screen, parts]) => [
    screen!,
    (parts ?? '').split(',').map((p) => p.trim().replace(/'/g, '')).filter(Boolean),
  ]),
) as Record<string, string[]>;

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
    const placed = [...Object.keys(PT_CORE), ...Object.values(PART_SECTIONS).flat(), ...SERVER_ONLY];
    expect(placed.toSorted()).toEqual(Object.keys(pt).toSorted());
    expect(Object.keys(PART_SECTIONS).toSorted()).toEqual(LOCALE_PARTS.toSorted());
    // the entry's module is "all but": what it leaves out is exactly the parts and the server's texts
    const except = /'virtual:locale-sections\/pt\/core\?except=([\w,]+)'/.exec(read('src/i18n.ts'))![1]!.split(',');
    expect(except.toSorted()).toEqual([...Object.values(PART_SECTIONS).flat(), ...SERVER_ONLY].toSorted());
    expect(PT_CORE.errors).toEqual(pt.errors);
  });

  it('the entry uses core sections only', () => {
    const used = sectionsUsed(moduleGraph('src/main.tsx', { dynamic: false }));
    expect([...used.keys()].filter((section) => !(section in PT_CORE))).toEqual([]);
  });

  it('every lazy screen fetches the parts of every section its code names', () => {
    const screens = Object.keys(ROUTE_SCREEN_PARTS);
    expect(screens.length).toBe(read('src/routes.tsx').match(/= lazyScreen\(/g)!.length);
    const missing: string[] = [];
    for (const screen of screens) {
      const available = new Set([...Object.keys(PT_CORE), ...ROUTE_SCREEN_PARTS[screen]!.flatMap((part) => PART_SECTIONS[part as LocalePart] ?? [])]);
      for (const [section, files] of sectionsUsed(moduleGraph(screen, { dynamic: true }))) {
        if (!available.has(section)) missing.push(`${screen} needs '${section}' (${files[0]})`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('the server preloads the same screens and parts as the route table', () => {
    expect(SCREEN_PARTS).toEqual(Object.fromEntries(Object.entries(ROUTE_SCREEN_PARTS).filter(([, parts]) => parts.length > 0)));
    const preloaded = new Set(ROUTE_SCREENS.flatMap(([, screens]) => screens));
    for (const screen of preloaded) expect(ROUTE_SCREEN_PARTS, screen).toHaveProperty([screen]);
    // every screen but the not-found one has a path the server knows
    expect(Object.keys(ROUTE_SCREEN_PARTS).filter((screen) => !preloaded.has(screen))).toEqual(['screens/common/NotFoundScreen.tsx']);
  });
});

describe('loadLocaleParts', () => {
  it('adds a part to the app instance before its screen renders, and to instances made afterwards', async () => {
    const before = createI18n('pt');
    expect(before.t('enterprise.open')).toBe('enterprise.open');
    expect(before.t('home.signIn')).toBe(pt.home.signIn);
    await loadLocaleParts(['enterprise']);
    expect(before.t('enterprise.open')).toBe(pt.enterprise.open);
    expect(createI18n('pt').t('enterprise.open')).toBe(pt.enterprise.open);
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
