import type { Language } from '../src/lib/language.ts';
import { parseAmount } from '../src/lib/money.ts';

/**
 * The fields of the promotion forms (the promotionForm chart) and how what was typed becomes the
 * call's request: Kwanza amounts as the app reads them elsewhere (src/lib/money.ts, to cêntimos),
 * percentages to basis points (12,5 % → 1250), counts as whole numbers, times from the date-time
 * fields to ISO. Only what cannot be read at all is refused here (a name, a figure that is not
 * one); what is out of range or missing for the promotion's type is the server's to say
 * (PRM10010–PRM10016), and the form shows it next to the field it names.
 */

/** Which form: the merchant's cashback, discount or coupon, or the platform's cashback (operators; optionally for one member). */
export type PromotionFormKind = 'cashback' | 'discount' | 'coupon' | 'platformCashback';

type Reading = 'text' | 'choice' | 'amount' | 'count' | 'percent' | 'when' | 'id';
export type Fields = Record<string, string>;

/** Every field of a form, in the order the form shows them, with how it is read and what it starts as. */
const FORMS: Record<PromotionFormKind, Array<[name: string, reading: Reading, initial?: string]>> = {
  cashback: [
    ['name', 'text'], ['type', 'choice', 'ratio'], ['ratio', 'percent'], ['minCashback', 'amount'], ['maxCashback', 'amount'], ['minPayment', 'amount'],
    ['memberAmountLimit', 'amount'], ['memberCountLimit', 'count'], ['budgetAmount', 'amount'], ['budgetCount', 'count'], ['startsAt', 'when'], ['endsAt', 'when'],
  ],
  platformCashback: [],
  discount: [
    ['name', 'text'], ['type', 'choice', 'random'], ['mode', 'choice', 'ratio'], ['ratio', 'percent'], ['startAmount', 'amount'], ['minAmount', 'amount'], ['maxAmount', 'amount'],
    ['statistics', 'choice', 'none'], ['accumulationLimit', 'count'], ['activityLimit', 'count'], ['startsAt', 'when'], ['endsAt', 'when'],
  ],
  coupon: [
    ['name', 'text'], ['type', 'choice', '1'], ['amountOff', 'amount'], ['threshold', 'amount'], ['percent', 'percent'], ['maxOff', 'amount'], ['target', 'choice', '1'],
    ['stock', 'count'], ['startsAt', 'when'], ['endsAt', 'when'], ['autoBasis', 'choice', ''], ['autoThreshold', 'amount'],
  ],
};
FORMS.platformCashback = [...FORMS.cashback.slice(0, -2), ['memberId', 'id'], ...FORMS.cashback.slice(-2)];

/**
 * The choices of a `choice` field (a coupon's `type` is its number; a cashback's its way of computing;
 * a discount's the spec's two types: a discount off the price, or part of it paid with the customer's cashback).
 */
export function choicesOf(kind: PromotionFormKind, name: string): readonly string[] {
  if (name === 'type') return kind === 'coupon' ? ['1', '2', '4'] : kind === 'discount' ? ['random', 'cashbackDeduction'] : ['ratio', 'random'];
  const choices: Record<string, readonly string[]> = {
    mode: ['ratio', 'random'],
    statistics: ['none', 'personalAmount', 'personalCount', 'personalBusinessAmount', 'personalBusinessCount'],
    target: ['1', '2', '3'],
    autoBasis: ['', 'preDiscount', 'paid'],
  };
  return choices[name] ?? [];
}

/** The form's fields as they start. */
export const initialFields = (kind: PromotionFormKind): Fields => Object.fromEntries(FORMS[kind].map(([name, , initial]) => [name, initial ?? '']));

/** The discount's limits are amounts or counts by its statistics type. */
const limitReading = (fields: Fields, name: string): Reading => {
  const statistics = fields.statistics ?? 'none';
  if (name === 'accumulationLimit') return statistics === 'personalAmount' || statistics === 'personalBusinessAmount' ? 'amount' : 'count';
  return statistics === 'personalBusinessAmount' ? 'amount' : 'count';
};

/** How a field is read, given what the form's choices are now. */
export function readingOf(kind: PromotionFormKind, fields: Fields, name: string): Reading | null {
  const spec = FORMS[kind].find(([n]) => n === name);
  if (!spec) return null;
  return name === 'accumulationLimit' || name === 'activityLimit' ? limitReading(fields, name) : spec[1];
}

