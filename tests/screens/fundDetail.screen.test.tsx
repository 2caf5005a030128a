import { afterEach, describe, expect, it } from 'vitest';
import { formatDate } from '../../src/lib/dates.ts';
import { fireEvent, render, screen, within, type screen as Screen } from '@testing-library/react';
import { createActor } from 'xstate';
import { I18nextProvider } from 'react-i18next';
import type { AxiosAdapter } from 'axios';
import { FundDetailView } from '../../screens/common/FundDetailView.tsx';
import { FundLineView } from '../../screens/fundDetail/FundLineView.tsx';
import type { PagedListActor } from '../../screens/common/PagedList.tsx';
import { loadFundPage } from '../../src/flows/fundDetail.ts';
import type { fundDetailMachine, FundDetailEvent } from '../../machines/fundDetail.machine.ts';
import { fundDetailModel, firstPage, lastPage, line, TODAY } from '../models/fundDetail.model.ts';
import { doneEvent, transitionCoveringPaths } from '../support/mbt.ts';
import { assertNoRawKeys, runScreenPath, type ScreenBinding, type UserEvents } from '../support/screen-mbt.tsx';
import { createI18n } from '../../src/i18n.ts';
import { http } from '../../services/http.ts';
import type { ResponseOf } from '../../services/contract/define.ts';
import type { queryFundDetail } from '../../services/contract/fundDetail.ts';
import { dictionary } from '../../locales/dictionary.ts';
const pt = dictionary('pt');
const en = dictionary('en');
const zh = dictionary('zh');
const fr = dictionary('fr');

type Ui = typeof Screen;
const click = (ui: Ui, name: string | RegExp) => void fireEvent.click(ui.getByRole('button', { name }));
const status = (ui: Ui) => ui.getAllByRole('status').map((a) => a.textContent).join(' ');
const TAB = { '7': 'Hoje', '6': 'Semana', '8': 'Mês' } as const;

// `list.loaded` is the list child's doing, fed by the model
const userEvents: UserEvents<Exclude<FundDetailEvent, { type: 'list.loaded' }>> = {
  'filter.changed': (ui, e) => click(ui, TAB[e.code]),
  'custom.opened': (ui) => click(ui, 'Outro'),
};

const binding: ScreenBinding<typeof fundDetailMachine> = {
  view: (state, send) => <FundDetailView state={state} send={send as (e: FundDetailEvent) => void} />,
  userEvents,
  states: (ui, state) => {
    const c = state.context;
    const tabs = within(ui.getByRole('group', { name: 'Período' }));
    const pressed = tabs.getAllByRole('button').filter((b) => b.getAttribute('aria-pressed') === 'true').map((b) => b.textContent);
    if (state.matches('customRange')) {
      expect(pressed).toEqual(['Outro']);
      // the custom range child opens on the custom range in force, else the one shown, else today (its own screen test covers the form)
      const opened = c.filter.kind === 'custom' ? c.filter : { from: c.range?.from ?? TODAY, to: c.range?.to ?? TODAY };
      expect((ui.getByLabelText('De') as HTMLInputElement).value).toBe(opened.from);
      expect((ui.getByLabelText('Até') as HTMLInputElement).value).toBe(opened.to);
      expect(ui.getByLabelText('Até').getAttribute('max')).toBe(TODAY);
      expect(ui.getByRole('button', { name: 'Mostrar' })).toBeTruthy();
      return;
    }
    expect(pressed).toEqual([c.filter.kind === 'custom' ? 'Outro' : TAB[c.filter.code]]);
    // the period the list's first page covers, in words (never YYYY-MM-DD); none until it is loaded
    if (c.range) expect(ui.getByText(`De ${formatDate(c.range.from, 'pt')} a ${formatDate(c.range.to, 'pt')}`)).toBeTruthy();
    else expect(ui.queryByText(/^De .* a /)).toBeNull();
    // the lines are the list child's (its own screen test covers them): here it asks for its first page
    expect(status(ui)).toMatch(/A carregar/);
  },
};

describe('fund detail chart on its screen', () => {
  const paths = transitionCoveringPaths(fundDetailModel);
  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_d, path) => {
    await runScreenPath(fundDetailModel, path, binding);
  });
});

