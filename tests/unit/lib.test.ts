import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { formatKwanza, parseKwanza } from '../../src/lib/money.ts';
import { formatMobile, maskMobile, mobileOperator, toE164, toNationalMobile } from '../../src/lib/phone.ts';
import { isCompanyNif, isPersonalNif } from '../../src/lib/nif.ts';
import { formatDate, formatDateTime, formatHour, formatShortDay, shortcutRange } from '../../src/lib/dates.ts';
import 'dayjs/locale/fr';
import 'dayjs/locale/zh-cn';
import { normaliseLanguage, resolveStartupLanguage, type Language } from '../../src/lib/language.ts';
import { withLanguage as withLanguageOf } from '../../src/lib/languageLinks.ts';
import { matchRoute } from '../../services/returnTo.ts';

describe('money', () => {
  it('formats cêntimos per decisions.md', () => {
    expect(formatKwanza(123456n, 'pt')).toMatch(/^1\s?234,56\sKz$/);
    for (const language of ['en', 'zh'] as const) expect(formatKwanza(123456, language)).toBe('Kz 1,234.56');
    expect(formatKwanza(123456, 'fr')).toBe('1 234,56 Kz'); // as pt-AO and fr-FR write it, never en-US
    expect(formatKwanza('5', 'en')).toBe('Kz 0.05');
    expect(formatKwanza(-250n, 'pt')).toMatch(/^-2,50\sKz$/);
  });
  it('keeps precision beyond 2^53 cêntimos', () => {
    expect(formatKwanza(9007199254740993n, 'en')).toMatch(/90,071,992,547,409\.93/);
  });
  it('parses what people type', () => {
    expect(parseKwanza('1 234,5')).toBe(123450n);
    expect(parseKwanza('1234.56 Kz')).toBe(123456n);
    expect(parseKwanza('12,345')).toBeNull();
    expect(parseKwanza('-5')).toBeNull();
    expect(parseKwanza('abc')).toBeNull();
  });
});

describe('phone', () => {
  it('accepts Angolan mobiles in every common spelling', () => {
    for (const input of ['923123456', '923 123 456', '+244923123456', '00244 923 123 456', '244923123456']) expect(toNationalMobile(input)).toBe('923123456');
    expect(toE164('923123456')).toBe('+244923123456');
  });
  it('refuses numbers outside 91–97 and 99', () => {
    for (const input of ['983123456', '903123456', '92312345', '9231234567', '222123456']) expect(toNationalMobile(input)).toBeNull();
  });
  it('formats, masks and names the operator', () => {
    expect(formatMobile('+244923123456')).toBe('923 123 456');
    expect(formatMobile('923123456', 'international')).toBe('+244 923 123 456');
    expect(maskMobile('923123456')).toBe('9** *** 456');
    expect(mobileOperator('923123456')).toBe('Unitel');
    expect(mobileOperator('953123456')).toBe('Africell');
    expect(mobileOperator('913123456')).toBe('Movicel');
  });
});

describe('nif', () => {
  it('checks the B.I. shape and the 10-digit company NIF', () => {
    expect(isPersonalNif('004567890LA042')).toBe(true);
    expect(isPersonalNif('004567890 la 042')).toBe(true);
    expect(isPersonalNif('00456789LA042')).toBe(false);
    expect(isCompanyNif('5417123456')).toBe(true);
    expect(isCompanyNif('541712345')).toBe(false);
  });
});

describe('dates', () => {
  const wednesday = dayjs('2026-11-18T10:00:00');
  it('turns the spec §9 shortcut codes into day ranges', () => {
    expect(shortcutRange(7, wednesday)).toEqual({ start: '2026-11-18', end: '2026-11-18' });
    expect(shortcutRange(1, wednesday)).toEqual({ start: '2026-11-17', end: '2026-11-17' });
    expect(shortcutRange(2, wednesday)).toEqual({ start: '2026-11-16', end: '2026-11-18' });
    expect(shortcutRange(3, wednesday)).toEqual({ start: '2026-11-09', end: '2026-11-15' });
    expect(shortcutRange(4, wednesday)).toEqual({ start: '2026-11-01', end: '2026-11-18' });
    expect(shortcutRange(5, wednesday)).toEqual({ start: '2026-10-01', end: '2026-10-31' });
    expect(shortcutRange(6, wednesday)).toEqual({ start: '2026-11-12', end: '2026-11-18' });
    expect(shortcutRange(8, wednesday)).toEqual({ start: '2026-10-20', end: '2026-11-18' });
  });
});

