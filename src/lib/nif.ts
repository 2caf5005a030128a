/**
 * decisions.md: an individual's NIF is the B.I. number, 14 characters: 9 digits, 2 letters,
 * 3 digits (shape only; there is no published check digit). A company NIF is 10 digits.
 */
export const PERSONAL_NIF = /^\d{9}[A-Z]{2}\d{3}$/;
export const COMPANY_NIF = /^\d{10}$/;

export const normaliseNif = (value: string) => value.replace(/\s+/g, '').toUpperCase();
export const isPersonalNif = (value: string) => PERSONAL_NIF.test(normaliseNif(value));
export const isCompanyNif = (value: string) => COMPANY_NIF.test(normaliseNif(value));
