import i18next, { type i18n, type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import pt from '../locales/pt.json';
import { type Language } from './lib/language.ts';

type Dictionary = Record<string, unknown>;

/**
 * pt is always in the first bundle (it is the fallback of every language); the others are fetched
 * when chosen, so the first page carries one dictionary instead of four.
 */
const loaders: Record<Exclude<Language, 'pt'>, () => Promise<{ default: Dictionary }>> = {
  en: () => import('../locales/en.json'),
  zh: () => import('../locales/zh.json'),
  fr: () => import('../locales/fr.json'),
};
const loaded = new Map<Language, Dictionary>([['pt', pt]]);

export async function loadDictionary(language: Language): Promise<Dictionary> {
  const cached = loaded.get(language);
  if (cached) return cached;
  const dictionary = (await loaders[language as Exclude<Language, 'pt'>]()).default;
  loaded.set(language, dictionary);
  return dictionary;
}

/** Switches an instance to `language`, fetching its dictionary first when needed. */
export async function switchLanguage(instance: i18n, language: Language): Promise<void> {
  const dictionary = await loadDictionary(language);
  if (!instance.hasResourceBundle(language, 'translation')) instance.addResourceBundle(language, 'translation', dictionary);
  await instance.changeLanguage(language);
}

/** i18next with pt as the fallback of every language (fr is partial; decisions.md). */
export function createI18n(language: Language, dictionaries: Partial<Record<Language, Dictionary>> = Object.fromEntries(loaded)): i18n {
  const resources: Resource = Object.fromEntries(Object.entries(dictionaries).map(([lang, translation]) => [lang, { translation }]));
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    resources,
    lng: language,
    fallbackLng: 'pt',
    initAsync: false,
    interpolation: { escapeValue: false }, // React escapes
    returnNull: false,
  });
  return instance;
}
