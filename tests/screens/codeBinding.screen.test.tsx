import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fireEvent, within, type screen as Screen } from '@testing-library/react';
import { createActor, waitFor, type ActorRefFrom } from 'xstate';
import { CodeBindingView } from '../../screens/codeBinding/CodeBindingView.tsx';
import { placardSvg, textWidth, wrapText } from '../../screens/codeBinding/downloadCode.ts';
import { WALLET_MARK } from '../../services/brand.ts';
import { codeBindingMachine, type CodeBindingEvent } from '../../machines/codeBinding.machine.ts';
import type { scannerMachine } from '../../machines/scanner.machine.ts';
import { codeBindingFlow } from '../../src/flows/codeBinding.ts';
import { codeBindingModel } from '../models/codeBinding.model.ts';
import { transitionCoveringPaths } from '../support/mbt.ts';
import { runScreenPath, type ScreenBinding, type UserEvents } from '../support/screen-mbt.tsx';
import { call } from '../support/merchant.ts';
import { issueStickers, merchantWithStore, realGateway } from './merchantSetup.ts';

type Ui = typeof Screen;
const click = (ui: Ui, name: string | RegExp) => void fireEvent.click(ui.getByRole('button', { name }));
const alert = (ui: Ui) => ui.getAllByRole('alert').map((a) => a.textContent).join(' ');
const status = (ui: Ui) => ui.getAllByRole('status').map((a) => a.textContent).join(' ');
const downloads: Array<{ storeName: string; serial: string; tagline: string; format: string }> = [];

const events: UserEvents<CodeBindingEvent> = {
  'codes.retry': (ui) => click(ui, /^(Tentar novamente|Ver a lista de novo)$/),
  'binding.started': (ui) => click(ui, 'Associar um autocolante'),
  'binding.cancelled': (ui) => click(ui, 'Cancelar'),
  'binding.confirmed': (ui) => click(ui, 'Sim, associar a Loja Central'),
  'unbind.asked': (ui, e) => click(ui, `Desassociar ${e.bindingId === '51' ? 'KW0000000123' : 'KW0000000124'}`),
  'unbind.confirmed': (ui) => click(ui, 'Sim, desassociar'),
  'unbind.cancelled': (ui) => click(ui, 'Cancelar'),
};

