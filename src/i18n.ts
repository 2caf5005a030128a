import i18next, { type i18n, type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
// pt but the sections of its parts (below) and the server's own: in the first bundle, with what the
// entry and the public screens need (home, documents, token entry, not found, errors). A new
// section lands here until it is given a part. (vite.config.ts builds these modules.)
import ptCore from 'virtual:locale-sections/pt/core?except=signUp,login,captcha,recover,payPassword,changeMobile,verification,enterprise,platform,wallet,bank,messages,ssoProvider';
import { type Language } from './lib/language.ts';

type Dictionary = Record<string, unknown>;

/** The top-level sections of pt in the first bundle. */
export const PT_CORE: Dictionary = ptCore;

/**
 * pt's other sections, a few chunks fetched with the screens that need them (`lazyScreen(…, parts)`
 * in routes.tsx). pt is every language's fallback (fr is partial), so they are fetched whatever the
 * language. `messages` and `ssoProvider` are the server's own texts (SMS, e-mail, sign-on page) and
 * never reach the client. The ids are read by the build (vite.config.ts, localeSections) and the
 * server (server/app.ts preloads a page's parts with its screen).
 */
const PARTS = {
  accounts: () => import('virtual:locale-sections/pt/accounts?signUp,login,captcha,recover'),
  member: () => import('virtual:locale-sections/pt/member?payPassword,changeMobile,verification'),
  enterprise: () => import('virtual:locale-sections/pt/enterprise?enterprise'),
  platform: () => import('virtual:locale-sections/pt/platform?platform'),
  wallet: () => import('virtual:locale-sections/pt/wallet?wallet'),
  bank: () => import('virtual:locale-sections/pt/bank?bank'),
} satisfies Record<string, () => Promise<{ default: Dictionary }>>;
export type LocalePart = keyof typeof PARTS;
export const LOCALE_PARTS = Object.keys(PARTS) as LocalePart[];

/**
 * pt (core, then the parts as they arrive) is always in memory; the other languages are fetched
 * whole when chosen, so the first page carries part of one dictionary instead of four.
 */
const loaders: Record<Exclude<Language, 'pt'>, () => Promise<{ default: Dictionary }>> = {
  en: () => import('../locales/en.json'),
  zh: () => import('../locales/zh.json'),
  fr: () => import('../locales/fr.json'),
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

/** Switches an instance to `language`, fetching its dictionary first when needed. */
export async function switchLanguage(instance: i18n, language: Language): Promise<void> {
  const dictionary = await loadDictionary(language);
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
  return instance;
}
