import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fireEvent, type screen as Screen } from '@testing-library/react';
import { createActor, fromPromise, waitFor } from 'xstate';
import { StickersView } from '../../screens/stickers/StickersView.tsx';
import { stickersMachine, type StickersEvent } from '../../machines/stickers.machine.ts';
import { fetchStickerSheet, stickersFlow } from '../../src/flows/stickers.ts';
import { http } from '../../services/http.ts';
import { storage } from '../../src/lib/storage.ts';
import { sampleBatchPage, stickersModel } from '../models/stickers.model.ts';
import { doneEvent, errorEvent, transitionCoveringPaths } from '../support/mbt.ts';
import { runScreenPath, type ScreenBinding, type UserEvents } from '../support/screen-mbt.tsx';
import { merchantWithStore, operatorSession, realGateway } from './merchantSetup.ts';
import { ok } from '../support/merchant.ts';
import { dictionary } from '../../locales/dictionary.ts';
const pt = dictionary('pt');


type Ui = typeof Screen;
const click = (ui: Ui, name: string | RegExp) => void fireEvent.click(ui.getByRole('button', { name }));
const alert = (ui: Ui) => ui.getAllByRole('alert').map((a) => a.textContent).join(' ');
const status = (ui: Ui) => ui.getAllByRole('status').map((a) => a.textContent).join(' ');

const events: UserEvents<StickersEvent> = {
  'batches.retry': (ui) => click(ui, 'Tentar novamente'),
  'page.changed': (ui, e) => click(ui, e.page > 1 ? 'Seguinte' : 'Anterior'),
  'count.changed': (ui, e) => void fireEvent.change(ui.getByLabelText('Quantos autocolantes (1 a 500)'), { target: { value: e.value } }),
  'issue.submitted': (ui) => click(ui, 'Emitir lote'),
  'batch.download': (ui, e) => click(ui, `Descarregar o PDF do lote ${e.batchId}`),
};

const binding: ScreenBinding<typeof stickersMachine> = {
  view: (state, send) => <StickersView state={state} send={send as (e: StickersEvent) => void} />,
  userEvents: events,
  states: (ui, state) => {
    const c = state.context;
    expect(ui.getByRole('heading', { name: 'Autocolantes de cobrança' })).toBeTruthy();
    expect((ui.getByLabelText('Quantos autocolantes (1 a 500)') as HTMLInputElement).value).toBe(c.countText);
    if (state.matches('loading')) return void expect(status(ui)).toMatch(/A carregar/);
    if (state.matches('failed')) {
      expect(alert(ui)).toBe(c.errorCode ? (pt.errors as Record<string, unknown>)[c.errorCode] : pt.platform.common.failed);
      return void expect(ui.getByRole('button', { name: 'Tentar novamente' })).toBeTruthy();
    }
    // the list (with a page being issued or downloaded meanwhile)
    if (c.batches.length === 0) expect(ui.getByText('Ainda não há lotes emitidos.')).toBeTruthy();
    else {
      expect(ui.getByText(`Lote ${c.batches[0]!.batchId}`)).toBeTruthy();
      expect(ui.getAllByText(/12 autocolantes, KW\d{10} a KW\d{10}, 2 associados · emitido por Operadora Demo em/)).toHaveLength(c.batches.length);
      expect(ui.getByText(`Página ${c.page} de 3 · Total: 45`)).toBeTruthy();
    }
    const notices: Array<[boolean, () => string, RegExp]> = [
      [state.matches({ ready: 'countInvalid' }), () => alert(ui), /Indique um número de 1 a 500/],
      [state.matches({ ready: 'issued' }), () => status(ui), /Lote 41 emitido: 24 autocolantes, de KW0000041001 a KW0000041024/],
      [state.matches({ ready: 'issueRefused' }), () => alert(ui), /parâmetros|inválid/i],
      [state.matches({ ready: 'issueUnreachable' }), () => alert(ui), /este pode ter sido emitido/],
      [state.matches('issuing') || state.matches('refreshing'), () => status(ui), /A emitir o lote/],
      [state.matches('downloading'), () => status(ui), /A preparar o PDF do lote 31/],
      [state.matches({ ready: 'downloaded' }), () => status(ui), /PDF do lote 31 descarregado/],
      [state.matches({ ready: 'downloadFailed' }), () => alert(ui), c.errorCode === 'notFound' ? /O lote 31 não existe/ : /Não foi possível descarregar o lote 31/],
    ];
    for (const [shown, text, pattern] of notices) if (shown) expect(text()).toMatch(pattern);
    if (state.matches({ ready: 'idle' })) expect(ui.queryByRole('alert')).toBeNull();
    return void expect((ui.getByRole('button', { name: 'Emitir lote' }) as HTMLButtonElement).disabled).toBe(state.hasTag('busy'));
  },
};

