import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen, waitFor as waitForUi, type screen as Screen } from '@testing-library/react';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet, RouterProvider, useParams, useSearch } from '@tanstack/react-router';
import { I18nextProvider } from 'react-i18next';
import { createActor, waitFor } from 'xstate';
import StoreScreen from '../../screens/store/StoreScreen.tsx';
import { StoreView } from '../../screens/store/StoreView.tsx';
import { StorePhotoSlot } from '../../screens/common/StorePhotoSlot.tsx';
import { storeMachine, type StoreEvent, type StoreTextField } from '../../machines/store.machine.ts';
import { storeFlow, uploadStorePhoto } from '../../src/flows/store.ts';
import { createI18n } from '../../src/i18n.ts';
import { samplePhotoId, storeModel } from '../models/store.model.ts';
import { transitionCoveringPaths } from '../support/mbt.ts';
import { runScreenPath, type ScreenBinding, type UserEvents } from '../support/screen-mbt.tsx';
import { call } from '../support/merchant.ts';
import { merchantWithStore, realGateway } from './merchantSetup.ts';
import { dictionary } from '../../locales/dictionary.ts';
const pt = dictionary('pt');
const en = dictionary('en');
const zh = dictionary('zh');
const fr = dictionary('fr');

type Ui = typeof Screen;
const click = (ui: Ui, name: string | RegExp) => void fireEvent.click(ui.getByRole('button', { name }));
const alert = (ui: Ui) => ui.getAllByRole('alert').map((a) => a.textContent).join(' ');
const status = (ui: Ui) => ui.getAllByRole('status').map((a) => a.textContent).join(' ');
const LABELS: Record<StoreTextField, string> = { name: 'Nome da loja', address: 'Morada', description: 'Descrição (opcional)', opensAt: 'Abre às', closesAt: 'Fecha às' };
const DAYS = ['Segunda-feira', 'Terça-feira', 'Quarta-feira', 'Quinta-feira', 'Sexta-feira', 'Sábado', 'Domingo'];
const uploaded = async (file: File) => ({ fileId: samplePhotoId, fileName: file.name, contentType: file.type });

const events: UserEvents<StoreEvent> = {
  'store.retry': (ui) => click(ui, 'Tentar novamente'),
  'field.changed': (ui, e) => void fireEvent.change(ui.getByLabelText(LABELS[e.field]), { target: { value: e.value } }),
  'day.toggled': (ui, e) => click(ui, DAYS[e.day - 1]!),
  'days.preset': (ui, e) => click(ui, e.preset === 'everyDay' ? 'Todos os dias' : 'Segunda a sexta'),
  'photo.uploaded': async (ui, e) => {
    fireEvent.change(ui.getByLabelText(/Escolher fotografia|Trocar fotografia/), { target: { files: [new File(['jpeg'], e.fileName, { type: 'image/jpeg' })] } });
    await new Promise((resolve) => setTimeout(resolve, 0)); // the upload answers
  },
  'photo.removed': (ui) => click(ui, 'Remover'),
  'store.submitted': (ui) => click(ui, 'Guardar loja'),
  'store.edit': (ui) => click(ui, 'Alterar a loja'),
  'close.asked': (ui) => click(ui, 'Fechar a loja'),
  'close.confirmed': (ui) => click(ui, 'Sim, fechar a loja'),
  'close.cancelled': (ui) => click(ui, 'Não, manter aberta'),
};

const PROBLEMS: Record<string, RegExp> = {
  'name.required': /Escreva o nome da loja/, 'address.required': /Escreva a morada da loja/, 'businessDays.required': /Escolha pelo menos um dia/,
  'opensAt.required': /Indique a hora de abertura/, 'closesAt.sameTime': /não pode fechar à mesma hora/, 'photo.invalid': /Esta fotografia não foi aceite/,
};

