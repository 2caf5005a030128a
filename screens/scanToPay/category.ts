import categories from '../../services/data/merchant_categories.json';
import type { Language } from '../../src/lib/language.ts';

type Category = (typeof categories.categories)[number];

/** A merchant's business category (ISO 18245 code) in the reader's language; fr falls back to pt, an unknown code shows as itself. */
export function categoryLabel(mcc: string, language: Language): string {
  const category: Category | undefined = categories.categories.find((c) => c.code === mcc);
  if (!category) return mcc;
  return language === 'en' || language === 'zh' ? category[language] : category.pt;
}