describe('the fund detail’s list child', () => {
  it('is asked for the filter shown, and again, anew, for another filter or a custom range', () => {
    const actor = createActor(fundDetailModel.machine, { input: { today: TODAY } }).start();
    const list = () => actor.getSnapshot().children.pagedList as PagedListActor;
    expect(list().getSnapshot().context).toMatchObject({ query: { kind: 'shortcut', code: '8' }, key: 'id' });
    const first = list();
    actor.send({ type: 'list.loaded', page: firstPage });
    expect(actor.getSnapshot().context.range).toEqual({ from: firstPage.from, to: TODAY });
    actor.send({ type: 'filter.changed', code: '6' });
    expect(list()).not.toBe(first);
    expect(list().getSnapshot().context.query).toEqual({ kind: 'shortcut', code: '6' });
    // a new list: the period of the previous one is not said over it
    expect(actor.getSnapshot().context.range).toBeNull();
    actor.send({ type: 'custom.opened' });
    actor.send(doneEvent('dateRange', { from: '2026-03-01', to: '2026-03-10' }) as never);
    expect(list().getSnapshot().context.query).toEqual({ kind: 'custom', from: '2026-03-01', to: '2026-03-10' });
    actor.stop();
  });
});

type Detail = ResponseOf<typeof queryFundDetail>;
const detail: Detail = {
  ...line('52'), tradeNo: 'OP202603140000000042', voucherNo: 'V000000000042', note: 'Renda de março',
  facts: { type: 'transfer', name: 'Bruno M*** D***', mobile: '9** *** 002' },
};
/** The withdrawal of issue 21: 2 000 Kz and its 50 Kz charge, held as one line of −2 050 Kz. */
const withdrawal: Detail = {
  ...line('50', { kind: 'withdraw_hold', product: 'withdraw_hold', amount: 205_000, charge: 5_000, balanceBefore: 4_205_000, balanceAfter: 4_000_000, counterparty: null }),
  tradeNo: 'OP202603140000000040', voucherNo: 'V000000000040', note: null,
  facts: { type: 'withdrawal', card: { bankShort: 'BAI', maskedCardNo: '6004 00** **** 0011' }, amount: 200_000, charge: 5_000, total: 205_000, state: 'PENDING', returned: false },
};