const binding: ScreenBinding<typeof codeBindingMachine> = {
  view: (state, send) => (
    <CodeBindingView state={state} send={send as (e: CodeBindingEvent) => void} download={async ({ storeName, serial, tagline }, _file, format) => { downloads.push({ storeName, serial, tagline, format }); }} />
  ),
  userEvents: events,
  states: (ui, state) => {
    const c = state.context;
    if (state.matches('loading')) return void expect(status(ui)).toMatch(/A carregar/);
    if (state.matches('loadFailed')) {
      expect(alert(ui)).toMatch(c.errorCode ? /não existe ou não é seu/ : /Não foi possível carregar os códigos/);
      return void expect(ui.getByRole('button', { name: 'Tentar novamente' })).toBeTruthy();
    }
    if (state.matches('scanning')) {
      expect(ui.getByText('Associar um autocolante')).toBeTruthy();
      // the scanner child shows, asking for the camera (its own binding covers its states)
      expect(status(ui)).toMatch(/A pedir acesso à câmara/);
      expect(ui.getByRole('button', { name: 'Escrever o número de série' })).toBeTruthy();
      return void expect(ui.getByRole('button', { name: 'Cancelar' })).toBeTruthy();
    }
    if (state.matches('confirmingBind')) {
      // the sticker and the store named before anything is bound
      const dialog = within(ui.getByRole('alertdialog', { name: 'Associar o autocolante KW0000000124 a Loja Central?' }));
      expect(dialog.getByText(`Os pagamentos feitos com este autocolante passam a entrar nesta loja: Loja Central, ${c.store!.address}.`)).toBeTruthy();
      return void expect(dialog.getByRole('button', { name: 'Cancelar' })).toBeTruthy();
    }
    if (state.matches('binding')) return void expect(status(ui)).toMatch(/A associar o autocolante/);
    if (state.matches('confirmingUnbind') || state.matches('unbinding')) {
      expect(ui.getByText('Desassociar o autocolante KW0000000123?')).toBeTruthy();
      expect(ui.getByText(/deixam de aparecer nos registos de transações e na sua exportação CSV, e já não podem ser reembolsados\. Se o associar de novo, não voltam/)).toBeTruthy();
      expect(ui.getByText(/continuam a contar na análise estatística e no «Recebido hoje», e aparecem nos movimentos da liquidação/)).toBeTruthy();
      if (state.matches('unbinding')) return void expect(status(ui)).toMatch(/A desassociar/);
      return void expect(ui.getByRole('button', { name: 'Sim, desassociar' })).toBeTruthy();
    }
    // ready: the store's code, its stickers, and what just happened
    expect(ui.getByRole('heading', { name: 'Loja Central' })).toBeTruthy();
    const code = within(ui.getByRole('region', { name: 'Código da loja' }));
    expect(code.getByRole('img', { name: 'Código QR de cobrança de Loja Central' })).toBeTruthy();
    expect(code.getByText('ST0000000042')).toBeTruthy();
    fireEvent.click(code.getByRole('button', { name: 'Descarregar SVG' }));
    expect(downloads.at(-1)).toEqual({ storeName: 'Loja Central', serial: 'ST0000000042', tagline: 'Pague aqui com Kwanza Wallet', format: 'svg' });
    const stickers = within(ui.getByRole('region', { name: 'Autocolantes associados' }));
    for (const b of c.stickers) expect(stickers.getByText(b.serial)).toBeTruthy();
    if (c.stickers.length === 0) expect(stickers.getByText('Nenhum autocolante associado.')).toBeTruthy();
    const open = c.store!.status === 'open';
    expect(!!stickers.queryByRole('button', { name: 'Associar um autocolante' })).toBe(open);
    if (!open) expect(status(ui)).toMatch(/Esta loja está fechada/);
    const notices: Record<string, RegExp> = {
      bound: /Autocolante KW0000000124 associado a esta loja/, unbound: /Autocolante desassociado/,
      bindRefused: c.errorCode === 'MCH10006' ? /não é um código de cobrança desta carteira/ : /já está associado a uma loja/, unbindRefused: /não existe ou não é seu/,
      bindUnreachable: /pode ter ficado associado/, unbindUnreachable: /pode ter sido desassociado/,
    };
    for (const [sub, text] of Object.entries(notices)) {
      if (!state.matches({ ready: sub as 'idle' })) continue;
      expect(sub.endsWith('Refused') || sub.endsWith('Unreachable') ? alert(ui) : status(ui)).toMatch(text);
    }
    if (state.matches({ ready: 'idle' })) expect(ui.queryByRole('alert')).toBeNull();
    return void expect(!!ui.queryByRole('button', { name: 'Ver a lista de novo' })).toBe(state.matches({ ready: 'bindUnreachable' }) || state.matches({ ready: 'unbindUnreachable' }));
  },
};

describe('code binding chart on its screen', () => {
  const paths = transitionCoveringPaths(codeBindingModel);
  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_d, path) => {
    await runScreenPath(codeBindingModel, path, binding);
  });
});

