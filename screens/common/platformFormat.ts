import { useTranslation } from 'react-i18next';
import { formatDate, formatDateTime } from '../../src/lib/dates.ts';
import { normaliseLanguage } from '../../src/lib/language.ts';
import { formatMobile } from '../../src/lib/phone.ts';

/** Dates and numbers as the platform pages show them, in the page's language. */
export function usePlatformFormat() {
  const { i18n } = useTranslation();
  const language = normaliseLanguage(i18n.language);
  return {
    dateTime: (value: string | null | undefined) => (value ? formatDateTime(value, language) : '—'),
    day: (value: string | null | undefined) => (value ? formatDate(value, language) : '—'),
    mobile: (value: string | null | undefined) => (value ? formatMobile(value, 'international') : '—'),
  };
}

export const PAGE_SIZE = 20;
