import { describe, expect, it } from 'vitest';
import { encodeCollectionCode, encodePersonalCode, crc16 } from '../../services/emvco.ts';
import { matchRoute } from '../../services/returnTo.ts';
import { pageOfScan, readScan, SCAN_KINDS } from '../../src/scan/kinds.ts';

const TOKEN = `${'Ab3_-'.repeat(8)}xyz`;
const sticker = encodeCollectionCode({ kind: 'static', serial: 'KW0000000123', mcc: '5411', merchantName: 'Comercial Kianda, Lda', city: 'Luanda' });
const RECEIVE_TOKEN = 'Qm9vLXRva2VuLXJlY2VpdmU';
const personal = encodePersonalCode({ token: RECEIVE_TOKEN.slice(0, 22), maskedName: 'Ana M*** D***' });
const dynamic = encodeCollectionCode({ kind: 'dynamic', serial: 'DY0123456789AB', mcc: '5812', amountCents: 150_000, merchantName: 'Café Nzinga', city: 'Luanda', storeLabel: 'Talatona' });

describe('the scan table', () => {
  it('a store’s EMVCo collection code (printed, or a cashier’s one-time code) is paid on the scan screen', () => {
    expect(readScan(sticker)).toEqual({ kind: 'collectionCode', payload: { serial: 'KW0000000123', payloadKind: 'static' }, route: { to: 'pay' } });
    expect(readScan(dynamic)).toMatchObject({ kind: 'collectionCode', payload: { serial: 'DY0123456789AB', payloadKind: 'dynamic' } });
    expect(pageOfScan(sticker)).toBeNull();
  });

  it('the serial printed under a sticker, typed with its spaces or dashes', () => {
    expect(readScan('KW 0000 0001 23')).toMatchObject({ kind: 'collectionCode', payload: { serial: 'KW0000000123', payloadKind: null } });
    expect(readScan('kw-0000-0001-23')).toMatchObject({ kind: 'collectionCode', payload: { serial: 'KW0000000123' } });
  });

  it('a staff invitation’s QR or link opens the invitation', () => {
    for (const text of [`https://carteira.example.ao/app/invitation/${TOKEN}`, `http://localhost:8080/app/invitation/${TOKEN}/`, `/app/invitation/${TOKEN}`, ` https://carteira.example.ao/app/invitation/${TOKEN} `]) {
      expect(readScan(text)).toEqual({ kind: 'staffInvitation', payload: { token: TOKEN }, route: { to: 'page', path: `/app/invitation/${TOKEN}` } });
    }
    expect(pageOfScan(`https://carteira.example.ao/app/invitation/${TOKEN}`)).toBe(`/app/invitation/${TOKEN}`);
  });

  it('a member’s payment code, its 18 digits read from the QR or typed at a till, leads to the till', () => {
    expect(readScan('284719036652810937')).toEqual({ kind: 'paymentCode', payload: { code: '284719036652810937' }, route: { to: 'page', path: '/app/cashier' } });
    // 18 digits starting like an EMVCo payload are still a payment code, never a collection code
    expect(readScan('000201010211263600').kind).toBe('paymentCode');
    expect(readScan('28471903665281093').kind).toBe('unknown');
  });

  it('a group-package voucher, its QR or its code typed with spaces or dashes, leads to the till’s voucher page', () => {
    const code = 'GV12345678901234567890';
    expect(readScan(code)).toEqual({ kind: 'groupVoucher', payload: { code }, route: { to: 'page', path: `/app/cashier/voucher?code=${code}` } });
    expect(readScan(' gv 1234-5678-9012-3456-7890 ')).toMatchObject({ kind: 'groupVoucher', payload: { code } });
    // never a collection code's serial (two letters and digits), nor a payment code or an invitation
    expect(SCAN_KINDS.find((kind) => kind.kind === 'collectionCode')!.recognise(code)).toBeNull();
    expect(readScan('GV1234567890123456789').kind).toBe('collectionCode');
    expect(readScan('GV123456789012345678901').kind).toBe('collectionCode');
    expect(readScan('12345678901234567890').kind).toBe('unknown');
    expect(pageOfScan(code)).toBe(`/app/cashier/voucher?code=${code}`);
  });

  it('anything else is a code the wallet does not know: another wallet’s or country’s EMVCo code, a wrong CRC, another site, text', () => {
    const otherWallet = sticker.replace('AO.KWANZA.WALLET', 'AO.OTHER.WALLETS').slice(0, -4);
    const spec = '00020101021229300012D156000000000510A93FO3230Q31280012D15600000001030812345678520441115802CN5914BEST TRANSPORT6007BEIJING64200002ZH0104最佳运输0202北京540523.7253031565502016233030412340603***0708A60086670902ME91320016A0112233449988770708123456786304A13A';
    for (const text of [otherWallet + crc16(otherWallet), sticker.slice(0, -4) + '0000', spec, 'https://example.com/app/invitation/short', `https://carteira.example.ao/app/invitations/${TOKEN}`, 'hello', '', 'KW12', `KW${'0'.repeat(40)}`]) {
      expect(readScan(text), text).toEqual({ kind: 'unknown' });
      expect(pageOfScan(text)).toBeNull();
    }
  });

  it('each kind is recognised by its own entry alone, and every page it leads to is a route of the app', () => {
    const samples = { collectionCode: sticker, staffInvitation: `/app/invitation/${TOKEN}`, paymentCode: '284719036652810937', groupVoucher: 'GV12345678901234567890', personalCode: personal } as const;
    expect(SCAN_KINDS.map((kind) => kind.kind)).toEqual(Object.keys(samples));
    for (const kind of SCAN_KINDS) {
      for (const [name, text] of Object.entries(samples)) expect(kind.recognise(text) !== null, `${kind.kind} on a ${name}`).toBe(name === kind.kind);
      const reading = readScan(samples[kind.kind]);
      if (reading.kind !== 'unknown' && reading.route.to === 'page') expect(matchRoute(reading.route.path.split('?')[0]!), reading.route.path).not.toBeNull();
    }
  });
});

describe('a person’s receive code (the P2P kind)', () => {
  const token = RECEIVE_TOKEN.slice(0, 22);
  it('opens the transfer by code with its token; never read as a merchant’s code', () => {
    expect(readScan(personal)).toEqual({ kind: 'personalCode', payload: { token }, route: { to: 'page', path: `/app/sendbycode/${token}` } });
    const oneTime = encodePersonalCode({ token, maskedName: 'Ana M*** D***', amountCents: 50_000, note: '2 kg de peixe' });
    expect(oneTime).toContain('010212');
    expect(oneTime).toContain('5403500');
    expect(oneTime).toContain('621708132 kg de peixe');
    expect(pageOfScan(oneTime)).toBe(`/app/sendbycode/${token}`);
  });
  it('is refused with a wrong CRC, another GUID or a token of another shape', () => {
    expect(readScan(personal.slice(0, -4) + '0000')).toEqual({ kind: 'unknown' });
    const otherGuid = personal.replace('AO.KWANZA.P2P', 'AO.KWANZA.P2Q').slice(0, -4);
    expect(readScan(otherGuid + crc16(otherGuid))).toEqual({ kind: 'unknown' });
    const shortToken = encodePersonalCode({ token: 'short', maskedName: 'Ana' });
    expect(readScan(shortToken)).toEqual({ kind: 'unknown' });
  });
});
