/**
 * A fund line's receipt (`wallet/fund/queryReceipt`, issue 26 part 3): each kind of movement
 * arranged as payer and payee as the other side sees them (a person masked, a merchant by its
 * trade name and store, a card masked), the voucher, the amount, the charge; a member reads only
 * their own lines, and a line that is not a finished movement has none.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines } from '../support/server.ts';
import { fund, payTokenDirect } from '../support/money.ts';
import { BAI_CARD, fundLineCalls, fundLinesWorld, type FundLinesWorld } from '../support/fundLines.ts';
import { pay } from '../support/records.ts';
import { topupOrderDirect } from '../../server/domains/topup/handlers.ts';
import { drainBankSettlement } from '../../server/jobs/bankSettlement.ts';

describe.each(engines)('receipts of fund lines on %s', (engine) => {
  let server: FundLinesWorld['server'];
  let ana: string, anaId: string, bruno: string, brunoId: string, cardId: string;
  let shop: FundLinesWorld['shop'];

  const { call, ok, lines } = fundLineCalls(() => ({ server, ana, anaId, bruno, brunoId, cardId, shop }));
  const receipt = async (id: string, token = ana) => ok('wallet/fund/queryReceipt', { id }, token);

  beforeAll(async () => {
    ({ server, ana, anaId, bruno, brunoId, cardId, shop } = await fundLinesWorld(engine));
  }, 120_000);
  afterAll(() => server.close());

  it('a transfer: the payer and the payee masked as each sees the other, the note, no charge; another member\'s line is not found', async () => {
    const payToken = await payTokenDirect(server.db, anaId, { service: 'wallet/transfer/doTransfer', amount: 125_000, counterparty: '943000002' });
    const { transferId } = await ok('wallet/transfer/doTransfer', { mobile: '943000002', amount: 125_000, note: 'Renda de março', payToken });
    const sent = (await lines()).find((l) => l.kind === 'transfer')!;
    const ANA = { type: 'person', name: 'Ana M*** D***', detail: '9** *** 001' };
    const BRUNO = { type: 'person', name: 'Bruno M*** D***', detail: '9** *** 002' };
    const shown = await receipt(sent.id);
    expect(shown).toMatchObject({ kind: 'transfer', direction: 'expenditure', amount: 125_000, charge: 0, state: 'SUCCESS', from: ANA, to: BRUNO, note: 'Renda de março', refundOf: null });
    expect(shown.voucherNo).toMatch(/^\S+$/);
    const received = (await lines(bruno)).find((l) => l.kind === 'transfer')!;
    // the same movement, the same voucher, from the other side
    expect(await receipt(received.id, bruno)).toMatchObject({ kind: 'transfer', direction: 'income', from: ANA, to: BRUNO, voucherNo: shown.voucherNo });
    // a member reads only their own: another's line answers as the fund detail does
    expect((await call('wallet/fund/queryReceipt', { id: sent.id }, bruno)).code).toBe('CNT40401');
    expect((await call('wallet/fund/queryReceipt', { id: '999999999' })).code).toBe('CNT40401');
    expect(JSON.stringify(shown)).not.toContain('Maria');
    // the transfer's done screen finds it by the transfer's id: each member their own side
    expect(await ok('wallet/fund/queryReceipt', { transferId })).toEqual(shown);
    expect((await ok('wallet/fund/queryReceipt', { transferId }, bruno)).id).toBe(received.id);
  });

  it('a top-up: from the card to the member, no order number', async () => {
    const orderNo = await topupOrderDirect(server.db, anaId, cardId, 500_000n);
    const payToken = await payTokenDirect(server.db, anaId, { service: 'wallet/topup/confirmTopup', amount: 500_000, counterparty: cardId });
    await ok('wallet/topup/confirmTopup', { orderNo, payToken });
    await drainBankSettlement(server.db, server.adapters.bank);
    const topup = (await lines()).find((l) => l.kind === 'topup' && l.amount === 500_000)!;
    const shown = await receipt(topup.id);
    expect(await ok('wallet/fund/queryReceipt', { orderNo })).toEqual(shown);
    expect((await call('wallet/fund/queryReceipt', { orderNo }, bruno)).code).toBe('CNT40401');
    expect(shown).toMatchObject({
      kind: 'topup', direction: 'income', amount: 500_000, charge: 0,
      from: { type: 'card', name: 'BAI', detail: BAI_CARD.slice(4) }, to: { type: 'person', name: 'Ana M*** D***' },
    });
    expect(JSON.stringify(shown)).not.toContain(orderNo);
  });

  it('a withdrawal: the amount and its charge apart, pending then done; the release of a refused one has none', async () => {
    const amount = 200_000;
    const { charge } = await ok('wallet/withdraw/querySerivceCharge', { cardId, amount });
    const payToken = await payTokenDirect(server.db, anaId, { service: 'wallet/withdraw/applyWithdraw', amount, counterparty: cardId });
    const { withdrawNo } = await ok('wallet/withdraw/applyWithdraw', { cardId, amount, charge, payToken });
    const hold = (await lines()).find((l) => l.kind === 'withdraw_hold')!;
    const shown = await receipt(hold.id);
    expect(shown).toMatchObject({
      kind: 'withdrawal', direction: 'expenditure', amount: 200_000, charge: 5_000, state: 'PENDING',
      from: { type: 'person', name: 'Ana M*** D***' }, to: { type: 'card', name: 'BAI', detail: BAI_CARD.slice(4) },
    });
    expect(JSON.stringify(shown)).not.toContain(withdrawNo);
    expect(await ok('wallet/fund/queryReceipt', { withdrawNo })).toEqual(shown);
    expect((await call('wallet/fund/queryReceipt', { withdrawNo }, bruno)).code).toBe('CNT40401');
    await drainBankSettlement(server.db, server.adapters.bank);
    expect((await receipt(hold.id)).state).toBe('SUCCESS');
  });

  it('a merchant payment and its refund: the merchant by its trade name and store, the payment\'s voucher', async () => {
    const anaPerson = { id: anaId, token: ana, name: 'Ana Maria Demo' };
    const { paymentId } = await pay(server, anaPerson, shop, shop.storeId, 300_000);
    const voucherNo = `MP${paymentId.padStart(14, '0')}`;
    const tradeName = shop.merchant.name;
    const paid = (await lines()).find((l) => l.kind === 'merchant_pay')!;
    // the payment's done screen finds it by its voucher: the payer's only
    expect((await ok('wallet/fund/queryReceipt', { voucherNo })).id).toBe(paid.id);
    expect((await call('wallet/fund/queryReceipt', { voucherNo }, bruno)).code).toBe('CNT40401');
    expect(await receipt(paid.id)).toMatchObject({
      kind: 'merchantPayment', direction: 'expenditure', voucherNo, amount: 300_000, charge: 0,
      from: { type: 'person', name: 'Ana M*** D***' }, to: { type: 'merchant', name: tradeName, detail: 'Loja Central' },
    });
    const refundToken = await payTokenDirect(server.db, shop.memberId, { service: 'merchant/refund/apply', amount: 100_000, counterparty: paymentId });
    await ok('merchant/refund/apply', { recordId: paymentId, amount: 100_000, payToken: refundToken }, shop.token);
    const refunded = (await lines()).find((l) => l.kind === 'merchant_refund')!;
    expect(await receipt(refunded.id)).toMatchObject({
      kind: 'refund', direction: 'income', amount: 100_000, refundOf: voucherNo,
      from: { type: 'merchant', name: tradeName, detail: 'Loja Central' }, to: { type: 'person', name: 'Ana M*** D***' },
    });
  });
});