describe('a fund-detail line', () => {
  const renderIn = (language: 'pt' | 'en' | 'zh', value = detail) =>
    render(
      <I18nextProvider i18n={createI18n(language, { pt, en, zh, fr })}>
        <FundLineView line={value} />
      </I18nextProvider>,
    );
  const row = (label: string) => screen.getByText(label).nextElementSibling?.textContent;
  const labels = () => screen.getAllByRole('term').map((dt) => dt.textContent);
  /** Labels that named nothing a person could tell (issue 21): never shown. */
  const expectNoVagueLabels = () => {
    for (const vague of ['Vendedor', 'Valor associado', 'Produto', 'Seller', 'Related amount', 'Product']) expect(screen.queryByText(vague)).toBeNull();
  };

  it('a transfer: to whom, masked name and number, the numbers, and its note', () => {
    const { container } = renderIn('pt');
    expect(row('Sentido')).toBe('Saída');
    expect(row('Tipo')).toBe('Transferência');
    expect(row('Para')).toBe('Bruno M*** D***');
    expect(row('Telemóvel')).toBe('9** *** 002');
    expect(row('N.º da operação')).toBe('OP202603140000000042');
    expect(row('N.º do comprovativo')).toBe('V000000000042');
    expect(row('Saldo antes')).toBe('50 000,00 Kz');
    expect(row('Saldo depois')).toBe('48 750,00 Kz');
    expect(row('Data e hora')).toMatch(/^14 mar\.? 2026, \d\d:\d\d$/);
    expect(row('Nota')).toBe('Renda de março');
    expect(screen.getByText('−1 250,00 Kz')).toBeTruthy();
    // its receipt, to share (issue 26)
    expect(screen.getByRole('link', { name: 'Ver comprovativo' }).getAttribute('href')).toBe('/app/receipt/52');
    expectNoVagueLabels();
    assertNoRawKeys(container);
  });

  it('a transfer received reads from whom; in English', () => {
    renderIn('en', { ...detail, direction: 'income', note: null });
    expect(row('From')).toBe('Bruno M*** D***');
    expect(row('Mobile')).toBe('9** *** 002');
    expect(row('Note')).toBe('—');
    expect(screen.getByText('+Kz 1,250.00')).toBeTruthy();
    expect(screen.queryByText('To')).toBeNull();
  });

  it('a withdrawal: the card, the amount, the charge on its own line and the total; no internal number as a note', () => {
    const { container } = renderIn('pt', withdrawal);
    expect(screen.getByText('−2 050,00 Kz')).toBeTruthy();
    expect(screen.getByText('inclui 50,00 Kz de taxa')).toBeTruthy();
    expect(row('Cartão')).toBe('BAI 6004 00** **** 0011');
    expect(row('Valor levantado')).toBe('2 000,00 Kz');
    expect(row('Taxa de serviço')).toBe('50,00 Kz');
    expect(row('Total debitado')).toBe('2 050,00 Kz');
    expect(row('Estado')).toBe('À espera do banco');
    expect(labels()).not.toContain('Nota');
    expect(screen.getByRole('link', { name: 'Ver comprovativo' }).getAttribute('href')).toBe('/app/receipt/50');
    expect(container.textContent).not.toMatch(/WD\d+/);
    expectNoVagueLabels();
  });

  it('a withdrawal the bank refused, given back: the total returned; in English and Chinese', () => {
    const returned: Detail = { ...withdrawal, direction: 'income', kind: 'withdraw_release', facts: { ...withdrawal.facts, state: 'FAILED', returned: true } as Detail['facts'] };
    const english = renderIn('en', returned);
    expect(screen.getByText('incl. Kz 50.00 charge')).toBeTruthy();
    expect(row('Amount withdrawn')).toBe('Kz 2,000.00');
    expect(row('Service charge')).toBe('Kz 50.00');
    expect(row('Total returned')).toBe('Kz 2,050.00');
    expect(row('Status')).toBe('Refused by the bank');
    // a refused withdrawal has no receipt
    expect(screen.queryByRole('link', { name: 'View receipt' })).toBeNull();
    english.unmount();
    renderIn('zh', returned);
    expect(row('手续费')).toBe('Kz 50.00');
    expect(row('合计退回')).toBe('Kz 2,050.00');
  });

  it('a top-up: the card it came from', () => {
    renderIn('pt', { ...detail, direction: 'income', kind: 'topup', product: 'topup', counterparty: null, note: null, facts: { type: 'topup', card: { bankShort: 'BAI', maskedCardNo: '6004 00** **** 0011' } } });
    expect(row('Tipo')).toBe('Carregamento');
    expect(row('Cartão')).toBe('BAI 6004 00** **** 0011');
    expect(labels()).not.toContain('Nota');
  });

  it('a payment to a merchant: its trade name and store, with the receipt’s voucher', () => {
    renderIn('pt', { ...detail, kind: 'merchant_pay', product: 'merchant_pay', counterparty: 'Loja Demo', voucherNo: 'MP00000000000001', note: null, facts: { type: 'merchantPayment', merchant: 'Loja Demo', store: 'Loja Central', voucherNo: 'MP00000000000001' } });
    expect(row('Tipo')).toBe('Pagamento');
    expect(row('Comerciante')).toBe('Loja Demo');
    expect(row('Loja')).toBe('Loja Central');
    expect(row('N.º do comprovativo')).toBe('MP00000000000001');
    expectNoVagueLabels();
  });

  it('a refund: the merchant’s trade name (never masked like a person) and the voucher of the payment refunded', () => {
    renderIn('pt', {
      ...detail, direction: 'income', kind: 'merchant_refund', product: 'merchant_refund', counterparty: 'Loja Demo', note: null,
      facts: { type: 'refund', merchant: 'Loja Demo', store: 'Loja Central', paymentVoucherNo: 'MP00000000000001' },
    });
    expect(row('Tipo')).toBe('Reembolso');
    expect(row('Comerciante')).toBe('Loja Demo');
    expect(row('Comprovativo do pagamento')).toBe('MP00000000000001');
    expect(screen.queryByText(/\*\*\*/)).toBeNull();
  });

  it('another kind: its other side when it has one, and a name for an unknown kind', () => {
    renderIn('zh', { ...detail, kind: 'lottery_prize', product: 'lottery_prize', counterparty: null, facts: { type: 'other' } });
    expect(row('类型')).toBe('资金变动');
    expect(screen.queryByRole('link', { name: '查看回单' })).toBeNull();
    expect(row('时间')).toMatch(/^2026年3月14日 \d\d:\d\d$/);
    expect(screen.queryByText('对方')).toBeNull();
  });
});

describe('fund detail requests', () => {
  const adapter = http.defaults.adapter;
  afterEach(() => {
    http.defaults.adapter = adapter;
  });

  it('asks by shortcut code or by from/to, with the cursor of the next page', async () => {
    const asked: unknown[] = [];
    http.defaults.adapter = (async (config) => {
      asked.push(JSON.parse(config.data as string).bizContent);
      return { data: { code: 'S0001', msg: '', subMsg: '', bizContent: lastPage }, status: 200, statusText: 'OK', headers: {}, config };
    }) as AxiosAdapter;
    expect(await loadFundPage({ filter: { kind: 'shortcut', code: '7' }, cursor: null })).toEqual({ ok: true, data: lastPage });
    await loadFundPage({ filter: { kind: 'custom', from: '2026-03-01', to: '2026-03-10' }, cursor: firstPage.nextCursor });
    expect(asked).toEqual([{ shortcut: '7', pageSize: 20 }, { from: '2026-03-01', to: '2026-03-10', cursor: '51', pageSize: 20 }]);
  });
});
