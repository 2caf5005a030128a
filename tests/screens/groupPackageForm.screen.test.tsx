import { describe, expect, it } from 'vitest';
import { fireEvent, type screen as Screen } from '@testing-library/react';
import { createActor, fromPromise, waitFor } from 'xstate';
import { GroupPackageFormView } from '../../screens/common/GroupPackageFormView.tsx';
import { groupPackageFormMachine, type GroupPackageFormEvent, type PackageStore } from '../../machines/groupPackageForm.machine.ts';
import { fieldOfRefusal, requestOf, unreadableFields, type SavePackageRequest } from '../../machines/groupPackageFields.ts';
import type { Outcome } from '../../services/contract/outcome.ts';
import { groupPackageFormModel, groupPackageFormTyping } from '../models/groupPackageForm.model.ts';
import { transitionCoveringPaths } from '../support/mbt.ts';
import { runScreenPath, type ScreenBinding, type UserEvents } from '../support/screen-mbt.tsx';

type Ui = typeof Screen;
const click = (ui: Ui, name: string | RegExp) => void fireEvent.click(ui.getByRole('button', { name }));
const alert = (ui: Ui) => ui.getAllByRole('alert').map((a) => a.textContent).join(' ');
const status = (ui: Ui) => ui.getAllByRole('status').map((a) => a.textContent).join(' ');
const PHOTO = groupPackageFormTyping.find((e) => e.type === 'photo.uploaded')!;
const PHOTO_ID = PHOTO.type === 'photo.uploaded' ? PHOTO.photo.fileId : '';
const uploaded = async (file: File) => ({ fileId: PHOTO_ID, fileName: file.name, contentType: file.type });

/** The pt label of each field. */
const LABELS: Record<string, string> = {
  storeId: 'Loja', name: 'Nome do pacote', groupPrice: 'Preço de grupo (Kz)', normalPrice: 'Preço normal (Kz)', stock: 'Stock',
  startsAt: 'Início da venda (opcional)', endsAt: 'Fim da validade',
};

const events: UserEvents<GroupPackageFormEvent> = {
  'stores.retry': (ui) => click(ui, 'Tentar novamente'),
  'field.changed': (ui, e) => void fireEvent.change(ui.getByLabelText(LABELS[e.name]!), { target: { value: e.value } }),
  'content.changed': (ui, e) => void fireEvent.change(ui.getByLabelText(`Linha ${e.index + 1} do conteúdo`), { target: { value: e.value } }),
  'content.added': (ui) => click(ui, 'Adicionar linha'),
  'content.removed': (ui, e) => click(ui, `Remover a linha ${e.index + 1}`),
  'photo.uploaded': async (ui, e) => {
    fireEvent.change(ui.getByLabelText(/Escolher fotografia|Trocar fotografia/), { target: { files: [new File(['jpeg'], e.photo.fileName, { type: 'image/jpeg' })] } });
    await new Promise((resolve) => setTimeout(resolve, 0)); // the upload answers
  },
  'photo.removed': (ui) => click(ui, 'Remover'),
  'form.submitted': (ui) => click(ui, 'Criar pacote'),
  'form.restarted': (ui) => click(ui, 'Criar outro pacote'),
};

const binding: ScreenBinding<typeof groupPackageFormMachine> = {
  view: (state, send) => <GroupPackageFormView state={state} send={send as (e: GroupPackageFormEvent) => void} upload={uploaded} />,
  userEvents: events,
  states: (ui, state) => {
    const c = state.context;
    if (state.matches('loadingStores')) return void expect(status(ui)).toMatch(/A carregar/);
    if (state.matches('storesFailed')) {
      expect(alert(ui)).toMatch(c.errorCode ? /erro no servidor/ : /Não foi possível ler as suas lojas/);
      return void expect(ui.getByRole('button', { name: 'Tentar novamente' })).toBeTruthy();
    }
    if (state.matches('notOwner')) return void expect(alert(ui)).toMatch(c.errorCode === 'STF10010' ? /Só o comerciante/ : /.+/);
    if (state.matches('noStore')) {
      expect(alert(ui)).toMatch(/nenhuma loja aberta/);
      return void expect(ui.getByRole('link', { name: 'Ver as lojas' }).getAttribute('href')).toBe('/app/merchantlist');
    }
    if (state.matches('saved')) {
      expect(status(ui)).toMatch(/Pacote «.*» criado/);
      return void expect(ui.getByRole('link', { name: 'Ver os pacotes' }).getAttribute('href')).toBe('/app/grouppackages');
    }
    // the form keeps what was typed
    for (const [name, label] of Object.entries(LABELS)) expect((ui.getByLabelText(label) as HTMLInputElement).value).toBe(c.fields[name as keyof typeof c.fields]);
    c.content.forEach((line, i) => expect((ui.getByLabelText(`Linha ${i + 1} do conteúdo`) as HTMLInputElement).value).toBe(line));
    expect(ui.queryAllByRole('button', { name: /^Remover a linha/ })).toHaveLength(c.content.length > 1 ? c.content.length : 0);
    expect(ui.getByText(c.photo ? c.photo.fileName : 'Sem fotografia')).toBeTruthy();
    if (state.matches('saving')) expect(status(ui)).toMatch(/A guardar/);
    if (state.matches({ editing: 'unreadable' })) {
      expect(alert(ui)).toMatch(/Corrija os campos assinalados/);
      if (c.unreadable.includes('name')) expect(alert(ui)).toMatch(/Indique o nome do pacote/);
      if (c.unreadable.includes('groupPrice')) expect(alert(ui)).toMatch(/Indique o preço de grupo em Kz/);
    }
    if (state.matches({ editing: 'refused' })) {
      if (c.errorCode === 'GRP10001') {
        // said under the group price
        expect(ui.getByText(/preço de grupo tem de ser menor/).id).toBe('package-groupPrice-error');
      } else expect(alert(ui)).toMatch(/Só o comerciante/);
    }
    if (state.matches({ editing: 'unreachable' })) expect(alert(ui)).toMatch(/Sem resposta do servidor/);
    if (state.matches({ editing: 'idle' })) expect(ui.queryByRole('alert')).toBeNull();
  },
};

