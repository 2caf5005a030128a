import { describe, expect, it } from 'vitest';
import { crc16, decodeCollectionCode, decodePayload, encodeCollectionCode, formatAmount, parseAmount, parseObjects, tlv, toCommonCharacters, WALLET_GUID, type CollectionCode } from '../../services/emvco.ts';

/** The sample payload of the EMVCo MPM specification (v1.1, appendix), with UTF-8 in template 64. */
const EMVCO_SAMPLE =
  '00020101021229300012D156000000000510A93FO3230Q31280012D15600000001030812345678520441115802CN5914BEST TRANSPORT6007BEIJING64200002ZH0104最佳运输0202北京540523.7253031565502016233030412340603***0708A60086670902ME91320016A0112233449988770708123456786304A13A';
/** PromptPay's published test vectors (dtinth/promptpay-qr): Thai baht, no name or city. */
const PROMPTPAY = {
  phone: '00020101021129370016A000000677010111011300668012345675802TH530376463046197',
  nationalId: '00020101021129370016A000000677010111021311111111111115802TH530376463047B5A',
  withAmount: '00020101021229370016A000000677010111011300660000000005802TH530376454044.226304E469',
};

const withCrc = (body: string) => body + crc16(body);
const sample: CollectionCode = { kind: 'static', serial: 'KW00001234', mcc: '5812', merchantName: 'Restaurante Café Nzinga', city: 'Luanda', storeLabel: 'Talatona' };

describe('CRC-16/CCITT-FALSE over UTF-8', () => {
  it('matches the published vectors', () => {
    expect(crc16(EMVCO_SAMPLE.slice(0, -4))).toBe('A13A');
    for (const payload of Object.values(PROMPTPAY)) expect(crc16(payload.slice(0, -4))).toBe(payload.slice(-4));
    // the standard check value of CRC-16/CCITT-FALSE
    expect(crc16('123456789')).toBe('29B1');
  });
});

describe('reading payloads', () => {
  it('reads the specification sample, counting lengths in characters', () => {
    const decoded = decodePayload(EMVCO_SAMPLE);
    expect(decoded.ok).toBe(true);
    if (!decoded.ok) return;
    expect(decoded.value.get('59')).toBe('BEST TRANSPORT');
    expect(decoded.value.get('54')).toBe('23.72');
    expect(parseObjects(decoded.value.get('64')!)).toEqual([{ id: '00', value: 'ZH' }, { id: '01', value: '最佳运输' }, { id: '02', value: '北京' }]);
  });

  it('refuses another currency, another country, and codes that are not this wallet’s', () => {
    expect(decodeCollectionCode(EMVCO_SAMPLE)).toEqual({ ok: false, refusal: 'currency', field: '53' });
    const foreignCountry = encodeCollectionCode(sample).replace('5802AO', '5802NA');
    expect(decodeCollectionCode(withCrc(foreignCountry.slice(0, -4)))).toEqual({ ok: false, refusal: 'country', field: '58' });
    const otherWallet = encodeCollectionCode(sample).replace(WALLET_GUID, 'AO.OTHER.WALLETS');
    expect(decodeCollectionCode(withCrc(otherWallet.slice(0, -4)))).toEqual({ ok: false, refusal: 'notOurs', field: '26' });
    // PromptPay has no merchant category, name or city
    expect(decodePayload(PROMPTPAY.withAmount)).toMatchObject({ ok: false, refusal: 'fieldMissing' });
  });

  it('refuses a missing or wrong CRC', () => {
    const good = encodeCollectionCode(sample);
    expect(decodeCollectionCode(good.slice(0, -8))).toMatchObject({ ok: false, refusal: 'crcMissing' });
    expect(decodeCollectionCode(`${good.slice(0, -1)}${good.endsWith('0') ? '1' : '0'}`)).toEqual({ ok: false, refusal: 'crcWrong' });
    expect(decodeCollectionCode(good.replace('Luanda', 'Lubango'))).toMatchObject({ ok: false });
    expect(decodeCollectionCode(good.toLowerCase())).toMatchObject({ ok: false });
  });

  it('refuses over-long fields, broken lengths and bad values, even with a right CRC', () => {
    const body = (name: string) => `000201010211${tlv('26', tlv('00', WALLET_GUID) + tlv('01', 'KW00001234'))}520458125303973${'5802AO'}${tlv('59', name)}6006Luanda6304`;
    expect(decodeCollectionCode(withCrc(body('A'.repeat(26))))).toEqual({ ok: false, refusal: 'tooLong', field: '59' });
    expect(decodeCollectionCode(withCrc(body('Café')))).toEqual({ ok: false, refusal: 'badValue', field: '59' });
    expect(decodeCollectionCode(withCrc('00020101021152045812530397358026304'))).toMatchObject({ ok: false, refusal: 'malformed' });
    expect(decodeCollectionCode(withCrc(`${body('Loja').replace('6304', '')}5405-1.006304`))).toEqual({ ok: false, refusal: 'badValue', field: '54' });
    expect(decodeCollectionCode(withCrc(`${body('Loja').replace('6304', '')}541412345678901.006304`))).toEqual({ ok: false, refusal: 'tooLong', field: '54' });
    // fractional cêntimos
    expect(decodeCollectionCode(withCrc(`${body('Loja').replace('6304', '')}54051.0016304`))).toEqual({ ok: false, refusal: 'badValue', field: '54' });
    expect(decodeCollectionCode('')).toEqual({ ok: false, refusal: 'malformed' });
    expect(decodeCollectionCode('hello')).toEqual({ ok: false, refusal: 'malformed' });
    expect(decodeCollectionCode('000201' + '5999abc')).toEqual({ ok: false, refusal: 'malformed' });
  });
});

