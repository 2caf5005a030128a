import type { Language } from './language.ts';

/**
 * How amounts are written in each language: pt and fr group thousands with a space, mark decimals
 * with a comma and put `Kz` after (Intl pt-AO and fr-FR: `1 234,56 Kz`); en and zh the other way
 * (`Kz 1,234.56`, the narrow symbol).
 */
const AMOUNT_LOCALE: Record<Language, string> = { pt: 'pt-AO', fr: 'fr-FR', en: 'en-US', zh: 'zh-CN' };
/** Whether a language writes `1 234,56` (pt, fr) rather than `1,234.56` (en, zh). */
const commaDecimals = (language: Language) => language === 'pt' || language === 'fr';
/** The decimal mark a person types in `language`. */
export const decimalMarkOf = (language: Language) => (commaDecimals(language) ? ',' : '.');
/** An empty amount field's hint: `0,00` or `0.00`. */
export const amountPlaceholder = (language: Language) => `0${decimalMarkOf(language)}00`;

/**
 * Amounts travel and are stored as integer cêntimos (bigint in SQL, string or bigint on the wire),
 * and show as `AMOUNT_LOCALE` writes them.
 */
export function formatKwanza(centimos: bigint | number | string, language: Language): string {
  const value = BigInt(centimos);
  const negative = value < 0n;
  const abs = negative ? -value : value;
  const whole = abs / 100n;
  const cents = Number(abs % 100n);
  const formatter = new Intl.NumberFormat(AMOUNT_LOCALE[language], {
    style: 'currency',
    currency: 'AOA',
    currencyDisplay: 'narrowSymbol',
    minimumFractionDigits: 2,
  });
  // format the integer part through Intl as a bigint so large balances never pass through a float
  const parts = formatter.formatToParts(whole);
  const fraction = String(cents).padStart(2, '0');
  const text = parts
    .map((p) => (p.type === 'fraction' ? fraction : p.type === 'minusSign' ? '' : p.value))
    .join('')
    .replace(/\u00a0|\u202f/g, ' ');
  return negative ? `-${text}` : text;
}

/** Parses what a person typed ("1 234,5", "1234.50") into cêntimos; null when it is not an amount. */
export function parseKwanza(input: string): bigint | null {
  const compact = input.replace(/[\s\u00a0\u202f]/g, '').replace(/kz/i, '');
  const match = /^(\d{1,13})(?:[.,](\d{1,2}))?$/.exec(compact);
  if (!match) return null;
  return BigInt(match[1]!) * 100n + BigInt((match[2] ?? '0').padEnd(2, '0'));
}

/** The most whole kwanzas an amount field accepts (13 digits: far above any limit, exact as a JSON number of cêntimos). */
const MAX_WHOLE_DIGITS = 13;

/**
 * Parses an amount typed in `language`'s convention into cêntimos, digits only (never a float):
 * pt and fr `1 234,56` (groups by spaces or dots, decimal comma), en/zh `1,234.56` (groups by
 * commas, decimal point). Where it cannot be a group (one separator followed by one or two digits) either
 * mark is taken as the decimal one, since phone keypads often offer only one of them. Null when it
 * is not an amount; zero parses (whether it may be paid is the caller's rule).
 */
export function parseAmount(input: string, language: Language): bigint | null {
  const compact = input.replace(/[\s\u00a0\u202f]/g, '').replace(/^kz|kz$/i, '');
  const decimalMark = decimalMarkOf(language);
  const groupMark = commaDecimals(language) ? '.' : ',';
  const whole = (text: string): string | null => {
    if (/^\d+$/.test(text)) return text;
    const grouped = new RegExp(`^\\d{1,3}(?:\\${groupMark}\\d{3})+$`);
    return grouped.test(text) ? text.split(groupMark).join('') : null;
  };
  let integer: string | null;
  let fraction = '';
  const decimalAt = compact.lastIndexOf(decimalMark);
  if (decimalAt >= 0) {
    integer = whole(compact.slice(0, decimalAt));
    fraction = compact.slice(decimalAt + 1);
    if (!/^\d{1,2}$/.test(fraction)) return null;
  } else {
    integer = whole(compact);
    // "12.5" in pt, "12,50" in en: a lone mark before one or two digits is a decimal mark
    const lone = new RegExp(`^(\\d+)\\${groupMark}(\\d{1,2})$`).exec(compact);
    if (integer === null && lone) [integer, fraction] = [lone[1]!, lone[2]!];
  }
  if (integer === null) return null;
  const digits = integer.replace(/^0+(?=\d)/, '');
  if (digits.length > MAX_WHOLE_DIGITS) return null;
  return BigInt(digits) * 100n + BigInt(fraction.padEnd(2, '0') || '0');
}

