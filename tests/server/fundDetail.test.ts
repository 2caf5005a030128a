/**
 * A fund-detail line in full (`wallet/fund/queryFundDetail`, issue 21): each kind of movement with
 * its own facts — a transfer's other person (masked name and number) and its note; a top-up's
 * card; a withdrawal's card, amount, charge and total (the line itself is amount + charge, and
 * says so); a merchant payment's and a refund's merchant by its trade name (never masked like a
 * person), its store and the payment's voucher — and no internal reference shown as a note.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines } from '../support/server.ts';
import { fund, payTokenDirect } from '../support/money.ts';
import { BAI_CARD, fundLineCalls, fundLinesWorld, type FundLinesWorld } from '../support/fundLines.ts';
import { pay } from '../support/records.ts';
import { topupOrderDirect } from '../../server/domains/topup/handlers.ts';
import { drainBankSettlement } from '../../server/jobs/bankSettlement.ts';

describe.each(engines)('fund-detail lines on %s', (engine) => {
  let server: FundLinesWorld['server'];
  let ana: string, anaId: string, bruno: string, brunoId: string, cardId: string;
  let shop: FundLinesWorld['shop'];

  const { call, ok, lines } = fundLineCalls(() => ({ server, ana, anaId, bruno, brunoId, cardId, shop }));
  const detail = async (id: string, token = ana) => ok('wallet/fund/queryFundDetail', { id }, token);

  beforeAll(async () => {
    ({ server, ana, anaId, bruno, brunoId, cardId, shop } = await fundLinesWorld(engine));
  }, 120_000);
  afterAll(() => server.close());

  it('a transfer: to whom and from whom, masked name and number, and the note the payer wrote', async () => {
    const payToken = await payTokenDirect(server.db, anaId, { service: 'wallet/transfer/doTransfer', amount: 125_000, counterparty: '943000002' });
    await ok('wallet/transfer/doTransfer', { mobile: '943000002', amount: 125_000, note: 'Renda de março', payToken });
    const sent = (await lines()).find((l) => l.kind === 'transfer')!;
    expect(await detail(sent.id)).toMatchObject({
      direction: 'expenditure', amount: 125_000, note: 'Renda de março', charge: null,
      facts: { type: 'transfer', name: 'Bruno M*** D***', mobile: '9** *** 002' },
    });
    const received = (await lines(bruno)).find((l) => l.kind === 'transfer')!;
    expect(await detail(received.id, bruno)).toMatchObject({ direction: 'income', note: 'Renda de março', facts: { type: 'transfer', name: 'Ana M*** D***', mobile: '9** *** 001' } });
    // a line is its owner's only
    expect((await call('wallet/fund/queryFundDetail', { id: sent.id }, bruno)).code).toBe('CNT40401');
  });

  it('a top-up: the card it came from, and no order number as a note', async () => {
    const orderNo = await topupOrderDirect(server.db, anaId, cardId, 500_000n);
    const payToken = await payTokenDirect(server.db, anaId, { service: 'wallet/topup/confirmTopup', amount: 500_000, counterparty: cardId });
    await ok('wallet/topup/confirmTopup', { orderNo, payToken });
    await drainBankSettlement(server.db, server.adapters.bank);
    const topup = (await lines()).find((l) => l.kind === 'topup' && l.amount === 500_000)!;
    const shown = await detail(topup.id);
    expect(shown).toMatchObject({ direction: 'income', note: null, facts: { type: 'topup', card: { bankShort: 'BAI', maskedCardNo: BAI_CARD.slice(4) } } });
    expect(JSON.stringify(shown)).not.toContain(orderNo);
  });

  it('a withdrawal: −2 050 Kz said to include the 50 Kz charge, amount, charge and total apart, the card; never its WD number', async () => {
    const amount = 200_000;
    const { charge } = await ok('wallet/withdraw/querySerivceCharge', { cardId, amount });
    expect(charge).toBe(5_000);
    const payToken = await payTokenDirect(server.db, anaId, { service: 'wallet/withdraw/applyWithdraw', amount, counterparty: cardId });
    const { withdrawNo } = await ok('wallet/withdraw/applyWithdraw', { cardId, amount, charge, payToken });
    const hold = (await lines()).find((l) => l.kind === 'withdraw_hold')!;
    expect(hold).toMatchObject({ amount: 205_000, charge: 5_000, counterparty: null });
    const shown = await detail(hold.id);
    expect(shown).toMatchObject({
      direction: 'expenditure', amount: 205_000, charge: 5_000, note: null,
      facts: { type: 'withdrawal', card: { bankShort: 'BAI' }, amount: 200_000, charge: 5_000, total: 205_000, state: 'PENDING', returned: false },
    });
    expect(JSON.stringify(shown)).not.toContain(withdrawNo);
    await drainBankSettlement(server.db, server.adapters.bank);
    expect((await detail(hold.id)).facts.state).toBe('SUCCESS');
  });

  it('a merchant payment and its refund: the merchant by its trade name, the store, the payment’s voucher', async () => {
    const anaPerson = { id: anaId, token: ana, name: 'Ana Maria Demo' };
    const { paymentId } = await pay(server, anaPerson, shop, shop.storeId, 300_000);
    const voucherNo = `MP${paymentId.padStart(14, '0')}`;
    const tradeName = shop.merchant.name;
    const paid = (await lines()).find((l) => l.kind === 'merchant_pay')!;
    expect(paid.counterparty).toBe(tradeName);
    expect(await detail(paid.id)).toMatchObject({ voucherNo, facts: { type: 'merchantPayment', merchant: tradeName, store: 'Loja Central', voucherNo } });

    const refundToken = await payTokenDirect(server.db, shop.memberId, { service: 'merchant/refund/apply', amount: 100_000, counterparty: paymentId });
    await ok('merchant/refund/apply', { recordId: paymentId, amount: 100_000, payToken: refundToken }, shop.token);
    const refunded = (await lines()).find((l) => l.kind === 'merchant_refund')!;
    // the company behind it is "Comercial …, Lda": never "Comercial X*** L***"
    expect(refunded.counterparty).toBe(tradeName);
    const shown = await detail(refunded.id);
    expect(shown).toMatchObject({ direction: 'income', amount: 100_000, note: null, facts: { type: 'refund', merchant: tradeName, store: 'Loja Central', paymentVoucherNo: voucherNo } });
    expect(JSON.stringify(shown)).not.toMatch(/\*\*\*/);
    expect(JSON.stringify(shown)).not.toMatch(/RF\d{14}/);
  });
});