const binding: ScreenBinding<typeof storeMachine> = {
  view: (state, send) => <StoreView state={state} send={send as (e: StoreEvent) => void} upload={uploaded} />,
  userEvents: events,
  states: (ui, state) => {
    const c = state.context;
    if (state.matches('noMerchant')) {
      expect(status(ui)).toMatch(/Escolha na lista o comerciante/);
      return void expect(ui.getByRole('link', { name: 'Ver lojas e subcomerciantes' }).getAttribute('href')).toBe('/app/merchantlist');
    }
    if (state.matches('loading')) return void expect(status(ui)).toMatch(/A carregar/);
    if (state.matches('loadFailed')) {
      expect(alert(ui)).toMatch(c.errorCode ? /não existe ou não é seu/ : /Não foi possível carregar a loja/);
      return void expect(ui.getByRole('button', { name: 'Tentar novamente' })).toBeTruthy();
    }
    if (state.matches('closed')) {
      expect(status(ui)).toMatch(/Loja Central está fechada: não recebe pagamentos/);
      return void expect(ui.queryByRole('button')).toBeNull();
    }
    if (state.matches('saved')) {
      expect(status(ui)).toBe('Loja guardada: Loja Central.');
      expect(ui.getByText('Segunda a sexta')).toBeTruthy();
      expect(ui.getByText('08:00–20:00')).toBeTruthy();
      expect(ui.getByRole('link', { name: 'Códigos da loja' }).getAttribute('href')).toBe('/app/store/31/codes');
      return void expect(ui.getByRole('button', { name: 'Alterar a loja' })).toBeTruthy();
    }
    if (state.matches('confirmingClose') || state.matches('closing')) {
      expect(ui.getByText('Fechar Loja Central?')).toBeTruthy();
      expect(ui.getByText(/deixam de receber pagamentos/)).toBeTruthy();
      if (state.matches({ confirmingClose: 'refused' })) expect(alert(ui)).toMatch(/não existe ou não é seu/);
      if (state.matches({ confirmingClose: 'unreachable' })) expect(alert(ui)).toMatch(/A loja pode ter sido fechada/);
      if (state.matches('closing')) expect(status(ui)).toMatch(/A fechar a loja/);
      else expect(ui.getByRole('button', { name: 'Sim, fechar a loja' })).toBeTruthy();
      return;
    }
    // the form, or it being saved
    // a store being edited is named above the form; a new one only by the page's title (StoreScreen)
    if (c.storeId) expect(ui.getByRole('heading', { name: 'Alterar Loja Central' })).toBeTruthy();
    else expect(ui.queryByText('Nova loja')).toBeNull();
    for (const [field, label] of Object.entries(LABELS)) expect((ui.getByLabelText(label) as HTMLInputElement).value).toBe(c.values[field as StoreTextField]);
    DAYS.forEach((day, i) => expect(ui.getByRole('button', { name: day }).getAttribute('aria-pressed')).toBe(String(c.values.businessDays.includes(i + 1))));
    expect(ui.getByText(c.values.photo ? c.values.photo.fileName || 'Fotografia guardada' : 'Sem fotografia')).toBeTruthy();
    const expected = Object.entries(c.problems).map(([field, problem]) => PROBLEMS[`${field}.${problem}`]!);
    if (state.matches({ editing: 'refused' })) expected.push(c.errorCode === 'UPL10002' ? /Tipo de ficheiro não aceite/ : c.errorCode === 'UPL10001' ? /Nenhum ficheiro foi enviado/ : /não existe ou não é seu/);
    if (state.matches({ editing: 'unreachable' })) expected.push(/Sem resposta do servidor/);
    if (expected.length === 0) expect(ui.queryByRole('alert')).toBeNull();
    for (const text of expected) expect(alert(ui)).toMatch(text);
    if (c.storeId) expect(ui.getByRole('link', { name: 'Códigos da loja' }).getAttribute('href')).toBe('/app/store/31/codes');
    else expect(ui.queryByRole('button', { name: 'Fechar a loja' })).toBeNull();
    if (state.matches('saving')) return void expect(status(ui)).toMatch(/A guardar a loja/);
    return void expect(ui.getByRole('button', { name: 'Guardar loja' })).toBeTruthy();
  },
};

describe('store chart on its screen', () => {
  const paths = transitionCoveringPaths(storeModel);
  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_d, path) => {
    await runScreenPath(storeModel, path, binding);
  });
});