/** Whether a field shows (and is sent), given the type and the choices made. */
function applies(kind: PromotionFormKind, fields: Fields, name: string): boolean {
  if (kind === 'discount') {
    // paying with cashback is always a ratio of the price (within the least and the most)
    const deduction = fields.type === 'cashbackDeduction';
    if (name === 'mode') return !deduction;
    if (name === 'ratio') return deduction || fields.mode === 'ratio';
    if (name === 'accumulationLimit') return fields.statistics !== 'none';
    if (name === 'activityLimit') return fields.statistics === 'personalBusinessAmount' || fields.statistics === 'personalBusinessCount';
    return true;
  }
  if (kind === 'coupon') {
    if (name === 'amountOff') return fields.type !== '4';
    if (name === 'percent' || name === 'maxOff') return fields.type === '4';
    if (name === 'autoThreshold') return fields.autoBasis !== '';
    return true;
  }
  // a cashback: a ratio of what is paid, or a figure drawn between min and max
  return name !== 'ratio' || fields.type === 'ratio';
}

/** The fields the form shows now, in order. */
export const shownFields = (kind: PromotionFormKind, fields: Fields): string[] => FORMS[kind].map(([name]) => name).filter((name) => applies(kind, fields, name));

const PERCENT = /^(\d{1,3})(?:[.,](\d{1,2}))?$/;
const COUNT = /^\d{1,9}$/;
const ID = /^\d{1,18}$/;

/** A field's value as the call takes it; undefined when empty; null when it cannot be read. */
function valueOf(reading: Reading, text: string, language: Language): string | number | undefined | null {
  const value = text.trim();
  if (value === '') return undefined;
  switch (reading) {
    case 'text': case 'choice': return value;
    case 'id': return ID.test(value) ? value : null;
    case 'count': return COUNT.test(value) ? Number(value) : null;
    case 'amount': {
      const cents = parseAmount(value, language);
      return cents === null ? null : Number(cents);
    }
    case 'percent': {
      const match = PERCENT.exec(value.replace(/\s*%$/, ''));
      return match ? Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0')) : null;
    }
    case 'when': {
      const at = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2})?$/.test(value) ? new Date(value) : null;
      return at && !Number.isNaN(at.getTime()) ? at.toISOString() : null;
    }
  }
}

/** The fields the form cannot send as they are: no name, or a figure that is not one. */
export function unreadableFields(kind: PromotionFormKind, fields: Fields, language: Language): string[] {
  return shownFields(kind, fields).filter((name) => (name === 'name' ? !(fields.name ?? '').trim() : valueOf(readingOf(kind, fields, name)!, fields[name] ?? '', language) === null));
}

/** The request's key of a field, where it differs (the server's detail names the request's key). */
const KEYS: Record<string, string> = { ratio: 'ratioBp', percent: 'percentBp' };

/** The call's request from the fields the form shows (empty ones left out). */
export function requestOf(kind: PromotionFormKind, fields: Fields, language: Language): Record<string, string | number> {
  const request: Record<string, string | number> = {};
  for (const name of shownFields(kind, fields)) {
    if (name === 'mode') continue;
    const value = valueOf(readingOf(kind, fields, name)!, fields[name] ?? '', language);
    if (value === undefined || value === null) continue;
    request[KEYS[name] ?? name] = kind === 'coupon' && (name === 'type' || name === 'target') ? Number(value) : value;
  }
  // the spec's discount type: "random" either way (a ratio of the price, or a figure drawn between min and max), or paying with cashback
  if (kind === 'discount') request.type = fields.type === 'cashbackDeduction' ? 'cashbackDeduction' : 'random';
  return request;
}

/**
 * The field a server refusal is about, when it names one (its detail is the request's key) or
 * its code can only be about one: a ratio out of range, a maximum below its minimum, an end
 * before the start.
 */
export function fieldOfRefusal(kind: PromotionFormKind, fields: Fields, code: string | null, detail: string | null): string | null {
  const shown = shownFields(kind, fields);
  const byKey = detail ? Object.entries(KEYS).find(([, key]) => key === detail)?.[0] ?? detail : null;
  if (byKey && shown.includes(byKey)) return byKey;
  const byCode: Record<string, string[]> = { PRM10010: ['ratio', 'percent'], PRM10011: ['maxCashback', 'maxAmount'], PRM10013: ['endsAt'] };
  return (code && byCode[code]?.find((name) => shown.includes(name))) ?? null;
}
