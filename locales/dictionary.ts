import fs from 'node:fs';
import path from 'node:path';

/**
 * The texts live one file per section per language (`locales/<language>/<section>.json`, a section
 * being a flow's or an area's: `locales/pt/refund.json`), so a flow's words are read, reviewed and
 * changed in one small file. This assembles a language's dictionary for whoever reads it whole in
 * Node: the server (SMS, e-mail, answer messages), the build (vite.config.ts, which splits the
 * sections into the app's chunks again) and the tests. The app itself never imports this file.
 */
/** A dictionary read from files: its shape is the files', so it is typed loosely (tests reach into it by section and key). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Dictionary = Record<string, any>;
export const DICTIONARY_LANGUAGES = ['pt', 'en', 'zh', 'fr'] as const;
export type DictionaryLanguage = (typeof DICTIONARY_LANGUAGES)[number];

const LOCALES_DIR = path.dirname(new URL(import.meta.url).pathname);
const cache = new Map<string, Dictionary>();

/** The folder of a language's section files. */
export const sectionDirectory = (language: DictionaryLanguage): string => path.join(LOCALES_DIR, language);

/** A language's whole dictionary: every section file, by its name. */
export function dictionary(language: DictionaryLanguage, options: { fresh?: boolean } = {}): Dictionary {
  const cached = options.fresh ? undefined : cache.get(language);
  if (cached) return cached;
  const directory = sectionDirectory(language);
  const sections: Dictionary = {};
  for (const file of fs.readdirSync(directory).filter((name) => name.endsWith('.json')).sort()) {
    sections[file.slice(0, -'.json'.length)] = JSON.parse(fs.readFileSync(path.join(directory, file), 'utf8'));
  }
  cache.set(language, sections);
  return sections;
}
