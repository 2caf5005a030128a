import i18next, { type i18n, type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
// pt but the sections of its parts and the server's own, in the first bundle; and a loader per
// part. Both are made from the route table's LOCALE_PARTS by the build (vite.config.ts): a new
// section lands in the first bundle until it is given a part.
import { PT_CORE_SECTIONS, PT_PART_LOADERS } from 'virtual:locale-parts';
import { type Language } from './lib/language.ts';
import type { SentencePart } from './lib/sentence.ts';
import { loadDateLocale } from './lib/dateLocale.ts';
import { loadAntdLocale } from './ui/antdLocales.ts';
import { LOCALE_PARTS as PART_SECTIONS, type LocalePart } from '../services/routeTable.ts';

type Dictionary = Record<string, unknown>;
export type { LocalePart };

/** The top-level sections of pt in the first bundle. */
export const PT_CORE: Dictionary = PT_CORE_SECTIONS;

/**
 * pt's other sections, a few chunks fetched with the screens that need them (the route table's
 * `parts`). pt is every language's fallback (fr is partial), so they are fetched whatever the
 * language. The server's own texts (SMS, e-mail, sign-on page) never reach the client.
 */
const PARTS: Record<LocalePart, () => Promise<{ default: Dictionary }>> = PT_PART_LOADERS;
export const LOCALE_PARTS = Object.keys(PART_SECTIONS) as LocalePart[];

/**
 * pt (core, then the parts as they arrive) is always in memory; the other languages are fetched
 * whole when chosen, so the first page carries part of one dictionary instead of four.
 */
const loaders: Record<Exclude<Language, 'pt'>, () => Promise<{ default: Dictionary }>> = {
  en: () => import('virtual:locale-sections/en/all'),
  zh: () => import('virtual:locale-sections/zh/all'),
  fr: () => import('virtual:locale-sections/fr/all'),
};
const pt: Dictionary = { ...PT_CORE };
const loaded = new Map<Language, Dictionary>([['pt', pt]]);

export async function loadDictionary(language: Language): Promise<Dictionary> {
  const cached = loaded.get(language);
  if (cached) return cached;
  const dictionary = (await loaders[language as Exclude<Language, 'pt'>]()).default;
  loaded.set(language, dictionary);
  return dictionary;
}

/** Instances built on the loaded dictionaries (the app's): they receive the parts as they arrive. */
const following = new Set<WeakRef<i18n>>();
const partsLoading = new Map<LocalePart, Promise<void>>();

/** Fetches pt's `parts` (once each) and adds them to the loaded pt and to the app's instance. */
export function loadLocaleParts(parts: readonly LocalePart[]): Promise<void> {
  return Promise.all(
    parts.map((part) => {
      let loading = partsLoading.get(part);
      if (!loading) {
        loading = PARTS[part]().then(({ default: sections }) => {
          Object.assign(pt, sections);
          for (const ref of following) {
            const instance = ref.deref();
            if (instance) instance.addResourceBundle('pt', 'translation', sections, true, true);
            else following.delete(ref);
          }
        });
        partsLoading.set(part, loading);
        loading.catch(() => partsLoading.delete(part)); // a failed fetch is tried again next time
      }
      return loading;
    }),
  ).then(() => undefined);
}

/** A language's dictionary, date words and component strings, fetched before anything shows in it. */
export async function loadLanguage(language: Language): Promise<Dictionary> {
  const [dictionary] = await Promise.all([loadDictionary(language), loadDateLocale(language), loadAntdLocale(language)]);
  return dictionary;
}

/** Switches an instance to `language`, fetching what it needs first. */
export async function switchLanguage(instance: i18n, language: Language): Promise<void> {
  const dictionary = await loadLanguage(language);
  if (!instance.hasResourceBundle(language, 'translation')) instance.addResourceBundle(language, 'translation', dictionary);
  await instance.changeLanguage(language);
}

/**
 * i18next with pt as the fallback of every language (fr is partial; decisions.md). Without
 * `dictionaries`, it starts from the loaded ones and follows pt's parts as they arrive.
 */
export function createI18n(language: Language, dictionaries?: Partial<Record<Language, Dictionary>>): i18n {
  const source = dictionaries ?? Object.fromEntries(loaded);
  const resources: Resource = Object.fromEntries(Object.entries(source).map(([lang, translation]) => [lang, { translation: { ...translation } }]));
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    resources,
    lng: language,
    fallbackLng: 'pt',
    initAsync: false,
    interpolation: { escapeValue: false }, // React escapes
    returnNull: false,
  });
  if (!dictionaries) following.add(new WeakRef(instance));
  finishSentencesWhole(instance);
  return instance;
}

const FALLBACK: Language = 'pt';

/**
 * A text missing in the reader's language falls back to pt whole, never in part: i18next falls back
 * key by key but finishes the text (its `{{values}}` and `$t()` nesting) in the language asked for,
 * so a pt sentence shown to a fr reader could carry French words and a fr one Portuguese. Every
 * `t` of the instance (react-i18next's included) first finds the language the text resolves in,
 * then writes the sentence's parts (`SentencePart`: words, dates) in that language; a word the
 * language lacks sends the whole sentence to pt.
 */
function finishSentencesWhole(instance: i18n) {
  type Translate = (key: unknown, options?: Record<string, unknown> | null, ...rest: unknown[]) => unknown;
  const translate = instance.t.bind(instance) as unknown as Translate;
  const whole: Translate = (key, options, ...rest) => {
    if (rest.length > 0 || (options != null && typeof options !== 'object')) return translate(key, options, ...rest);
    const details = translate(key, { ...options, returnDetails: true }) as { res: unknown; usedLng: Language };
    // (a part is known by its `sentencePart` function: src/lib/sentence.ts)
    const parts = Object.entries(options ?? {}).filter(([, value]) => typeof (value as Partial<SentencePart> | null)?.sentencePart === 'function') as [string, SentencePart][];
    if (parts.length === 0 && details.usedLng === (options?.lng ?? instance.language)) return details.res;
    // the parts in `language`, or null when one of them has no text in it
    const write = (language: Language) => {
      const texts: Record<string, string> = {};
      for (const [name, part] of parts) {
        const text = part.sentencePart(language, (k) => {
          const value: unknown = instance.getResource(language, 'translation', k);
          return typeof value === 'string' ? value : undefined;
        });
        if (text === undefined && language !== FALLBACK) return null;
        texts[name] = text ?? '';
      }
      return texts;
    };
    let language = details.usedLng;
    let texts = write(language);
    if (!texts) texts = write((language = FALLBACK))!;
    return translate(key, { ...options, ...texts, lng: language });
  };
  (instance as unknown as { t: Translate }).t = whole;
}
