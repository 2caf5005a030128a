import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import pt from '../locales/pt.json';
import en from '../locales/en.json';
import zh from '../locales/zh.json';
import fr from '../locales/fr.json';
import { type Language } from './lib/language.ts';

export const resources = { pt: { translation: pt }, en: { translation: en }, zh: { translation: zh }, fr: { translation: fr } };

/** i18next with pt as the fallback of every language (fr is partial; decisions.md). */
export function createI18n(language: Language): i18n {
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
