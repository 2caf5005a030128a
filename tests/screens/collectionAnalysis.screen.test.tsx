import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDate } from '../../src/lib/dates.ts';
import { fireEvent, render, screen, waitFor as waitForUi, within, type screen as Screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createActor, waitFor } from 'xstate';
import { CollectionAnalysisView } from '../../screens/collectionAnalysis/CollectionAnalysisView.tsx';
import type { collectionAnalysisMachine, CollectionAnalysisEvent } from '../../machines/collectionAnalysis.machine.ts';
import { collectionAnalysisFlow } from '../../src/flows/collectionAnalysis.ts';
import { loadSettlementPage } from '../../src/flows/fundDetail.ts';
import { collectionAnalysisModel, TODAY } from '../models/collectionAnalysis.model.ts';
import { transitionCoveringPaths } from '../support/mbt.ts';
import { assertNoRawKeys, runScreenPath, type ScreenBinding, type UserEvents } from '../support/screen-mbt.tsx';
import { ok } from '../support/merchant.ts';
import { fund, payTokenDirect, verifyMember } from '../support/money.ts';
import { merchantWithStore, realGateway } from './merchantSetup.ts';
import { createI18n } from '../../src/i18n.ts';
import { useSelector } from '@xstate/react';
import { dictionary } from '../../locales/dictionary.ts';
const pt = dictionary('pt');
const en = dictionary('en');
const zh = dictionary('zh');
const fr = dictionary('fr');

type Ui = typeof Screen;

// jsdom has no media queries; Chartist asks for its responsive options (every browser has it)
if (!window.matchMedia) {
  window.matchMedia = (query: string) => ({ matches: false, media: query, onchange: null, addListener() {}, removeListener() {}, addEventListener() {}, removeEventListener() {}, dispatchEvent: () => false }) as MediaQueryList;
}
const click = (ui: Ui, name: string | RegExp) => void fireEvent.click(ui.getByRole('button', { name }));
const alert = (ui: Ui) => ui.getAllByRole('alert').map((a) => a.textContent).join(' ');
const TAB = { '7': 'Hoje', '6': 'Semana', '8': 'Mês' } as const;

const userEvents: UserEvents<CollectionAnalysisEvent> = {
  'filter.changed': (ui, e) => click(ui, TAB[e.code]),
  'custom.opened': (ui) => click(ui, 'Outro'),
  'store.changed': (ui, e) => void fireEvent.change(ui.getByRole('combobox', { name: 'Loja' }), { target: { value: e.storeId ?? '' } }),
  'analysis.refreshed': (ui) => click(ui, 'Atualizar'),
  'analysis.retry': (ui) => click(ui, 'Tentar novamente'),
};

const binding: ScreenBinding<typeof collectionAnalysisMachine> = {
  view: (state, send) => <CollectionAnalysisView state={state} send={send as (e: CollectionAnalysisEvent) => void} />,
  userEvents,
  states: (ui, state) => {
    const c = state.context;
    const pressed = within(ui.getByRole('group', { name: 'Período' })).getAllByRole('button').filter((b) => b.getAttribute('aria-pressed') === 'true').map((b) => b.textContent);
    if (state.matches('customRange')) {
      expect(pressed).toEqual(['Outro']);
      // the custom range child opens on the custom range in force, else the one shown, else today (its own screen test covers the form)
      const opened = c.filter.kind === 'custom' ? c.filter : { from: c.analysis?.from ?? TODAY, to: c.analysis?.to ?? TODAY };
      expect((ui.getByLabelText('De') as HTMLInputElement).value).toBe(opened.from);
      expect((ui.getByLabelText('Até') as HTMLInputElement).value).toBe(opened.to);
      expect(ui.getByLabelText('Até').getAttribute('max')).toBe(TODAY);
      expect(ui.getByRole('button', { name: 'Mostrar' })).toBeTruthy();
      return;
    }
    expect(pressed).toEqual([c.filter.kind === 'custom' ? 'Outro' : TAB[c.filter.code]]);
    const picker = ui.getByRole('combobox', { name: 'Loja' }) as HTMLSelectElement;
    expect(picker.value).toBe(c.storeId ?? '');
    if (state.matches('loading')) {
      expect(picker.disabled).toBe(true);
      return void expect(ui.getByRole('status').textContent).toMatch(/A carregar/);
    }
    if (state.matches('failed')) {
      expect(alert(ui)).toMatch(c.errorCode ? /Só o comerciante|comerciante/i : /Não foi possível carregar a análise/);
      return void expect(ui.getByRole('button', { name: 'Tentar novamente' })).toBeTruthy();
    }
    const a = c.analysis!;
    expect(ui.getByText(`De ${formatDate(a.from, 'pt')} a ${formatDate(a.to, 'pt')}`)).toBeTruthy(); // never YYYY-MM-DD
    expect([...picker.options].map((o) => o.textContent)).toEqual(['Todas as lojas', 'Loja Central', 'Loja do Porto']);
    const dl = within(ui.getByLabelText('Totais do período'));
    const value = (term: string) => dl.getByText(term).nextElementSibling?.textContent;
    expect(value('Recebido')).toBe(a.totals.collected === 0 ? '0,00 Kz' : '26 500,50 Kz');
    expect(value('Pagamentos')).toBe(String(a.totals.count));
    expect(value('Líquido')).toBe(a.totals.net === 0 ? '0,00 Kz' : '25 870,49 Kz');
    expect(ui.getByText('Disponível para liquidação').nextElementSibling?.textContent).toBe('98 765,00 Kz');
    expect(ui.getByRole('link', { name: 'Movimentos da liquidação' }).getAttribute('href')).toBe('/app/collectionanalysis/funds');
    if (state.matches('empty')) {
      expect(ui.getByRole('status').textContent).toBe('Sem pagamentos neste período.');
      return void expect(ui.queryByRole('list', { name: 'Por loja' })).toBeNull();
    }
    expect(ui.getByRole('heading', { name: 'Por hora' })).toBeTruthy();
    expect(within(ui.getByRole('list', { name: 'Por loja' })).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Loja Central (1)25 000,50 Kz', 'Loja do Porto (2)1 500,00 Kz']);
    expect(within(ui.getByRole('list', { name: 'Por funcionário' })).getAllByRole('listitem')[1]!.textContent).toBe('Código da loja (sem caixa) (2)1 500,00 Kz');
    const rows = within(ui.getByRole('table')).getAllByRole('row').map((r) => r.textContent);
    expect(rows).toEqual(['HoraPagamentosRecebido', '9h21 500,00 Kz', '14h125 000,50 Kz']);
  },
};

describe('income analysis chart on its screen', () => {
  const paths = transitionCoveringPaths(collectionAnalysisModel);
  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_d, path) => {
    await runScreenPath(collectionAnalysisModel, path, binding);
  });
});

