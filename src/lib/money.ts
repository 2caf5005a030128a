import type { Language } from './language.ts';

/**
 * Amounts travel and are stored as integer cêntimos (bigint in SQL, string or bigint on the wire).
 * pt shows `1 234,56 Kz` (Intl pt-AO); en/zh/fr show `Kz 1,234.56` style with the narrow symbol.
 */
export function formatKwanza(centimos: bigint | number | string, language: Language): string {
  const value = BigInt(centimos);
  const negative = value < 0n;
  const abs = negative ? -value : value;
  const whole = abs / 100n;
  const cents = Number(abs % 100n);
  const formatter = new Intl.NumberFormat(language === 'pt' ? 'pt-AO' : 'en-US', {
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
