/**
 * The member's cashback and reductions on screen: the lists (the paged list chart with their
 * items: empty, failed, a page), a cashback record in full with its clawback, the announcement,
 * a reduction in full. In pt, and a record in English and Chinese.
 */
import { describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createActor } from 'xstate';
import { useSelector } from '@xstate/react';
import { pagedListMachine } from '../../machines/pagedList.machine.ts';
import { CashbackListView, CASHBACK_KEY } from '../../screens/cashback/CashbackListView.tsx';
import { CashbackDetailView, type CashbackRecord } from '../../screens/cashback/CashbackDetailView.tsx';
import { CashbackAnnouncementView } from '../../screens/cashback/CashbackAnnouncementView.tsx';
import { ReductionListView, REDUCTION_KEY } from '../../screens/reduction/ReductionListView.tsx';
import { ReductionDetailView, type Reduction } from '../../screens/reduction/ReductionDetailView.tsx';
import type { CashbackItem } from '../../services/contract/cashback.ts';
import type { ReductionItem } from '../../services/contract/reduction.ts';
import { doneEvent, errorEvent, parkInvokes } from '../support/mbt.ts';
import { assertNoRawKeys } from '../support/screen-mbt.tsx';
import { createI18n } from '../../src/i18n.ts';
import { dictionary } from '../../locales/dictionary.ts';

const dictionaries = { pt: dictionary('pt'), en: dictionary('en'), zh: dictionary('zh'), fr: dictionary('fr') };
const wrap = (language: 'pt' | 'en' | 'zh', node: React.ReactNode) => <I18nextProvider i18n={createI18n(language, dictionaries)}>{node}</I18nextProvider>;
const row = (label: string) => screen.getByText(label).nextElementSibling?.textContent;

const cashback: CashbackItem = { id: '9', amount: 8_200, merchant: 'Comercial Demo, Lda', store: 'Loja Central', at: '2026-03-14T09:05:00.000Z', status: 'success', clawedBack: 4_100, refundStatus: 'success' };
const reduction: ReductionItem = {
  id: '31', price: 100_000, discount: 10_000, coupon: { name: 'Gaste 800', amount: 8_000 }, paid: 82_000, merchant: 'Comercial Demo, Lda', store: 'Loja Central',
  at: '2026-03-14T09:05:00.000Z', voucherNo: 'MP00000000000031',
};

/** A list chart asking for its first page until the test answers. */
function listOf(key: string) {
  const actor = createActor(parkInvokes(pagedListMachine, ['loadPage']).provide({ actions: { pageLoaded: () => {} } }), { input: { query: null, key } }).start();
  return actor;
}

