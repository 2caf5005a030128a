import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, envelope, startTestServer, type TestServer } from '../support/server.ts';
import { verifyMember } from '../support/money.ts';
import { SIM_TEST_CARDS, simulatorBin, simulatorCardNumber } from '../../server/adapters/bankSimulator.ts';
import { luhnValid } from '../../services/contract/shared.ts';
import { checkInvariants } from '../../server/ledger/invariants.ts';

type Answer = { code: string; subMsg: string; bizContent: any }; // eslint-disable-line @typescript-eslint/no-explicit-any

const card = (note: RegExp) => SIM_TEST_CARDS.find((c) => note.test(c.note) && c.holderName === 'Ana Maria Demo')!;
const ANA_BAI = card(/^BAI debit/).cardNo;
const ANA_CREDIT = card(/credit/).cardNo;
const ANA_BPC = card(/^BPC/).cardNo;
const BRUNO_BAI = SIM_TEST_CARDS.find((c) => c.holderName === 'Bruno Manuel Demo' && /^BAI/.test(c.note))!.cardNo;

describe.each(engines)('bank cards on %s', (engine) => {
  let server: TestServer;
  let ana: string;
  beforeAll(async () => {
    server = await startTestServer(engine, { BANK_SETTLEMENT_DELAY_MS: '0' });
    await verifyMember(server.db, '+244923000001', 'Ana Maria Demo');
    await verifyMember(server.db, '+244943000002', 'Bruno Manuel Demo');
    ana = await server.memberToken('+244923000001');
  });
  afterAll(() => server.close());

  const call = async (service: string, bizContent: object, token = ana): Promise<Answer> =>
    (await server.app.inject({ method: 'POST', url: '/gatewayinner/api', payload: envelope(service, bizContent, { token }, 'en') })).json();
  const lastCode = async (mobile: string) => {
    const { rows } = await server.db.query<{ body: string }>('SELECT body FROM outbox_messages WHERE destination = $1 ORDER BY id DESC LIMIT 1', [mobile]);
    return /(\d{6})/.exec(rows[0]?.body ?? '')?.[1] ?? '';
  };
  /** The 60-second resend rule is the codes' own business (tested there): move earlier codes out of the way. */
  const allowNewCode = (mobile: string) => server.db.query("UPDATE verification_codes SET created_at = created_at - interval '2 hours' WHERE destination = $1", [mobile]);
  const bind = async (cardNo: string, mobile = '923000001', token = ana) => {
    await allowNewCode(`+244${mobile}`);
    const started = await call('wallet/card/inputMobile', { cardNo, mobile }, token);
    if (started.code !== 'S0001') return started;
    return call('wallet/card/verifyAuthCode', { bindId: started.bizContent.bindId, code: await lastCode(`+244${mobile}`) }, token);
  };

  it('seeds Luhn-valid test cards with a debit and a credit BIN for every operating bank', async () => {
    for (const c of SIM_TEST_CARDS) expect(luhnValid(c.cardNo), c.cardNo).toBe(true);
    const { rows } = await server.db.query<{ bank_code: string; types: string }>("SELECT bank_code, string_agg(card_type, ',' ORDER BY card_type) AS types FROM bank_sim_bins GROUP BY bank_code");
    expect(rows.length).toBeGreaterThanOrEqual(15);
    expect(rows.every((r) => r.types === 'credit,debit')).toBe(true);
    expect(rows.map((r) => r.bank_code)).not.toContain('0053'); // licence revoked
  });

  it('reads the BIN: a debit card of a served bank, naming no holder (nobody has checked whose card it is yet); credit and unknown BINs refused', async () => {
    expect((await call('wallet/card/checkCardBin', { cardNo: ANA_BAI.slice(0, 8) })).bizContent).toEqual({
      bin: '600400', bankCode: '0040', bankShort: 'BAI', bankName: 'Banco Angolano de Investimentos', cardType: 'debit', bindable: true,
    });
    // someone else's card reads the same: its bank, and no name (Ana's verified one was shown as if it were the holder)
    expect((await call('wallet/card/checkCardBin', { cardNo: BRUNO_BAI })).bizContent).not.toHaveProperty('holderName');
    expect((await call('wallet/card/checkCardBin', { cardNo: ANA_CREDIT })).code).toBe('CRD10002');
    expect((await call('wallet/card/checkCardBin', { cardNo: '123456789' })).code).toBe('CRD10001');
    expect((await call('wallet/card/checkCardBin', { cardNo: '12345' })).code).toBe('AGW10003');
    const enterprise = await server.memberToken('loja@demo.ao');
    expect((await call('wallet/card/checkCardBin', { cardNo: ANA_BAI }, enterprise)).code).toBe('FND10004');
  });

  it('checks the card at the bank: holder must be the member, mobile must be the card’s', async () => {
    expect((await call('wallet/card/inputMobile', { cardNo: ANA_BAI, mobile: '923999999' })).code).toBe('CRD10004');
    expect((await call('wallet/card/inputMobile', { cardNo: BRUNO_BAI, mobile: '943000002' })).code).toBe('CRD10003');
    expect((await call('wallet/card/inputMobile', { cardNo: ANA_CREDIT, mobile: '923000001' })).code).toBe('CRD10002');
    expect((await call('wallet/card/inputMobile', { cardNo: simulatorCardNumber(simulatorBin('0040', 'debit'), 999_999), mobile: '923000001' })).code).toBe('CRD10005');
    const badLuhn = ANA_BAI.slice(0, -1) + String((Number(ANA_BAI.slice(-1)) + 1) % 10);
    expect((await call('wallet/card/inputMobile', { cardNo: badLuhn, mobile: '923000001' })).code).toBe('AGW10003');
    // none of these sent a code
    expect(await lastCode('+244923999999')).toBe('');
  });

  it('binds with the SMS code sent to the card’s mobile; wrong codes are counted; only the token and last digits are kept', async () => {
    await allowNewCode('+244923000001');
    const ledgerBefore = await server.db.query<{ n: string; total: string }>('SELECT count(*)::text AS n, coalesce(sum(abs(balance)), 0)::text AS total FROM ledger_accounts');
    const transfersBefore = (await checkInvariants(server.db)).transfers;
    const started = await call('wallet/card/inputMobile', { cardNo: ANA_BAI.replace(/(\d{4})/g, '$1 ').trim(), mobile: '923000001' });
    expect(started.code).toBe('S0001');
    // the bank found the card in Ana's name: its answer names the holder
    expect(started.bizContent).toMatchObject({ mobileMasked: '923***001', holderName: 'Ana M*** D***', expiresInSeconds: 300, resendAfterSeconds: 60 });
    const code = await lastCode('+244923000001');
    const wrong = code === '000000' ? '111111' : '000000';
    expect(await call('wallet/card/verifyAuthCode', { bindId: started.bizContent.bindId, code: wrong })).toMatchObject({ code: 'COD10001', subMsg: '4' });
    expect(await call('wallet/card/verifyAuthCode', { bindId: started.bizContent.bindId, code: wrong })).toMatchObject({ code: 'COD10001', subMsg: '3' });
    const bound = await call('wallet/card/verifyAuthCode', { bindId: started.bizContent.bindId, code });
    expect(bound.code).toBe('S0001');
    expect(bound.bizContent.card).toMatchObject({ bankCode: '0040', bankShort: 'BAI', cardType: 'debit', last4: ANA_BAI.slice(-4), maskedCardNo: `6004 00** **** ${ANA_BAI.slice(-4)}`, needBranch: false });
    expect((await call('wallet/card/verifyAuthCode', { bindId: started.bizContent.bindId, code })).code).toBe('CRD10007'); // used
    const list = (await call('wallet/card/getAllBankCard', {})).bizContent.cards;
    expect(list).toEqual([bound.bizContent.card]);
    const { rows } = await server.db.query('SELECT row_to_json(c)::text AS r FROM bank_cards c UNION ALL SELECT row_to_json(b)::text FROM card_bind_requests b');
    for (const row of rows as Array<{ r: string }>) expect(row.r).not.toContain(ANA_BAI);
    // binding moves no money and opens no account
    expect((await checkInvariants(server.db)).transfers).toBe(transfersBefore);
    expect((await server.db.query('SELECT count(*)::text AS n, coalesce(sum(abs(balance)), 0)::text AS total FROM ledger_accounts')).rows).toEqual(ledgerBefore.rows);
  });

  it('refuses a card already bound, an unknown request, and unbinds', async () => {
    expect((await bind(ANA_BAI)).code).toBe('CRD10006');
    expect((await call('wallet/card/verifyAuthCode', { bindId: '6f1c1d2e-1111-4a4a-9b9b-222233334444', code: '123456' })).code).toBe('CRD10007');
    const bpc = await bind(ANA_BPC);
    expect(bpc.bizContent.card).toMatchObject({ bankCode: '0010', needBranch: true });
    expect((await call('wallet/card/getAllBankCard', {})).bizContent.cards).toHaveLength(2);
    expect((await call('wallet/card/removeBankCard', { cardId: bpc.bizContent.card.cardId })).bizContent).toEqual({ removed: true });
    expect((await call('wallet/card/removeBankCard', { cardId: bpc.bizContent.card.cardId })).code).toBe('CRD10008');
    const bruno = await server.memberToken('+244943000002');
    expect((await call('wallet/card/removeBankCard', { cardId: (await call('wallet/card/getAllBankCard', {})).bizContent.cards[0].cardId }, bruno)).code).toBe('CRD10008');
    expect((await call('wallet/card/getAllBankCard', {})).bizContent.cards).toHaveLength(1);
    expect((await bind(ANA_BPC)).code).toBe('S0001'); // bound again after removal
  });

  it('gives the banks’ limits, branch rule and charge; the cashier lists the banks whose debit cards pay', async () => {
    const all = (await call('common/setting/getBankLimit', {})).bizContent.banks;
    expect(all.find((b: { bankCode: string }) => b.bankCode === '0040')).toEqual({
      bankCode: '0040', bankShort: 'BAI', bankName: 'Banco Angolano de Investimentos', needBranch: false,
      topup: { perTransaction: 50_000_000, daily: 400_000_000 }, withdraw: { min: 10_000, perTransaction: 50_000_000, daily: 400_000_000 },
      charge: { rateBp: 50, min: 5_000, max: 250_000 },
    });
    expect((await call('common/setting/getBankLimit', { bankCode: '0010' })).bizContent.banks).toMatchObject([{ bankCode: '0010', needBranch: true }]);
    const cashier = (await server.app.inject({ method: 'POST', url: '/gatewayinner/api', payload: envelope('cashier/merchantConf/getSupportBankAndLimit', {}) })).json();
    expect(cashier.bizContent.banks).toContainEqual({ bankCode: '0006', bankShort: 'BFA', bankName: 'Banco de Fomento Angola', cardTypes: ['debit'], singleLimit: 50_000_000, dailyLimit: 400_000_000 });
  });

  it('leaves the ledger whole', async () => {
    expect(await checkInvariants(server.db)).toMatchObject({ ok: true });
  });
});