describe('stickers chart on its screen', () => {
  const paths = transitionCoveringPaths(stickersModel);
  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_d, path) => {
    await runScreenPath(stickersModel, path, binding);
  });
});

describe('the count typed while the list is busy', () => {
  it('is kept while the first page loads, after it fails, and while a sheet downloads', () => {
    const actor = createActor(stickersModel.machine).start();
    actor.send({ type: 'count.changed', value: '12' });
    expect(actor.getSnapshot().matches('loading')).toBe(true);
    actor.send(doneEvent('loadBatches', { ok: true, data: sampleBatchPage }) as never);
    expect(actor.getSnapshot().value).toEqual({ ready: 'idle' });
    expect(actor.getSnapshot().context.countText).toBe('12');
    actor.send({ type: 'batch.download', batchId: '31' });
    actor.send({ type: 'count.changed', value: '120' });
    expect(actor.getSnapshot().matches('downloading')).toBe(true);
    expect(actor.getSnapshot().context.countText).toBe('120');
    actor.stop();
    const failing = createActor(stickersModel.machine).start();
    failing.send(errorEvent('loadBatches', new Error('network down')) as never);
    failing.send({ type: 'count.changed', value: '7' });
    expect(failing.getSnapshot().matches('failed')).toBe(true);
    expect(failing.getSnapshot().context.countText).toBe('7');
    failing.stop();
  });
});

describe('sticker batches through the real gateway (PGlite)', () => {
  const gateway = realGateway();
  beforeAll(() => gateway.start(), 60_000);
  afterAll(() => gateway.stop());

  it('issues a batch, lists it first, and fetches its print-ready PDF with the operator’s token only', async () => {
    const { server } = gateway;
    const operator = await operatorSession(server);
    window.history.replaceState({}, '', '/plateform/stickers');
    storage.setUserInfo({ token: operator });
    const saved: string[] = [];
    const base = http.defaults.baseURL!;
    // the flow's calls; the sheet is fetched as the flow fetches it, from the test server's address
    const actor = createActor(stickersFlow.provide({
      actors: {
        downloadBatch: fromPromise(async ({ input }: { input: { batchId: string } }) => {
          const sheet = await fetchStickerSheet(input.batchId, base);
          if (sheet.ok) saved.push(new TextDecoder().decode(new Uint8Array(await sheet.data.arrayBuffer()).slice(0, 5)));
          return sheet.ok ? { ok: true as const, data: { saved: true as const } } : sheet;
        }),
      },
    })).start();
    await waitFor(actor, (s) => s.matches('ready'), { timeout: 10_000 });
    const before = actor.getSnapshot().context.total;
    actor.send({ type: 'count.changed', value: '600' });
    actor.send({ type: 'issue.submitted' });
    expect(actor.getSnapshot().value).toEqual({ ready: 'countInvalid' });
    actor.send({ type: 'count.changed', value: '14' });
    actor.send({ type: 'issue.submitted' });
    await waitFor(actor, (s) => s.matches({ ready: 'issued' }), { timeout: 10_000 });
    const { issued, batches, total } = actor.getSnapshot().context;
    expect(issued).toMatchObject({ count: 14, bound: 0, firstSerial: expect.stringMatching(/^KW\d{10}$/) });
    expect(total).toBe(before + 1);
    expect(batches[0]!.batchId).toBe(issued!.batchId);
    actor.send({ type: 'batch.download', batchId: issued!.batchId });
    await waitFor(actor, (s) => s.matches({ ready: 'downloaded' }), { timeout: 20_000 });
    expect(saved).toEqual(['%PDF-']);
    actor.stop();
    // a member's token opens no sheet
    const shop = await merchantWithStore(server);
    storage.setUserInfo({ token: shop.token });
    expect(await fetchStickerSheet(issued!.batchId, base)).toMatchObject({ ok: false, code: 'forbidden' });
    storage.setUserInfo({ token: operator });
    expect(await fetchStickerSheet('999999', base)).toMatchObject({ ok: false, code: 'notFound' });
    // the batch's stickers bind to a store: the list counts them
    const { rows } = await server.db.query<{ serial: string }>('SELECT serial FROM collection_codes WHERE batch_id = $1 ORDER BY serial LIMIT 1', [issued!.batchId]);
    await ok(server, 'merchant/code/bind', { storeId: shop.storeId, code: rows[0]!.serial }, shop.token);
    const page = await ok(server, 'platform/stickers/batches', { page: 1 }, operator, { type: 'SSO-AUTH' });
    expect(page.batches[0]).toMatchObject({ batchId: issued!.batchId, bound: 1 });
  }, 60_000);
});
