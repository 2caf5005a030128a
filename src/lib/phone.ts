import operators from '../../services/data/angola/operators.json' with { type: 'json' };

/** decisions.md: Angolan mobiles are 9 digits starting 91–97 or 99; stored as E.164 +244…. */
export const MOBILE_PATTERN = /^9[1-79]\d{7}$/;

/** The mobile rule every form and chart applies to the 9 national digits typed (the charts keep digits only). */
export const isNationalMobile = (digits: string): boolean => MOBILE_PATTERN.test(digits);

/** Accepts "923 123 456", "+244923123456", "00244 923…"; returns the 9 national digits or null. */
export function toNationalMobile(input: string): string | null {
  let digits = input.replace(/[\s().-]/g, '');
  if (digits.startsWith('+244')) digits = digits.slice(4);
  else if (digits.startsWith('00244')) digits = digits.slice(5);
  else if (digits.length === 12 && digits.startsWith('244')) digits = digits.slice(3);
  return isNationalMobile(digits) ? digits : null;
}

export const toE164 = (national: string) => `+244${national}`;

/** "923 123 456" (national) or "+244 923 123 456" (international). */
export function formatMobile(value: string, style: 'national' | 'international' = 'national'): string {
  const national = toNationalMobile(value);
  if (!national) return value;
  const grouped = `${national.slice(0, 3)} ${national.slice(3, 6)} ${national.slice(6)}`;
  return style === 'international' ? `+244 ${grouped}` : grouped;
}

/** The mobile operator by prefix (Unitel, Africell, Movicel), or null. */
export function mobileOperator(value: string): string | null {
  const national = toNationalMobile(value);
  if (!national) return null;
  const prefix = national.slice(0, 2);
  return operators.operators.find((o) => o.prefixes.includes(prefix))?.name ?? null;
}

/** "9** *** 456": what a confirmation screen may show of someone else's number. */
export function maskMobile(value: string): string {
  const national = toNationalMobile(value) ?? value.replace(/\D/g, '').slice(-9);
  return `${national.slice(0, 1)}** *** ${national.slice(-3)}`;
}
