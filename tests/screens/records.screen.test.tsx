import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { formatDate } from '../../src/lib/dates.ts';
import { fireEvent, within, type screen as Screen } from '@testing-library/react';
import { createActor, waitFor } from 'xstate';
import { RecordsView } from '../../screens/records/RecordsView.tsx';
import type { PagedListActor } from '../../screens/common/PagedList.tsx';
import type { MerchantRecord } from '../../services/contract/records.ts';
import { fetchRecordsCsv, recordsFlow, recordsFilterOf } from '../../src/flows/records.ts';
import type { recordsMachine, RecordsEvent } from '../../machines/records.machine.ts';
import { recordsModel, TODAY } from '../models/records.model.ts';
import { transitionCoveringPaths } from '../support/mbt.ts';
import { runScreenPath, type ScreenBinding, type UserEvents } from '../support/screen-mbt.tsx';
import { http } from '../../services/http.ts';
import { storage } from '../../src/lib/storage.ts';
import type { TestServer } from '../support/server.ts';
import { fund } from '../support/money.ts';
import type { MerchantSetup } from '../support/merchant.ts';
import { merchantWithStore, realGateway } from './merchantSetup.ts';
import { pay, person, type Person } from '../support/records.ts';

type Ui = typeof Screen;
const click = (ui: Ui, name: string | RegExp) => void fireEvent.click(ui.getByRole('button', { name }));
const alert = (ui: Ui) => ui.getAllByRole('alert').map((a) => a.textContent).join(' ');
const status = (ui: Ui) => ui.queryAllByRole('status').map((a) => a.textContent).join(' ');
const TAB = { '7': 'Hoje', '6': 'Últimos 7 dias', '8': 'Últimos 30 dias' } as const;

// `list.loaded` is the list child's doing, fed by the model
const userEvents: UserEvents<Exclude<RecordsEvent, { type: 'list.loaded' }>> = {
  'filter.changed': (ui, e) => click(ui, TAB[e.code]),
  'scope.changed': (ui, e) => void fireEvent.change(ui.getByLabelText('Loja'), { target: { value: e.scope.storeId ?? '' } }),
  'custom.opened': (ui) => click(ui, 'Outro'),
  'export.requested': (ui) => click(ui, 'Exportar CSV'),
};

const binding: ScreenBinding<typeof recordsMachine> = {
  view: (state, send) => <RecordsView state={state} send={send as (e: RecordsEvent) => void} />,
  userEvents,
  states: (ui, state) => {
    const c = state.context;
    // the owner's pickers and export, whatever the list shows; a clerk's scope in words and no export
    if (c.role === 'owner') {
      expect((ui.getByLabelText('Loja') as HTMLSelectElement).value).toBe(c.scope.storeId ?? '');
      expect(within(ui.getByLabelText('Loja')).getAllByRole('option').map((o) => o.textContent)).toEqual(['Todas as lojas', 'Loja Central', 'Loja Norte']);
      expect(ui.getByLabelText('Funcionário')).toBeTruthy();
      const exporting = state.matches({ export: 'exporting' });
      expect((ui.getByRole('button', { name: exporting ? 'A exportar…' : 'Exportar CSV' }) as HTMLButtonElement).disabled).toBe(exporting);
      if (state.matches({ export: 'exported' })) expect(status(ui)).toMatch(/Ficheiro CSV guardado/);
      if (state.matches({ export: 'exportFailed' })) expect(alert(ui)).toMatch(c.exportCode ? /Só o comerciante pode fazer isto/ : /Não foi possível exportar/);
    } else {
      expect(ui.queryByLabelText('Loja')).toBeNull();
      expect(ui.queryByRole('button', { name: 'Exportar CSV' })).toBeNull();
      if (c.role === 'clerk') expect(ui.getByText('As minhas cobranças')).toBeTruthy();
    }
    const tabs = within(ui.getByRole('group', { name: 'Período' }));
    const pressed = tabs.getAllByRole('button').filter((b) => b.getAttribute('aria-pressed') === 'true').map((b) => b.textContent);
    if (state.matches({ list: 'customRange' })) {
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
    // the records are the list child's (its own screen test covers them): here it asks for its first page
    expect(status(ui)).toMatch(/A carregar/);
  },
};

describe('records chart on its screen', () => {
  const paths = transitionCoveringPaths(recordsModel);
  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_d, path) => {
    await runScreenPath(recordsModel, path, binding);
  });
});