/** The two store pages in a router of their own, at `path` after `/app/merchantlist` (what the merchant came from). */
function renderStorePages(path: string) {
  const root = createRootRoute({ component: () => <Outlet /> });
  const newStore = createRoute({
    getParentRoute: () => root, path: '/app/store/new',
    component: function NewStorePage() {
      const { merchantId } = useSearch({ strict: false }) as { merchantId?: string };
      return <StoreScreen merchantId={merchantId} />;
    },
  });
  const oneStore = createRoute({
    getParentRoute: () => root, path: '/app/store/$id',
    component: function StorePage() {
      const { id } = useParams({ strict: false }) as { id: string };
      return <StoreScreen key={id} id={id} />;
    },
  });
  const list = createRoute({ getParentRoute: () => root, path: '/app/merchantlist', component: () => <p>lista</p> });
  const router = createRouter({ routeTree: root.addChildren([newStore, oneStore, list]), history: createMemoryHistory({ initialEntries: ['/app/merchantlist', path], initialIndex: 1 }) });
  render(
    <I18nextProvider i18n={createI18n('pt', { pt, en, zh, fr })}>
      <RouterProvider router={router} />
    </I18nextProvider>,
  );
  return router;
}

describe('the new store page', () => {
  it('says “Nova loja” once, in its title, with the seven days as one group of buttons, Monday to Saturday 08:00–20:00 chosen', async () => {
    renderStorePages('/app/store/new?merchantId=7');
    expect(await screen.findByRole('heading', { level: 1 })).toHaveProperty('textContent', 'Nova loja');
    expect(screen.getAllByText('Nova loja')).toHaveLength(1);
    const days = screen.getByRole('group', { name: 'Dias da semana' });
    expect(days.className).toBe('kw-mch-days');
    expect([...days.querySelectorAll('button')].map((b) => b.textContent)).toEqual(['Seg', 'Ter', 'Qua', 'Qui', 'Sex', 'Sáb', 'Dom']);
    expect([...days.querySelectorAll('button')].map((b) => b.getAttribute('aria-pressed'))).toEqual(['true', 'true', 'true', 'true', 'true', 'true', 'false']);
    expect((screen.getByLabelText('Abre às') as HTMLInputElement).value).toBe('08:00');
    expect((screen.getByLabelText('Fecha às') as HTMLInputElement).value).toBe('20:00');
  });
});

describe('the store photo', () => {
  const renderSlot = (upload: (file: File) => Promise<{ fileId: string; fileName: string; contentType: string }>) => {
    const recorded: string[] = [];
    render(
      <I18nextProvider i18n={createI18n('pt', { pt, en, zh, fr })}>
        <StorePhotoSlot photo={null} refused={false} disabled={false} upload={upload} onUploaded={(p) => recorded.push(p.fileId)} onRemoved={() => {}} />
      </I18nextProvider>,
    );
    return recorded;
  };

  it('refuses a file that is not an image before sending it, and says why when the server refuses one', async () => {
    let sent = 0;
    const recorded = renderSlot(async () => { sent += 1; throw new Error('UPL10002'); });
    fireEvent.change(screen.getByLabelText('Escolher fotografia'), { target: { files: [new File(['%PDF'], 'menu.pdf', { type: 'application/pdf' })] } });
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', expect.stringMatching(/Tipo de ficheiro não aceite/));
    expect(sent).toBe(0);
    fireEvent.change(screen.getByLabelText('Escolher fotografia'), { target: { files: [new File(['jpeg'], 'loja.jpg', { type: 'image/jpeg' })] } });
    await act(async () => { await new Promise((resolve) => setTimeout(resolve, 0)); });
    expect(sent).toBe(1);
    expect(screen.getByRole('alert').textContent).toMatch(/Tipo de ficheiro não aceite/);
    expect(recorded).toEqual([]);
  });
});

