import { describe, expect, it } from 'vitest';
import { ALL_CODES } from '../../services/contract/answerCodes.ts';
import { dictionary } from '../../locales/dictionary.ts';
const pt = dictionary('pt');
const en = dictionary('en');
const zh = dictionary('zh');
const fr = dictionary('fr');

function leafKeys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([k, v]) => leafKeys(v, prefix ? `${prefix}.${k}` : k));
}

describe('locales', () => {
  it('are one file per section per language, each section of another language one pt has', async () => {
    const fs = await import('node:fs');
    const { sectionDirectory } = await import('../../locales/dictionary.ts');
    const files = (language: 'pt' | 'en' | 'zh' | 'fr') => fs.readdirSync(sectionDirectory(language)).sort();
    expect(files('pt').length).toBeGreaterThan(40);
    expect(files('pt').every((file) => file.endsWith('.json'))).toBe(true);
    for (const language of ['en', 'zh'] as const) expect(files(language)).toEqual(files('pt'));
    expect(files('fr').filter((file) => !files('pt').includes(file))).toEqual([]);
  });

  const complete = { pt, en, zh } as const;
  for (const [name, dictionary] of Object.entries(complete)) {
    for (const [otherName, other] of Object.entries(complete)) {
      if (name === otherName) continue;
      it(`${otherName} has every key of ${name}`, () => {
        const mine = new Set(leafKeys(other));
        expect(leafKeys(dictionary).filter((k) => !mine.has(k))).toEqual([]);
      });
    }
  }
  it('fr is partial but has no key pt lacks (it falls back to pt)', () => {
    const ptKeys = new Set(leafKeys(pt));
    expect(leafKeys(fr).filter((k) => !ptKeys.has(k))).toEqual([]);
  });
  it('every answer code has a message in every complete language', () => {
    for (const dictionary of [pt, en, zh]) {
      for (const code of ALL_CODES) expect((dictionary.errors as Record<string, unknown>)[code], code).toBeTypeOf('string');
    }
  });
  it('a text that nests another ($t(key)) finds it in its own dictionary: a fr sentence never borrows a pt part', () => {
    for (const [name, dictionary] of Object.entries({ pt, en, zh, fr })) {
      const keys = new Set(leafKeys(dictionary));
      const text = (key: string) => key.split('.').reduce<unknown>((v, part) => (v as Record<string, unknown>)[part], dictionary);
      const nested = leafKeys(dictionary).flatMap((key) => [...String(text(key)).matchAll(/\$t\(([\w.]+)/g)].map((m) => [key, m[1]!] as const));
      expect(nested.filter(([, inner]) => !keys.has(inner)), name).toEqual([]);
    }
  });
  it('no value is empty', () => {
    for (const dictionary of [pt, en, zh, fr]) {
      const empty = leafKeys(dictionary).filter((k) => k.split('.').reduce<unknown>((v, part) => (v as Record<string, unknown>)[part], dictionary) === '');
      expect(empty).toEqual([]);
    }
  });
});
