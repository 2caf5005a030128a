import { describe, expect, it } from 'vitest';
import pt from '../../locales/pt.json';
import en from '../../locales/en.json';
import zh from '../../locales/zh.json';
import fr from '../../locales/fr.json';
import { ALL_CODES } from '../../services/contract/answerCodes.ts';

function leafKeys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([k, v]) => leafKeys(v, prefix ? `${prefix}.${k}` : k));
}

describe('locales', () => {
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