describe('the code as a placard to print', () => {
  const placard = { payload: '00020101021126360014ao.kwanza.pay', storeName: 'Café <Sol> & Mar', serial: 'ST0000000042', tagline: 'Pague aqui com Kwanza Wallet' };

  it('puts the wallet’s band (mark and name), the tagline, the store’s name and the serial around the code, escaped', async () => {
    const { svg, width, height } = await placardSvg(placard);
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    expect(svg).toContain(`<path d="${WALLET_MARK.square}" fill="#fff"/><path d="${WALLET_MARK.letter}" fill="#0b6e4f"/>`);
    expect(svg).toContain('>Kwanza Wallet</text>');
    expect(svg).toContain('>Pague aqui com Kwanza Wallet</text>');
    expect(svg).toContain('>Café &lt;Sol&gt; &amp; Mar</text>');
    expect(svg).toContain('>ST0000000042</text>');
    expect(height).toBeGreaterThan(width);
    expect(svg).toMatch(/<path d="M\d+ \d+h\d+v12h-\d+z/);
  });

  it('keeps the quiet zone: four light modules round the code with nothing drawn on them, the code in whole pixels', async () => {
    const { svg, code } = await placardSvg(placard);
    const runs = [...svg.matchAll(/M(\d+) (\d+)h(\d+)v12/g)].map((r) => r.slice(1).map(Number) as [number, number, number]);
    expect(Math.min(...runs.map(([x]) => x))).toBe(code.x + 4 * 12);
    expect(Math.min(...runs.map(([, y]) => y))).toBe(code.y + 4 * 12);
    expect(Math.max(...runs.map(([x, , w]) => x + w))).toBe(code.x + code.side - 4 * 12);
    expect(Math.max(...runs.map(([, y]) => y + 12))).toBe(code.y + code.side - 4 * 12);
    // every text and band lies above or below the code's square (a text's glyphs reach 0.8 em above its baseline, 0.25 em below)
    for (const [, y, size] of svg.matchAll(/<text [^>]*?y="([\d.]+)"[^>]*?font-size="([\d.]+)"/g)) {
      const [top, bottom] = [Number(y) - 0.8 * Number(size), Number(y) + 0.25 * Number(size)];
      expect(bottom <= code.y || top >= code.y + code.side).toBe(true);
    }
    for (const [, y, h] of svg.matchAll(/<rect (?:y="([\d.]+)" )?width="[\d.]+" height="([\d.]+)" fill="#0b6e4f"/g)) {
      const top = Number(y ?? 0);
      expect(top + Number(h) <= code.y || top >= code.y + code.side).toBe(true);
    }
  });

  it('fits a long store name in two lines and a long tagline in the width', () => {
    expect(wrapText('Mercearia e Talho Nzinga Mbande do Bairro Operário, Luanda', 31.2, 400)).toHaveLength(2);
    const lines = wrapText('A'.repeat(10) + ' ' + 'B'.repeat(40) + ' ' + 'C'.repeat(40), 31.2, 400);
    expect(lines[1]!.endsWith('…')).toBe(true);
    expect(textWidth('使用 Kwanza Wallet 在此付款', 10)).toBeGreaterThan(textWidth('Kwanza Wallet', 10));
  });
});

describe('binding printed stickers through the real gateway (PGlite)', () => {
  const gateway = realGateway();
  beforeAll(() => gateway.start(), 60_000);
  afterAll(() => gateway.stop());

  /** The scanner child without a camera (jsdom has none): the serial typed instead. */
  async function typeSerial(actor: ReturnType<typeof createActor<typeof codeBindingFlow>>, serial: string) {
    actor.send({ type: 'binding.started' });
    const scanner = actor.getSnapshot().children.scanner as ActorRefFrom<typeof scannerMachine>;
    await waitFor(scanner, (s) => s.hasTag('error'), { timeout: 10_000 }); // no camera here
    scanner.send({ type: 'typing.requested' });
    scanner.send({ type: 'typed.changed', value: serial });
    scanner.send({ type: 'typed.submitted' });
    // asked first, with the serial as printed and the store named
    await waitFor(actor, (s) => s.matches('confirmingBind'), { timeout: 10_000 });
    expect(actor.getSnapshot().context.serial).toBe(serial.replace(/\s/g, '').toUpperCase());
    actor.send({ type: 'binding.confirmed' });
    await waitFor(actor, (s) => s.matches('ready'), { timeout: 10_000 });
  }

  it('binds a sticker by its typed serial, refuses it twice and an unknown one, unbinds it; binding it again is a new binding', async () => {
    const { server } = gateway;
    const shop = await merchantWithStore(server);
    const batch = await issueStickers(server, 2);
    gateway.signIn(shop.token, `/app/store/${shop.storeId}/codes`);
    const actor = createActor(codeBindingFlow, { input: { storeId: shop.storeId } }).start();
    await waitFor(actor, (s) => s.matches('ready'), { timeout: 10_000 });
    expect(actor.getSnapshot().context).toMatchObject({ store: { name: 'Loja Central' }, storeCode: { serial: expect.stringMatching(/^ST/) }, stickers: [] });
    expect(actor.getSnapshot().context.storeCode!.payload).toMatch(/^000201010211/);

    const serial = batch.serials[0]!;
    await typeSerial(actor, `${serial.slice(0, 2)} ${serial.slice(2, 6)} ${serial.slice(6)}`.toLowerCase());
    expect(actor.getSnapshot().value).toEqual({ ready: 'bound' });
    const first = actor.getSnapshot().context.chosen!;
    expect(first).toMatchObject({ serial, storeId: shop.storeId });

    await typeSerial(actor, serial);
    expect(actor.getSnapshot().value).toEqual({ ready: 'bindRefused' });
    expect(actor.getSnapshot().context.errorCode).toBe('MCH10010');
    await typeSerial(actor, 'KW9999999999');
    expect(actor.getSnapshot().context.errorCode).toBe('MCH10006');

    actor.send({ type: 'unbind.asked', bindingId: first.bindingId });
    actor.send({ type: 'unbind.confirmed' });
    await waitFor(actor, (s) => s.matches({ ready: 'unbound' }), { timeout: 10_000 });
    expect(actor.getSnapshot().context.stickers).toEqual([]);
    expect((await call(server, 'merchant/code/list', { storeId: shop.storeId }, shop.token)).bizContent.stickers).toEqual([]);

    await typeSerial(actor, serial);
    expect(actor.getSnapshot().value).toEqual({ ready: 'bound' });
    expect(actor.getSnapshot().context.chosen!.bindingId).not.toBe(first.bindingId);
    actor.stop();
  }, 60_000);
});
