import categories from '../../services/data/merchant_categories.json' with { type: 'json' };
import { INTL_LOCALE, type Language } from '../../src/lib/language.ts';

/**
 * A merchant's business category (ISO 18245 merchant category code, services/data/merchant_categories.json)
 * in the reader's language: the merchant picks it, the payer sees it before paying. fr reads pt; an
 * unknown code shows as itself. Names come from the data, not the dictionary, so no screen fetches
 * another's dictionary part for them.
 */
type Labelled = { code: string; pt: string; en: string; zh: string };
const CATEGORIES = categories.categories as Labelled[];

export const CATEGORY_CODES: readonly string[] = CATEGORIES.map((c) => c.code);

export function categoryLabel(code: string, language: Language): string {
  const category = CATEGORIES.find((c) => c.code === code);
  if (!category) return code;
  return language === 'en' || language === 'zh' ? category[language] : category.pt;
}

/** The categories as a list to choose from, in the reader's language and alphabetical order. */
export function categoryOptions(language: Language): { code: string; label: string }[] {
  return CATEGORIES.map((c) => ({ code: c.code, label: categoryLabel(c.code, language) })).sort((a, b) => a.label.localeCompare(b.label, INTL_LOCALE[language]));
}
