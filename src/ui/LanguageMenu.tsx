import { useState } from 'react';
import { ActionSheet } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { MENU_LANGUAGES } from '../lib/language.ts';
import { useLanguage } from '../Body.tsx';

/** The in-app language menu: 中文(简体), Português, English (fr only by the query parameter). */
export function LanguageMenu() {
  const { t } = useTranslation();
  const { language, setLanguage } = useLanguage();
  const [open, setOpen] = useState(false);
  const current = MENU_LANGUAGES.find((l) => l.value === language)?.label ?? language.toUpperCase();
  return (
    <>
      <button type="button" className="kw-language-button" aria-label={`${t('common.chooseLanguage')}: ${current}`} onClick={() => setOpen(true)}>
        <span aria-hidden="true">🌐</span> {current}
      </button>
      <ActionSheet
        visible={open}
        extra={t('common.chooseLanguage')}
        cancelText={t('common.cancel')}
        actions={MENU_LANGUAGES.map((l) => ({ key: l.value, text: <span lang={l.value}>{l.label}</span>, bold: l.value === language }))}
        onAction={(action) => {
          setLanguage(action.key as (typeof MENU_LANGUAGES)[number]['value']);
          setOpen(false);
        }}
        onClose={() => setOpen(false)}
      />
    </>
  );
}