describe('the cashback list', () => {
  it('loads, fails with a retry, shows a page of records (what came back, where, when, what a refund took back), each opening its record', () => {
    const actor = listOf(CASHBACK_KEY);
    const opened: string[] = [];
    function Live() {
      const state = useSelector(actor, (s) => s);
      return <CashbackListView state={state} send={(e) => actor.send(e)} onOpen={(id) => opened.push(id)} />;
    }
    const { container } = render(wrap('pt', <Live />));
    expect(screen.getByRole('status').textContent).toMatch(/A carregar/);
    expect(screen.getByRole('link', { name: 'Como funciona o cashback' }).getAttribute('href')).toBe('/app/cashbackanouncement');
    act(() => actor.send(errorEvent('loadPage', new Error('down')) as never));
    expect(screen.getByText('Não foi possível carregar o cashback.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    act(() => actor.send(doneEvent('loadPage', { ok: true, data: { items: [cashback], nextCursor: null } }) as never));
    const link = within(screen.getByRole('list', { name: 'Cashback' })).getByRole('link');
    expect(link.getAttribute('href')).toBe('/app/cashbackdetail/9');
    expect(link.textContent).toMatch(/^Comercial Demo, Lda · Loja Central\+82,00 Kz14 mar\.? 2026, \d\d:\d\d · Recebido41,00 Kz devolvido por reembolso$/);
    fireEvent.click(link);
    expect(opened).toEqual(['9']);
    assertNoRawKeys(container);
    actor.send({ type: 'list.refreshed' });
    act(() => actor.send(doneEvent('loadPage', { ok: true, data: { items: [], nextCursor: null } }) as never));
    expect(screen.getByText(/Ainda não recebeu cashback/)).toBeTruthy();
    actor.stop();
  });
});

const record: CashbackRecord = {
  ...cashback, cashbackNo: 'CB00000000000009', transactionNo: 'OP202603140000000042', tradeVoucherNo: 'MP00000000000031',
  refundTransactionNo: 'RF00000000000002', refundVoucherNo: 'RF00000000000002', policyId: '5', policyName: 'Dez por cento', consumerAmount: 82_000,
  contributor: { kind: 'merchant', name: 'Comercial Demo, Lda' }, beneficiary: { memberId: '12', name: 'Ana M*** D***', login: '9** *** 001', account: 'cashback' },
  role: 'payer', reason: 'merchantPayment', clawbackDue: 4_100,
  refunds: [{ refundNo: 'RF00000000000002', due: 4_100, clawedBack: 4_100, status: 'success', at: '2026-03-15T10:00:00.000Z' }],
};

describe('a cashback record', () => {
  it('every field of spec §3, the contributor by name never by account, the beneficiary masked, and its clawbacks with their state', () => {
    const { container } = render(wrap('pt', <CashbackDetailView record={record} />));
    expect(screen.getByText('+82,00 Kz')).toBeTruthy();
    expect(row('N.º do cashback')).toBe('CB00000000000009');
    expect(row('N.º da operação')).toBe('OP202603140000000042');
    expect(row('Comprovativo do pagamento')).toBe('MP00000000000031');
    expect(row('N.º do reembolso')).toBe('RF00000000000002');
    expect(row('Comprovativo do reembolso')).toBe('RF00000000000002');
    expect(row('Campanha')).toBe('Dez por cento');
    expect(row('N.º da campanha')).toBe('5');
    expect(row('Valor pago')).toBe('820,00 Kz');
    expect(row('Pago por')).toBe('Comerciante Comercial Demo, Lda');
    expect(row('Beneficiário')).toBe('Ana M*** D***');
    expect(row('N.º de membro')).toBe('12');
    expect(row('Conta')).toBe('Conta de cashback de 9** *** 001');
    expect(row('Papel')).toBe('Quem pagou');
    expect(row('Motivo')).toBe('Pagamento a um comerciante');
    expect(row('Estado')).toBe('Recebido');
    expect(row('Data e hora')).toMatch(/^14 mar\.? 2026, \d\d:\d\d$/);
    expect(row('Devolvido por reembolsos')).toBe('41,00 Kz de 41,00 Kz pedidos');
    const refunds = within(screen.getByRole('list', { name: 'Reembolsos do pagamento' })).getAllByRole('listitem');
    expect(refunds.map((li) => li.textContent)).toEqual([expect.stringMatching(/^RF00000000000002−41,00 KzDevolvido · pedido 41,00 Kz · 15 mar/)]);
    assertNoRawKeys(container);
  });

  it('a platform-funded one, no refund yet, in English; a clawback in part, in Chinese', () => {
    const { unmount } = render(wrap('en', <CashbackDetailView record={{ ...record, contributor: { kind: 'platform' }, refundTransactionNo: null, refundVoucherNo: null, refundStatus: null, clawedBack: 0, clawbackDue: 0, refunds: [] }} />));
    expect(row('Paid by')).toBe('Platform marketing');
    expect(row('Refund no.')).toBe('—');
    expect(screen.getByText('The payment has not been refunded.')).toBeTruthy();
    unmount();
    render(wrap('zh', <CashbackDetailView record={{ ...record, refundStatus: 'abnormal', clawedBack: 2_000, refunds: [{ ...record.refunds[0]!, clawedBack: 2_000, status: 'abnormal' }] }} />));
    expect(screen.getByRole('list', { name: '该笔付款的退款' }).textContent).toMatch(/部分退回/);
  });
});

describe('the cashback announcement', () => {
  it('how cashback works, and each running campaign: its share or range, its cap, the least payment, its end', () => {
    const { container } = render(wrap('pt', <CashbackAnnouncementView announcement={{ campaigns: [
      { id: '1', name: 'Semana do cashback', type: 'ratio', ratioBp: 500, minCashback: 0, maxCashback: 20_000, minPayment: 100_000, endsAt: '2026-03-21T12:00:00.000Z' },
      { id: '2', name: 'Sorte', type: 'random', ratioBp: null, minCashback: 100, maxCashback: 5_000, minPayment: 1, endsAt: null },
    ] }} />));
    expect(screen.getByText(/O cashback entra na sua conta de cashback/)).toBeTruthy();
    expect(screen.getByText(/devolvido na mesma proporção/)).toBeTruthy();
    const campaigns = within(screen.getByRole('list', { name: 'Campanhas em curso' })).getAllByRole('listitem');
    expect(campaigns[0]!.textContent).toMatch(/^Semana do cashback5\s?% do valor pagoaté 200,00 Kz · pagamentos a partir de 1 000,00 Kz · até 21 mar/);
    expect(campaigns[1]!.textContent).toBe('SorteEntre 1,00 Kz e 50,00 Kzpagamentos a partir de 0,01 Kz · sem data de fim');
    assertNoRawKeys(container);
  });

  it('says when there is none', () => {
    render(wrap('pt', <CashbackAnnouncementView announcement={{ campaigns: [] }} />));
    expect(screen.getByRole('status').textContent).toBe('Não há campanhas de cashback neste momento.');
  });
});

describe('the reductions', () => {
  it('a page of payments a discount or a coupon lowered, each opening its detail', () => {
    const actor = listOf(REDUCTION_KEY);
    function Live() {
      const state = useSelector(actor, (s) => s);
      return <ReductionListView state={state} send={(e) => actor.send(e)} />;
    }
    const { container } = render(wrap('pt', <Live />));
    act(() => actor.send(doneEvent('loadPage', { ok: true, data: { items: [reduction], nextCursor: '31' } }) as never));
    const link = within(screen.getByRole('list', { name: 'Descontos' })).getByRole('link');
    expect(link.getAttribute('href')).toBe('/app/reductiondetail/31');
    expect(link.textContent).toMatch(/^Comercial Demo, Lda · Loja Central−820,00 KzPoupou 180,00 Kz de 1 000,00 Kz · cupão Gaste 80014 mar/);
    expect(screen.getByRole('button', { name: 'Carregar mais' })).toBeTruthy();
    assertNoRawKeys(container);
    actor.stop();
  });

  it('one in full: price, discount and its campaign, coupon, paid, the numbers, the refund and the cashback it gave', () => {
    const detail: Reduction = { ...reduction, discountName: 'Menos 100', transactionNo: 'OP202603140000000042', refunded: 41_000, cashback: { id: '9', amount: 8_200 } };
    const { container } = render(wrap('pt', <ReductionDetailView reduction={detail} />));
    expect(row('Preço')).toBe('1 000,00 Kz');
    expect(row('Desconto')).toBe('−100,00 Kz (Menos 100)');
    expect(row('Cupão')).toBe('−80,00 Kz (Gaste 800)');
    expect(row('Pago')).toBe('820,00 Kz');
    expect(row('N.º do comprovativo')).toBe('MP00000000000031');
    expect(row('Reembolsado')).toBe('410,00 Kz');
    expect(screen.getByRole('link', { name: '+82,00 Kz' }).getAttribute('href')).toBe('/app/cashbackdetail/9');
    assertNoRawKeys(container);
  });
});