describe('income analysis against the real gateway', () => {
  const gateway = realGateway();
  beforeAll(() => gateway.start(), 120_000);
  afterAll(() => gateway.stop());

  it('shows today’s payments of the merchant, by store and hour, with its chart, in English', async () => {
    const { server } = gateway;
    const shop = await merchantWithStore(server, 'Loja Central');
    const anaId = await verifyMember(server.db, '+244923000001', 'Ana Maria Demo');
    const ana = await server.memberToken('+244923000001');
    await fund(server.db, anaId, 1_000_000n);
    const payToken = await payTokenDirect(server.db, anaId, { service: 'pay/merchant/pay', amount: 150_000, counterparty: shop.storeSerial });
    await ok(server, 'pay/merchant/pay', { serial: shop.storeSerial, amount: 150_000, payToken }, ana);
    gateway.signIn(shop.token, '/app/collectionanalysis');
    const actor = createActor(collectionAnalysisFlow, { input: { today: TODAY } }).start();
    await waitFor(actor, (s) => s.matches('ready'), { timeout: 10_000 });
    const { analysis, stores } = actor.getSnapshot().context;
    expect(analysis!.totals).toMatchObject({ collected: 150_000, count: 1, averageTicket: 150_000 });
    expect(stores).toEqual([{ storeId: shop.storeId, name: 'Loja Central' }]);
    function Live() {
      const state = useSelector(actor, (s) => s);
      return <CollectionAnalysisView state={state} send={actor.send} />;
    }
    const { container } = render(<I18nextProvider i18n={createI18n('en', { pt, en, zh, fr })}><Live /></I18nextProvider>);
    expect(within(screen.getByLabelText('Totals for the period')).getByText('Collected').nextElementSibling?.textContent).toBe('Kz 1,500.00');
    // the chart library arrives with the chart and draws its bars as SVG
    await waitForUi(() => expect(container.querySelector('.kw-analysis-bars svg')).not.toBeNull(), { timeout: 10_000 });
    assertNoRawKeys(container);
    actor.stop();
    // the link's fund detail: the settlement's lines, the payment in and its charge out
    const funds = await loadSettlementPage({ filter: { kind: 'shortcut', code: '7' }, cursor: null });
    if (!funds.ok) throw new Error(funds.code);
    expect(funds.data.items.map((l) => [l.kind, l.direction])).toEqual([['merchant_charge', 'expenditure'], ['merchant_pay', 'income']]);
    expect(funds.data.items[1]!.amount).toBe(150_000);
    expect(funds.data.items[1]!.counterparty).toBe('Ana M*** D***');
    expect(funds.data.items[0]!.balanceAfter).toBe(analysis!.balances.available);
  }, 60_000);
});