describe('records through the real gateway (PGlite)', () => {
  const gateway = realGateway();
  let server: TestServer;
  let shop: MerchantSetup;
  let ana: Person;
  beforeAll(async () => {
    await gateway.start();
    server = gateway.server;
    shop = await merchantWithStore(server);
    ana = await person(server, 'Ana Maria Demo');
    await fund(server.db, ana.id, 10_000_000n);
    for (let i = 0; i < 25; i++) await pay(server, ana, shop, shop.storeId, 1_000 + i);
  }, 120_000);
  beforeEach(() => gateway.signIn(shop.token, '/app/records'));
  afterAll(() => gateway.stop());

  it('reads today’s records in pages as the owner, with the stores to pick from', async () => {
    const actor = createActor(recordsFlow('pt'), { input: { today: new Date(Date.now() + 3_600_000).toISOString().slice(0, 10) } }).start();
    const list = actor.getSnapshot().children.pagedList as PagedListActor;
    await waitFor(list, (s) => s.matches({ ready: 'more' }), { timeout: 10_000 });
    // the first page's facts, told the parent
    expect(actor.getSnapshot().context).toMatchObject({ role: 'owner', choices: { stores: [{ id: shop.storeId, name: shop.store.name }] } });
    expect(list.getSnapshot().context.items).toHaveLength(20);
    list.send({ type: 'list.more' });
    await waitFor(list, (s) => s.matches({ ready: 'end' }), { timeout: 10_000 });
    const amounts = (list.getSnapshot().context.items as unknown as MerchantRecord[]).map((r) => r.amount);
    expect(amounts).toEqual(Array.from({ length: 25 }, (_, i) => 1_024 - i));
    actor.stop();
  }, 30_000);

  it('saves the owner’s CSV, fetched with the session in a header; a clerk’s refusal comes back as its code', async () => {
    const saved: Blob[] = [];
    const original = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
    Object.assign(URL, { createObjectURL: (blob: Blob) => { saved.push(blob); return 'blob:records'; }, revokeObjectURL: () => {} });
    try {
      const query = { filter: { kind: 'shortcut' as const, code: '7' as const }, scope: {}, cursor: null };
      expect(await fetchRecordsCsv(query, 'en', http.defaults.baseURL)).toEqual({ ok: true, data: { saved: true } });
      const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await saved[0]!.arrayBuffer());
      expect(text.charCodeAt(0)).toBe(0xfeff);
      const lines = text.slice(1).trimEnd().split('\r\n');
      // every text quoted (server/domains/records/csv.ts csvText)
      expect(lines[0]).toMatch(/^"Voucher no\.","Trade no\.","Time \(Luanda\)"/);
      expect(lines).toHaveLength(26);
      const clerk = await person(server, 'Carlos Caixa');
      await server.db.query("INSERT INTO staff (merchant_id, store_id, member_id, contact_channel) VALUES ($1, $2, $3, 'mobile')", [shop.merchantId, shop.storeId, clerk.id]);
      storage.setUserInfo({ h5Token: clerk.token });
      expect(await fetchRecordsCsv(query, 'pt', http.defaults.baseURL)).toMatchObject({ ok: false, code: 'STF10010' });
      expect(saved).toHaveLength(1);
    } finally {
      Object.assign(URL, { createObjectURL: original.create, revokeObjectURL: original.revoke });
    }
  }, 30_000);

  it('sends the chart’s filter as the call’s', () => {
    expect(recordsFilterOf({ filter: { kind: 'shortcut', code: '6' }, scope: { storeId: '7' } })).toEqual({ shortcut: '6', storeId: '7' });
    expect(recordsFilterOf({ filter: { kind: 'custom', from: '2026-03-01', to: '2026-03-10' }, scope: { clerkId: '3', bindingId: '' } })).toEqual({ from: '2026-03-01', to: '2026-03-10', clerkId: '3' });
  });
});
