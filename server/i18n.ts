import { dictionary } from '../locales/dictionary.ts';

export type Language = 'pt' | 'en' | 'zh' | 'fr';
type Dictionary = { errors: Record<string, unknown> } & Record<string, unknown>;
const dictionaries = { pt: dictionary('pt'), en: dictionary('en'), zh: dictionary('zh'), fr: dictionary('fr') } as Record<Language, Dictionary>;

/** decisions.md: en(-us), zh(-cn), pt(-pt), fr, case-insensitive; anything else is pt. */
export function normaliseLanguage(value: unknown): Language {
  const tag = String(value ?? '').toLowerCase().split(/[-_]/)[0];
  return tag === 'en' || tag === 'zh' || tag === 'fr' || tag === 'pt' ? tag : 'pt';
}

/** A text of the dictionaries with `{{name}}` placeholders filled: SMS and e-mail bodies. */
export function messageText(language: Language, key: string, vars: Record<string, string> = {}): string {
  const find = (lang: Language) => key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], dictionaries[lang]);
  const template = find(language) ?? find('pt');
  if (typeof template !== 'string') throw new Error(`missing text ${key}`);
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => vars[name] ?? '');
}

/** The message for an answer code in the caller's language; fr falls back to pt. */
export function errorMessage(language: Language, code: string): string {
  const pick = (lang: Language) => {
    const value = dictionaries[lang].errors[code];
    return typeof value === 'string' ? value : undefined;
  };
  return pick(language) ?? pick('pt') ?? String(dictionaries.pt.errors.AGW50000);
}
