import { createContext, useContext, useEffect, useMemo, useState } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { ConfigProvider } from 'antd-mobile';
import { Outlet } from '@tanstack/react-router';
import { createI18n, switchLanguage } from './i18n.ts';
import { normaliseLanguage, resolveStartupLanguage, type Language } from './lib/language.ts';
import { storage } from './lib/storage.ts';
import { setDateLanguage } from './lib/dateLocale.ts';
import { antdLocaleOf } from './ui/antdLocales.ts';
import { ToastHost, showCover, showToast } from './ui/toast.tsx';
import { setTransportUi } from '../services/transport-ui.ts';
import { SessionProvider } from './session/SessionProvider.tsx';
import { ssrData } from './ssrData.ts';

interface LanguageContextValue {
  language: Language;
  setLanguage(language: Language): void;
}
const LanguageContext = createContext<LanguageContextValue>({ language: 'pt', setLanguage: () => {} });
export const useLanguage = () => useContext(LanguageContext);

/** The language the app opens in: query parameter, else saved LANG, else pt (decisions.md). */
export function startupLanguage(): Language {
  if (typeof window === 'undefined') return ssrData()?.language ?? 'pt'; // the server renders in the request's language
  const { language, save } = resolveStartupLanguage(window.location.search, storage.getLanguage());
  if (save) storage.setLanguage(language);
  return language;
}

/**
 * Wraps every screen: language and locale (i18n, antd-mobile, dates, `<html lang>`), the toasts
 * and cover the transport shows, and the session chart.
 */
export function Body({ initialLanguage, children }: { initialLanguage?: Language; children?: React.ReactNode }) {
  const [language, setLanguageState] = useState<Language>(() => initialLanguage ?? startupLanguage());
  // one i18n instance for the app's life, wired to the transport before any screen can call it
  const i18n = useMemo(() => {
    const instance = createI18n(language);
    setDateLanguage(language);
    setTransportUi({
      cover: showCover,
      loading: () => showToast(instance.t('common.loading'), { kind: 'loading', key: 'legacy-loading', durationMs: 0 }),
      toast: (message, { kind, durationMs }) => void showToast(message, { kind, durationMs }),
      t: (key) => instance.t(key),
    });
    return instance;
  }, []); // eslint-disable-line react-hooks/exhaustive-deps
  const value = useMemo<LanguageContextValue>(
    () => ({
      language,
      setLanguage: (next) => {
        const normalised = normaliseLanguage(next);
        storage.setLanguage(normalised);
        void switchLanguage(i18n, normalised).then(() => {
          setDateLanguage(normalised);
          setLanguageState(normalised);
        });
      },
    }),
    [i18n, language],
  );

  useEffect(() => {
    document.documentElement.lang = language === 'pt' ? 'pt-AO' : language;
  }, [language]);

  return (
    <LanguageContext.Provider value={value}>
      <I18nextProvider i18n={i18n}>
        <ConfigProvider locale={antdLocaleOf(language)}>
          <SessionProvider>
            <main className="kw-app">{children ?? <Outlet />}</main>
            <ToastHostLocalised />
          </SessionProvider>
        </ConfigProvider>
      </I18nextProvider>
    </LanguageContext.Provider>
  );
}

function ToastHostLocalised() {
  const { t } = useTranslation();
  return <ToastHost closeLabel={t('common.close')} />;
}
