import { useTranslation } from 'react-i18next';
import { MENU_LANGUAGES, type Language } from '../lib/language.ts';
import { useLanguage } from '../Body.tsx';

/**
 * The in-app language menu: 中文(简体), Português, English (fr only by the query parameter). A native
 * select: phones show their own picker, and it costs the first page nothing.
 */
export function LanguageMenu() {
  const { t } = useTranslation();
  const { language, setLanguage } = useLanguage();
  const inMenu = MENU_LANGUAGES.some((l) => l.value === language);
  return (
    <label className="kw-language-button">
      <span className="kw-visually-hidden">{t('common.chooseLanguage')}</span>
      <select value={language} onChange={(event) => setLanguage(event.target.value as Language)} data-testid="language-menu" data-kw-language="">
        {!inMenu && <option value={language}>{language.toUpperCase()}</option>}
        {MENU_LANGUAGES.map((l) => (
          <option key={l.value} value={l.value} lang={l.value}>
            {l.label}
          </option>
        ))}
      </select>
    </label>
  );
}
