import { describe, expect, it } from 'vitest';
import { formatKwanza, parseAmount } from '../../src/lib/money.ts';

describe('parseAmount: what people type, in their language, into cêntimos (digits only)', () => {
  it('reads the pt convention: groups by spaces or dots, decimal comma', () => {
    expect(parseAmount('1 234,56', 'pt')).toBe(123456n);
    expect(parseAmount('1\u00a0234,56 Kz', 'pt')).toBe(123456n);
    expect(parseAmount('1.234,56', 'pt')).toBe(123456n);
    expect(parseAmount('1.234', 'pt')).toBe(123400n); // a dot before three digits groups
    expect(parseAmount('1 234 567', 'pt')).toBe(123456700n);
    expect(parseAmount('0,5', 'pt')).toBe(50n);
    expect(parseAmount('12,05', 'pt')).toBe(1205n);
  });

  it('reads the en convention (also zh): groups by commas, decimal point', () => {
    expect(parseAmount('1,234.56', 'en')).toBe(123456n);
    expect(parseAmount('Kz 1,234.56', 'en')).toBe(123456n);
    expect(parseAmount('12,345', 'en')).toBe(1234500n);
    expect(parseAmount('1,234,567.8', 'zh')).toBe(123456780n);
  });

  it('reads fr as pt: groups by spaces, decimal comma', () => {
    expect(parseAmount('1 234,56', 'fr')).toBe(123456n);
    expect(parseAmount('1\u202f234,56 Kz', 'fr')).toBe(123456n);
    expect(parseAmount('12,5', 'fr')).toBe(1250n);
    expect(parseAmount('1 234.56', 'fr')).toBe(123456n); // a lone point before two digits: a keypad's only mark
  });

  it('takes a lone mark before one or two digits as the decimal mark (keypads offer one)', () => {
    expect(parseAmount('12.5', 'pt')).toBe(1250n);
    expect(parseAmount('1234.56', 'pt')).toBe(123456n);
    expect(parseAmount('12,50', 'en')).toBe(1250n);
  });

  it('refuses what is not an amount', () => {
    for (const [text, language] of [
      ['', 'pt'], ['abc', 'pt'], ['-5', 'pt'], ['1,2,3', 'pt'], ['12,345', 'pt'], ['1.2345', 'en'], ['1,23,4', 'en'], [',5', 'pt'],
      ['1e3', 'en'], ['12.', 'en'], ['1 234,567', 'pt'], ['12345678901234', 'pt'], ['١٢٣', 'en'],
    ] as const) expect(parseAmount(text, language), `${text} (${language})`).toBeNull();
  });

  it('parses zero (whether it may be paid is the form’s rule) and leading zeros', () => {
    expect(parseAmount('0', 'pt')).toBe(0n);
    expect(parseAmount('0,00', 'pt')).toBe(0n);
    expect(parseAmount('007', 'en')).toBe(700n);
  });

  it('never goes through a float: 13 whole digits and cêntimos stay exact', () => {
    expect(parseAmount('9 999 999 999 999,99', 'pt')).toBe(999999999999999n);
    expect(parseAmount('0.29', 'en')).toBe(29n); // 0.29 * 100 is 28.999… as a float
    expect(parseAmount('1.15', 'en')).toBe(115n);
  });

  it('reads back what formatKwanza shows', () => {
    for (const cents of [1n, 99n, 100n, 123456n, 100000000n, 987654321n]) {
      expect(parseAmount(formatKwanza(cents, 'pt'), 'pt')).toBe(cents);
      expect(parseAmount(formatKwanza(cents, 'en').replace('Kz', ''), 'en')).toBe(cents);
      expect(parseAmount(formatKwanza(cents, 'fr'), 'fr')).toBe(cents);
    }
  });
});

describe('formatKwanza: amounts as each language writes them', () => {
  it('pt and fr: space groups, decimal comma, Kz after; en and zh: Kz before, comma groups, decimal point', () => {
    expect(formatKwanza(3810000n, 'pt')).toBe('38 100,00 Kz');
    expect(formatKwanza(3810000n, 'fr')).toBe('38 100,00 Kz');
    expect(formatKwanza(3810000n, 'en')).toBe('Kz 38,100.00');
    expect(formatKwanza(3810000n, 'zh')).toBe('Kz 38,100.00');
    expect(formatKwanza(-150n, 'fr')).toBe('-1,50 Kz');
    expect(formatKwanza('123456789012345', 'fr')).toBe('1 234 567 890 123,45 Kz');
  });
});