describe('dates as each language writes them (one formatter)', () => {
  it('a day, a time, a short day and an hour, never YYYY-MM-DD', () => {
    expect(formatDate('2026-11-26', 'pt')).toBe('26 nov 2026');
    expect(formatDate('2026-02-03', 'fr')).toBe('3 févr. 2026');
    expect(formatDate('2026-11-26', 'en')).toBe('26 Nov 2026');
    expect(formatDate('2026-11-26', 'zh')).toBe('2026年11月26日');
    expect(formatDateTime('2026-08-03T14:05:00', 'pt')).toBe('3 ago 2026, 14:05');
    expect(formatDateTime('2026-08-03T14:05:00', 'fr')).toBe('3 août 2026, 14:05');
    expect(formatDateTime('2026-08-03T14:05:00', 'zh')).toBe('2026年8月3日 14:05');
    expect(formatShortDay('2026-08-03', 'en')).toBe('3 Aug');
    expect(formatShortDay('2026-08-03', 'zh')).toBe('8月3日');
    expect([formatHour('09', 'pt'), formatHour('09', 'fr'), formatHour('09', 'en'), formatHour('09', 'zh')]).toEqual(['9h', '9h', '09:00', '9时']);
  });
});

describe('language', () => {
  it('normalises per decisions.md', () => {
    expect(normaliseLanguage('en-US')).toBe('en');
    expect(normaliseLanguage('ZH-cn')).toBe('zh');
    expect(normaliseLanguage('pt-PT')).toBe('pt');
    expect(normaliseLanguage('fr')).toBe('fr');
    expect(normaliseLanguage('de')).toBe('pt');
    expect(normaliseLanguage(undefined)).toBe('pt');
  });
  it('a link to one of the app’s pages carries the language, once; any other link is left alone', () => {
    const origin = 'https://wallet.example';
    const withLanguage = (href: string, language: Language, from: string) => withLanguageOf(href, language, from, (pathname) => matchRoute(pathname) !== null);
    expect(withLanguage('/agreement/registrationAgreement', 'en', origin)).toBe('/agreement/registrationAgreement?language=en');
    expect(withLanguage('/app/cards/bind?from=topup', 'fr', origin)).toBe('/app/cards/bind?from=topup&language=fr');
    expect(withLanguage('https://wallet.example/app/records/3#x', 'zh', origin)).toBe('/app/records/3?language=zh#x');
    expect(withLanguage('/', 'pt', origin)).toBe('/?language=pt');
    expect(withLanguage('/app/login?language=en', 'pt', origin)).toBeNull();
    expect(withLanguage('https://elsewhere.example/app/wallet', 'en', origin)).toBeNull();
    expect(withLanguage('/dev/outbox', 'en', origin)).toBeNull();
    expect(withLanguage('/platform/files/3', 'en', origin)).toBeNull();
    expect(withLanguage('mailto:help@wallet.example', 'en', origin)).toBeNull();
    expect(withLanguage('blob:https://wallet.example/1', 'en', origin)).toBeNull();
  });
  it('query parameter wins and is saved; else saved LANG; else pt', () => {
    expect(resolveStartupLanguage('?language=EN', 'zh')).toEqual({ language: 'en', save: true });
    expect(resolveStartupLanguage('', 'zh')).toEqual({ language: 'zh', save: false });
    expect(resolveStartupLanguage('', null)).toEqual({ language: 'pt', save: false });
  });
});