describe('writing collection codes', () => {
  it('round-trips a static code, accents kept in the alternate-language template', () => {
    const payload = encodeCollectionCode(sample);
    expect(payload.startsWith('000201010211')).toBe(true);
    expect(payload).toContain('5923Restaurante Cafe Nzinga');
    expect(payload).toContain('5303973');
    expect(payload).not.toContain('54');
    expect(decodeCollectionCode(payload)).toEqual({ ok: true, value: sample });
  });

  it('round-trips a dynamic code with its amount and reference', () => {
    const dynamic: CollectionCode = { kind: 'dynamic', serial: 'D7F3A9C2E1', mcc: '5411', amountCents: 125_050, merchantName: 'Kero', city: 'Luanda', terminalLabel: 'Caixa 2', reference: 'D7F3A9C2E1' };
    const payload = encodeCollectionCode(dynamic);
    expect(payload).toContain('010212');
    expect(payload).toContain('54071250.50');
    expect(payload).not.toContain('6426'); // nothing lost: no alternate-language template
    expect(decodeCollectionCode(payload)).toEqual({ ok: true, value: dynamic });
  });

  it('writes amounts as the standard does and reads only cêntimos', () => {
    expect(formatAmount(100)).toBe('1');
    expect(formatAmount(1)).toBe('0.01');
    expect(formatAmount(123_456)).toBe('1234.56');
    expect(() => formatAmount(0)).toThrow();
    expect(() => formatAmount(-5)).toThrow();
    expect(() => formatAmount(1.5)).toThrow();
    expect(parseAmount('12.5')).toBe(1250);
    expect(parseAmount('0')).toBeNull();
    expect(parseAmount('1.005')).toBeNull();
    expect(parseAmount('-1')).toBeNull();
    expect(parseAmount('1e3')).toBeNull();
  });

  it('strips what the common character set cannot hold', () => {
    expect(toCommonCharacters('  Pastelaria  São João  ')).toBe('Pastelaria Sao Joao');
    expect(toCommonCharacters('Loja 最佳')).toBe('Loja');
  });
});
