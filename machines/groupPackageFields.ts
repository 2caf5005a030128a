import { parseAmount } from '../src/lib/money.ts';
import type { Language } from '../src/lib/language.ts';

/**
 * The group package form's fields (machines/groupPackageForm.machine.ts): what is typed, which
 * fields cannot be sent as they are, the save call's request, and the field a server refusal names.
 */
export interface PackageFields {
  storeId: string;
  name: string;
  groupPrice: string;
  normalPrice: string;
  stock: string;
  startsAt: string;
  endsAt: string;
}
export type PackageFieldName = keyof PackageFields;
export const PACKAGE_FIELDS: PackageFieldName[] = ['storeId', 'name', 'groupPrice', 'normalPrice', 'stock', 'startsAt', 'endsAt'];
/** The lines of content a package may have (the contract's 1 to 20), and their length. */
export const MAX_CONTENT_LINES = 20;
export const MAX_CONTENT_LENGTH = 120;
export const MAX_NAME_LENGTH = 60;

export const emptyFields = (storeId = ''): PackageFields => ({ storeId, name: '', groupPrice: '', normalPrice: '', stock: '', startsAt: '', endsAt: '' });

const COUNT = /^\d{1,9}$/;
/** A `datetime-local` value as the call's instant; null when it is not one. */
export function instantOf(text: string): string | null {
  const value = text.trim();
  const at = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2})?$/.test(value) ? new Date(value) : null;
  return at && !Number.isNaN(at.getTime()) ? at.toISOString() : null;
}
const cents = (text: string, language: Language) => {
  const value = parseAmount(text.trim(), language);
  return value === null ? null : Number(value);
};

/** The fields (and `content`, `photo` never) that cannot be sent as they are: missing, or not a figure. */
export function unreadableFields(fields: PackageFields, content: string[], storeIds: string[], language: Language): string[] {
  const unreadable: string[] = [];
  if (!storeIds.includes(fields.storeId)) unreadable.push('storeId');
  if (!fields.name.trim()) unreadable.push('name');
  if (content.length === 0 || content.some((line) => !line.trim())) unreadable.push('content');
  if (cents(fields.groupPrice, language) === null) unreadable.push('groupPrice');
  if (cents(fields.normalPrice, language) === null) unreadable.push('normalPrice');
  if (!COUNT.test(fields.stock.trim())) unreadable.push('stock');
  if (fields.startsAt.trim() && instantOf(fields.startsAt) === null) unreadable.push('startsAt');
  if (instantOf(fields.endsAt) === null) unreadable.push('endsAt');
  return unreadable;
}

export interface SavePackageRequest {
  storeId: string;
  name: string;
  content: string[];
  groupPrice: number;
  normalPrice: number;
  stock: number;
  startsAt?: string;
  endsAt: string;
  photoFileId: string | null;
}

/** The save call's request from readable fields (unreadableFields is empty). */
export function requestOf(fields: PackageFields, content: string[], photoFileId: string | null, language: Language): SavePackageRequest {
  const startsAt = fields.startsAt.trim() ? instantOf(fields.startsAt) : null;
  return {
    storeId: fields.storeId,
    name: fields.name.trim(),
    content: content.map((line) => line.trim()),
    groupPrice: cents(fields.groupPrice, language) ?? 0,
    normalPrice: cents(fields.normalPrice, language) ?? 0,
    stock: Number(fields.stock.trim()),
    ...(startsAt ? { startsAt } : {}),
    endsAt: instantOf(fields.endsAt) ?? '',
    photoFileId,
  };
}

/**
 * The field a refusal is about: the server's detail names the request's key (GRP10001–GRP10004),
 * else its code can only be about one (a photo's, a store's); null when it is about none.
 */
export function fieldOfRefusal(code: string | null, detail: string | null): string | null {
  const named = ['storeId', 'name', 'content', 'groupPrice', 'normalPrice', 'stock', 'startsAt', 'endsAt', 'photoFileId'];
  if (detail && named.includes(detail)) return detail === 'photoFileId' ? 'photo' : detail;
  const byCode: Record<string, string> = {
    GRP10001: 'groupPrice', GRP10002: 'stock', GRP10003: 'endsAt', GRP10004: 'content', UPL10001: 'photo', UPL10002: 'photo', MCH10004: 'storeId', MCH10005: 'storeId',
  };
  return (code && byCode[code]) ?? null;
}
