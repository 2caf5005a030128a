import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { documentSchema, type ContentDocument, type DocumentSlug } from '../../../services/contract/document.ts';
import type { Language } from '../../i18n.ts';

const documentsDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'documents');
const cache = new Map<string, Promise<ContentDocument | null>>();

async function load(slug: DocumentSlug, language: Language): Promise<ContentDocument | null> {
  try {
    const raw = JSON.parse(await fs.readFile(path.join(documentsDir, language, `${slug}.json`), 'utf8'));
    return documentSchema.parse({ ...raw, slug, language });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/** A document in the asked language, else in pt (fr is partial; decisions.md). */
export async function findDocument(slug: DocumentSlug, language: Language): Promise<ContentDocument | null> {
  for (const lang of language === 'pt' ? ['pt' as const] : [language, 'pt' as const]) {
    const key = `${lang}/${slug}`;
    if (!cache.has(key)) cache.set(key, load(slug, lang));
    const found = await cache.get(key)!;
    if (found) return found;
  }
  return null;
}