describe('groupPackageForm chart on its screen', () => {
  const paths = transitionCoveringPaths(groupPackageFormModel);
  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_d, path) => {
    await runScreenPath(groupPackageFormModel, path, binding);
  });
});

describe('the package form', () => {
  it('sends cêntimos, trimmed lines and the dates as instants; a refusal names its field', () => {
    const fields = { storeId: '31', name: ' Pizza ', groupPrice: '8 000,50', normalPrice: '12000', stock: '50', startsAt: '', endsAt: '2030-12-31T22:00' };
    expect(unreadableFields(fields, [' 2 pizzas '], ['31'], 'pt')).toEqual([]);
    expect(unreadableFields({ ...fields, storeId: '', stock: '2,5' }, ['', 'x'], ['31'], 'pt')).toEqual(['storeId', 'content', 'stock']);
    const request = requestOf(fields, [' 2 pizzas '], null, 'pt');
    expect(request).toMatchObject({ storeId: '31', name: 'Pizza', content: ['2 pizzas'], groupPrice: 800_050, normalPrice: 1_200_000, stock: 50, photoFileId: null });
    expect(request).not.toHaveProperty('startsAt');
    expect(request.endsAt).toBe(new Date('2030-12-31T22:00').toISOString());
    expect(fieldOfRefusal('GRP10001', 'normalPrice')).toBe('normalPrice');
    expect(fieldOfRefusal('GRP10004', 'name')).toBe('name');
    expect(fieldOfRefusal('GRP10003', null)).toBe('endsAt');
    expect(fieldOfRefusal('UPL10002', null)).toBe('photo');
    expect(fieldOfRefusal('STF10010', null)).toBeNull();
  });

  it('chooses the only open store, keeps 1 to 20 lines, and keeps what was typed after a refusal', async () => {
    let sent: SavePackageRequest | null = null;
    const flow = groupPackageFormMachine.provide({
      actors: {
        loadStores: fromPromise<Outcome<{ stores: PackageStore[] }>>(async () => ({ ok: true, data: { stores: [{ storeId: '31', name: 'Loja Central' }] } })),
        save: fromPromise<Outcome<{ packageId: string }>, SavePackageRequest>(async ({ input }) => {
          sent = input;
          return { ok: false, code: 'GRP10002', message: 'GRP10002', detail: 'stock' } as never;
        }),
      },
    });
    const actor = createActor(flow, { input: { language: 'pt' } }).start();
    await waitFor(actor, (s) => s.matches('editing'));
    expect(actor.getSnapshot().context.fields.storeId).toBe('31');
    actor.send({ type: 'content.removed', index: 0 });
    expect(actor.getSnapshot().context.content).toEqual(['']);
    for (let i = 0; i < 25; i++) actor.send({ type: 'content.added' });
    expect(actor.getSnapshot().context.content).toHaveLength(20);
    for (let i = 19; i > 0; i--) actor.send({ type: 'content.removed', index: i });
    actor.send({ type: 'content.changed', index: 0, value: '2 pizzas' });
    for (const [name, value] of Object.entries({ name: 'Pizza', groupPrice: '8000', normalPrice: '12000', stock: '999999', endsAt: '2030-12-31T22:00' })) actor.send({ type: 'field.changed', name, value });
    actor.send({ type: 'form.submitted' });
    await waitFor(actor, (s) => s.matches({ editing: 'refused' }));
    expect(sent).toMatchObject({ storeId: '31', stock: 999_999, content: ['2 pizzas'] });
    const { context } = actor.getSnapshot();
    expect(context.fields).toMatchObject({ name: 'Pizza', groupPrice: '8000', stock: '999999' });
    expect(fieldOfRefusal(context.errorCode, context.errorDetail)).toBe('stock');
    actor.stop();
  });
});