describe('a store through the real gateway (PGlite)', () => {
  const gateway = realGateway();
  beforeAll(() => gateway.start(), 60_000);
  afterAll(() => gateway.stop());

  it('is created with a photo uploaded as the merchant, edited, then closed; a closed store is shown closed', async () => {
    const { server } = gateway;
    const shop = await merchantWithStore(server);
    gateway.signIn(shop.token, '/app/store/new');
    const png = Uint8Array.from(Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAAAAAA6fptVAAAACklEQVR4nGNgAAAAAgABSK+kcQAAAABJRU5ErkJggg==', 'base64'));
    const photo = await uploadStorePhoto(new File([png], 'fachada.png', { type: 'image/png' }), () => {});
    const actor = createActor(storeFlow, { input: { merchantId: shop.merchantId } }).start();
    expect(actor.getSnapshot().value).toEqual({ editing: 'idle' });
    actor.send({ type: 'field.changed', field: 'name', value: 'Loja do Mercado' });
    actor.send({ type: 'field.changed', field: 'address', value: 'Mercado do Kinaxixi, banca 4' });
    actor.send({ type: 'days.preset', preset: 'weekdays' });
    actor.send({ type: 'day.toggled', day: 6 });
    actor.send({ type: 'field.changed', field: 'closesAt', value: '14:30' });
    actor.send({ type: 'photo.uploaded', fileId: photo.fileId, fileName: photo.fileName });
    actor.send({ type: 'store.submitted' });
    await waitFor(actor, (s) => !s.hasTag('busy'), { timeout: 10_000 });
    expect(actor.getSnapshot().value).toBe('saved');
    const created = actor.getSnapshot().context.store!;
    expect(created).toMatchObject({ merchantId: shop.merchantId, name: 'Loja do Mercado', businessDays: [1, 2, 3, 4, 5, 6], opensAt: '08:00', closesAt: '14:30', photoFileId: photo.fileId, status: 'open' });
    // its own collection code came with it
    expect((await call(server, 'merchant/code/list', { storeId: created.storeId }, shop.token)).bizContent.storeCode.serial).toMatch(/^ST/);
    actor.send({ type: 'store.edit' });
    actor.send({ type: 'field.changed', field: 'description', value: 'Frutas e legumes' });
    actor.send({ type: 'store.submitted' });
    await waitFor(actor, (s) => s.matches('saved') && s.context.store!.description === 'Frutas e legumes', { timeout: 10_000 });
    actor.send({ type: 'store.edit' });
    actor.send({ type: 'close.asked' });
    actor.send({ type: 'close.confirmed' });
    await waitFor(actor, (s) => s.matches('closed'), { timeout: 10_000 });
    actor.stop();
    expect((await call(server, 'merchant/store/detail', { storeId: created.storeId }, shop.token)).bizContent.store.status).toBe('closed');
    const reopened = createActor(storeFlow, { input: { storeId: created.storeId } }).start();
    await waitFor(reopened, (s) => !s.hasTag('busy'), { timeout: 10_000 });
    expect(reopened.getSnapshot().value).toBe('closed');
    reopened.stop();
  }, 60_000);

  it('saves a new store with only its name and address, and the address bar then names the store (replacing the new store page)', async () => {
    const { server } = gateway;
    const shop = await merchantWithStore(server);
    gateway.signIn(shop.token, '/app/store/new');
    const router = renderStorePages(`/app/store/new?merchantId=${shop.merchantId}`);
    fireEvent.change(await screen.findByLabelText('Nome da loja'), { target: { value: 'Loja da Marginal' } });
    fireEvent.change(screen.getByLabelText('Morada'), { target: { value: 'Avenida 4 de Fevereiro 10' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar loja' }));
    await waitForUi(() => expect(screen.getByRole('status').textContent).toBe('Loja guardada: Loja da Marginal.'), { timeout: 10_000 });
    const { stores } = (await call(server, 'merchant/list/query', {}, shop.token)).bizContent.merchant;
    const created = stores.find((s: { name: string }) => s.name === 'Loja da Marginal');
    expect(created).toMatchObject({ businessDays: [1, 2, 3, 4, 5, 6], opensAt: '08:00', closesAt: '20:00' });
    // the store's own page, in place of the form's: one entry, and Back leads where the merchant came from
    expect(router.state.location.href).toBe(`/app/store/${created.storeId}`);
    expect(router.history.length).toBe(2);
    // the store's page reads it and shows it saved
    await waitForUi(() => expect(screen.getByText('Seg–Sáb')).toBeTruthy(), { timeout: 10_000 });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Loja');
    expect(screen.getByRole('status').textContent).toBe('Loja guardada: Loja da Marginal.');
    expect(screen.getByRole('link', { name: 'Códigos da loja' }).getAttribute('href')).toBe(`/app/store/${created.storeId}/codes`);
    fireEvent.click(screen.getByRole('button', { name: 'Alterar a loja' }));
    expect(screen.getByRole('heading', { name: 'Alterar Loja da Marginal' })).toBeTruthy();
    await act(async () => { router.history.back(); });
    await waitForUi(() => expect(screen.getByText('lista')).toBeTruthy());
  }, 60_000);
});
