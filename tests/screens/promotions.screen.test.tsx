import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, type screen as Screen } from '@testing-library/react';
import { useSelector } from '@xstate/react';
import { I18nextProvider } from 'react-i18next';
import { createActor, fromPromise, waitFor, type ActorRefFrom, type AnyActorRef } from 'xstate';
import { PromotionShareNotice, PromotionStatusChange, PromotionsView } from '../../screens/promotions/PromotionsView.tsx';
import type { linkShareMachine } from '../../machines/linkShare.machine.ts';
import { promotionsMachine, type PromotionLine, type PromotionsEvent, type ShareStore } from '../../machines/promotions.machine.ts';
import { statusChangeMachine, type StatusAnswer, type StatusChangeEvent, type StatusRequest } from '../../machines/statusChange.machine.ts';
import { createI18n } from '../../src/i18n.ts';
import { dictionary } from '../../locales/dictionary.ts';
import { statusChangeModel } from '../models/statusChange.model.ts';
import { listLineShareModel } from '../models/linkShare.model.ts';
import { promotionsActors } from '../../src/flows/promotions.ts';
import { shareLink } from '../../src/lib/shareLink.ts';
import type { Outcome } from '../../services/contract/outcome.ts';
import { promotionsModel, samplePromotions } from '../models/promotions.model.ts';
import { transitionCoveringPaths } from '../support/mbt.ts';
import { runScreenPath, type ScreenBinding, type UserEvents } from '../support/screen-mbt.tsx';

type Ui = typeof Screen;
const click = (ui: Ui, name: string | RegExp) => void fireEvent.click(ui.getByRole('button', { name }));
const alert = (ui: Ui) => ui.getAllByRole('alert').map((a) => a.textContent).join(' ');
const status = (ui: Ui) => ui.getAllByRole('status').map((a) => a.textContent).join(' ');
const CLAIM = `${window.location.origin}/app/coupons/claim/`;

const events: UserEvents<PromotionsEvent> = {
  'list.retry': (ui) => click(ui, 'Tentar novamente'),
  'list.refresh': (ui) => click(ui, 'Atualizar'),
  'promotion.paused': (ui) => click(ui, 'Pausar Dez por cento'),
  'promotion.resumed': (ui) => click(ui, 'Retomar Sexta barata'),
  'promotion.ended': (ui) => click(ui, 'Terminar Gaste 300'),
  'coupon.shared': (ui) => click(ui, 'Partilhar o cupão Gaste 300'),
  'shareStore.chosen': (ui) => click(ui, 'Loja do Porto'),
  'shareStore.cancelled': (ui) => click(ui, 'Cancelar'),
};

const binding: ScreenBinding<typeof promotionsMachine> = {
  view: (state, send) => <PromotionsView state={state} send={send as (e: PromotionsEvent) => void} />,
  userEvents: events,
  states: (ui, state) => {
    const c = state.context;
    if (state.matches('loading')) return void expect(status(ui)).toMatch(/A carregar/);
    if (state.matches('failed')) {
      expect(alert(ui)).toMatch(c.errorCode ? /erro no servidor/ : /Não foi possível carregar as promoções/);
      return void expect(ui.getByRole('button', { name: 'Tentar novamente' })).toBeTruthy();
    }
    if (state.matches('notOwner')) {
      if (c.errorCode === 'STF10010') {
        expect(alert(ui)).toMatch(/Só o comerciante/);
        return void expect(ui.getByRole('link', { name: 'Ir para a caixa' }).getAttribute('href')).toBe('/app/cashier');
      }
      return void expect(ui.getByRole('link', { name: 'Abrir conta de cobrança' }).getAttribute('href')).toBe('/app/open');
    }
    // the status change child (its own binding below goes through its states): the question takes the list's place
    const change = (state.children.statusChange as ActorRefFrom<typeof statusChangeMachine> | undefined)?.getSnapshot();
    // the share child (its own binding below goes through its states): on its way while the list waits
    const share = (state.children.linkShare as ActorRefFrom<typeof linkShareMachine> | undefined)?.getSnapshot();
    if (change?.matches('confirmingEnd')) return void expect(ui.getByRole('alertdialog').textContent).toMatch(/Terminar Gaste 300\? .*não pode ser retomada/);
    if (state.matches('choosingStore')) {
      expect(ui.getByRole('dialog').textContent).toMatch(/Em que loja/);
      return void expect(ui.getByRole('button', { name: 'Loja Central' })).toBeTruthy();
    }
    // the list, with what its last step came to
    if (c.promotions.length === 0) expect(status(ui)).toMatch(/Ainda não tem promoções/);
    else {
      expect(ui.getByText('Dez por cento')).toBeTruthy();
      expect(ui.getByText(/^Cashback · 10\s?%\s?do que o cliente paga, até 500,00 Kz · cashback dado 37,00 Kz \(pagamentos: 1\) · orçamento 10 000,00 Kz, restam 9 963,00 Kz$/)).toBeTruthy();
      expect(ui.getByText(/^Cupão · Gaste 300,00 Kz e receba 30,00 Kz de desconto · usos: 1 \(30,00 Kz de desconto\) · stock 10, restam 9$/)).toBeTruthy();
      expect(ui.getByText(/^Desconto · entre 1,00 Kz e 10,00 Kz ao acaso, a partir de 200,00 Kz · descontado 0,00 Kz \(pagamentos: 0\) · sem orçamento$/)).toBeTruthy();
      // an ended one has nothing left to do
      expect(ui.queryByRole('button', { name: 'Terminar Natal' })).toBeNull();
      const cashback = c.promotions[0]!.status;
      expect(ui.queryByRole('button', { name: 'Pausar Dez por cento' }) !== null).toBe(cashback === 'active');
      expect(ui.queryByRole('button', { name: 'Partilhar o cupão Gaste 300' }) !== null).toBe(c.promotions[2]!.status === 'active');
    }
    expect(ui.getByRole('link', { name: 'Novo cupão' }).getAttribute('href')).toBe('/app/promotions/new/coupon');
    const notices: Array<[boolean, () => string, RegExp]> = [
      [!!change?.matches('settingStatus'), () => status(ui), /A guardar/],
      [state.matches('loadingStores') || !!share?.matches('sharing'), () => status(ui), /A preparar o link/],
      [state.matches({ list: 'alreadyEnded' }), () => alert(ui), /terminou e já não pode ser alterada/],
      [state.matches({ list: 'storesFailed' }), () => alert(ui), c.errorCode ? /erro no servidor/ : /Não foi possível ler as suas lojas/],
      [state.matches({ list: 'noStore' }), () => alert(ui), /nenhuma loja aberta/],
    ];
    for (const [shown, text, pattern] of notices) if (shown) expect(text()).toMatch(pattern);
    if (state.matches({ list: 'idle' })) expect(ui.queryByRole('alert')).toBeNull();
    // while it saves, the list's buttons wait
    if (change?.matches('settingStatus')) expect(ui.getByRole('button', { name: 'Atualizar' }).hasAttribute('disabled')).toBe(true);
  },
};

const changeEvents: UserEvents<StatusChangeEvent> = {
  'end.confirmed': (ui) => click(ui, 'Terminar de vez'),
  'end.cancelled': (ui) => click(ui, 'Manter'),
};

/** The status change child on the owner's page: the question, saving, why it was not saved. */
const changeBinding: ScreenBinding<typeof statusChangeMachine> = {
  view: (change, send) => <PromotionStatusChange change={change} send={send as (e: StatusChangeEvent) => void} promotions={samplePromotions} />,
  userEvents: changeEvents,
  states: (ui, change) => {
    if (change.matches('confirmingEnd')) return void expect(ui.getByRole('alertdialog').textContent).toMatch(/Terminar Gaste 300\? .*não pode ser retomada/);
    if (change.matches('settingStatus')) return void expect(status(ui)).toMatch(/A guardar/);
    if (change.matches('refused')) return void expect(alert(ui)).toMatch(/não pertence|não existe|não é seu|Não encontrado/i);
    if (change.matches('unreachable')) return void expect(alert(ui)).toMatch(/Sem resposta do servidor/);
    // starting (never rests there) or done: the list takes over
    expect(ui.queryByRole('alert')).toBeNull();
    expect(ui.queryByRole('alertdialog')).toBeNull();
  },
};

describe('promotions chart on its screen', () => {
  const paths = transitionCoveringPaths(promotionsModel);
  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_d, path) => {
    await runScreenPath(promotionsModel, path, binding);
  });
});

/** The share child on the owner's page, for a coupon of the only open store: on its way, shared, copied, or the link to copy by hand. */
const shareBinding: ScreenBinding<typeof linkShareMachine> = {
  view: (share) => <PromotionShareNotice share={{ ...share, context: { ...share.context, url: '/app/coupons/claim/31/13' } } as typeof share} />,
  userEvents: {},
  states: (ui, share) => {
    if (share.matches('sharing')) return void expect(status(ui)).toMatch(/A preparar o link/);
    if (share.matches('shared')) return void expect(status(ui)).toMatch(/Link do cupão partilhado/);
    if (share.matches('copied')) return void expect(status(ui)).toMatch(new RegExp(`Link copiado: ${CLAIM}31/13`));
    if (share.matches('unavailable')) {
      expect(alert(ui)).toMatch(/Copie-o daqui/);
      return void expect((ui.getByLabelText('Link do cupão') as HTMLInputElement).value).toBe(`${CLAIM}31/13`);
    }
    // closed by the person: nothing to say
    expect(ui.queryByRole('alert')).toBeNull();
    expect(ui.queryByRole('status')).toBeNull();
  },
};

describe('link share chart on the promotions screen', () => {
  const paths = transitionCoveringPaths(listLineShareModel);
  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_d, path) => {
    await runScreenPath(listLineShareModel, path, shareBinding);
  });
});

describe('status change chart on the promotions screen', () => {
  const paths = transitionCoveringPaths(statusChangeModel);
  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_d, path) => {
    await runScreenPath(statusChangeModel, path, changeBinding);
  });
});

describe('a status change refused on the list', () => {
  function Page({ actor }: { actor: ActorRefFrom<typeof promotionsMachine> }) {
    const state = useSelector(actor, (s) => s);
    return <PromotionsView state={state} send={(event) => actor.send(event)} />;
  }

  it('says why above the list, which stays usable, until the next step on it', async () => {
    const asked: StatusRequest[] = [];
    const flow = promotionsMachine.provide({
      actors: {
        loadList: fromPromise<Outcome<{ promotions: PromotionLine[] }>>(async () => ({ ok: true, data: { promotions: samplePromotions } })),
        loadStores: promotionsActors.loadStores,
        linkShare: promotionsActors.linkShare,
        statusChange: statusChangeMachine.provide({
          actors: {
            setStatus: fromPromise<StatusAnswer, StatusRequest>(async ({ input }) => {
              asked.push(input);
              return input.line.id === '11' ? { ok: false, code: 'MCH10004', message: '', detail: '' } : { ok: true, data: { status: input.status } };
            }),
          },
        }),
      },
    });
    const actor = createActor(flow).start();
    await waitFor(actor, (s) => s.matches('list'));
    render(<I18nextProvider i18n={createI18n('pt', { pt: dictionary('pt'), en: dictionary('en'), zh: dictionary('zh'), fr: dictionary('fr') })}><Page actor={actor} /></I18nextProvider>);
    await act(async () => click(screen, 'Pausar Dez por cento'));
    await vi.waitFor(() => expect(alert(screen)).toMatch(/não pertence|não existe|não é seu|Não encontrado/i));
    expect(actor.getSnapshot().context.promotions[0]!.status).toBe('active');
    // the list is there and usable: another line's change goes on, and the refusal goes
    expect(screen.getByRole('button', { name: 'Atualizar' }).hasAttribute('disabled')).toBe(false);
    await act(async () => click(screen, 'Retomar Sexta barata'));
    await vi.waitFor(() => expect(actor.getSnapshot().matches({ list: 'idle' })).toBe(true));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(actor.getSnapshot().context.promotions[1]!.status).toBe('active');
    expect(asked).toEqual([{ line: { kind: 'cashback', id: '11' }, status: 'paused' }, { line: { kind: 'discount', id: '12' }, status: 'active' }]);
    actor.stop();
  });
});

describe('sharing a coupon link', () => {
  afterEach(() => void Reflect.deleteProperty(navigator, 'clipboard'));

  it('uses the share sheet where there is one, and says nothing when the person closes it', async () => {
    const share = vi.fn(async () => undefined);
    expect(await shareLink('https://w.ao/x', 'T', { share } as never)).toEqual({ ok: true, data: { via: 'sheet' } });
    expect(share).toHaveBeenCalledWith({ title: 'T', url: 'https://w.ao/x' });
    const closed = Object.assign(new Error('closed'), { name: 'AbortError' });
    expect(await shareLink('https://w.ao/x', 'T', { share: async () => { throw closed; } } as never)).toMatchObject({ ok: false, code: 'aborted' });
  });

  it('falls back to the clipboard without a sheet or when the sheet fails, and is unavailable without either', async () => {
    const writeText = vi.fn(async () => undefined);
    expect(await shareLink('https://w.ao/x', 'T', { clipboard: { writeText } } as never)).toEqual({ ok: true, data: { via: 'clipboard' } });
    const denied = Object.assign(new Error('no'), { name: 'NotAllowedError' });
    expect(await shareLink('https://w.ao/y', 'T', { share: async () => { throw denied; }, clipboard: { writeText } } as never)).toEqual({ ok: true, data: { via: 'clipboard' } });
    expect(writeText).toHaveBeenLastCalledWith('https://w.ao/y');
    expect(await shareLink('https://w.ao/x', 'T', {} as never)).toMatchObject({ ok: false, code: 'unavailable' });
    expect(await shareLink('https://w.ao/x', 'T', { clipboard: { writeText: async () => { throw denied; } } } as never)).toMatchObject({ ok: false, code: 'unavailable' });
  });

  it('copies the claim link of the one open store when the browser cannot share, and says it was copied', async () => {
    const writeText = vi.fn(async () => undefined);
    // jsdom's navigator has no share sheet; its clipboard is this one (the navigator itself stays: every call's envelope reads it)
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const flow = promotionsMachine.provide({
      actors: {
        loadList: fromPromise<Outcome<{ promotions: PromotionLine[] }>>(async () => ({ ok: true, data: { promotions: samplePromotions } })),
        loadStores: fromPromise<Outcome<{ stores: ShareStore[] }>>(async () => ({ ok: true, data: { stores: [{ storeId: '31', name: 'Loja Central' }] } })),
        statusChange: promotionsActors.statusChange,
        linkShare: promotionsActors.linkShare,
      },
    });
    const actor = createActor(flow).start();
    await waitFor(actor, (s) => s.matches('list'));
    actor.send({ type: 'coupon.shared', id: '13' });
    await waitFor(actor, (s) => s.matches({ list: 'sharing' }));
    await waitFor(actor.getSnapshot().children.linkShare as AnyActorRef, (s) => s.value === 'copied');
    expect(writeText).toHaveBeenCalledWith(`${CLAIM}31/13`);
    actor.stop();
  });

  it('never shares an auto coupon (a payment past its threshold grants it; a link could not)', async () => {
    const auto: PromotionLine = { ...samplePromotions[2]!, id: '15', name: 'Volte sempre', auto: true };
    const flow = promotionsMachine.provide({
      actors: {
        loadList: fromPromise<Outcome<{ promotions: PromotionLine[] }>>(async () => ({ ok: true, data: { promotions: [...samplePromotions, auto] } })),
        loadStores: fromPromise<Outcome<{ stores: ShareStore[] }>>(async () => ({ ok: true, data: { stores: [{ storeId: '31', name: 'Loja Central' }] } })),
        statusChange: promotionsActors.statusChange,
        linkShare: promotionsActors.linkShare,
      },
    });
    const actor = createActor(flow).start();
    await waitFor(actor, (s) => s.matches('list'));
    actor.send({ type: 'coupon.shared', id: '15' });
    expect(actor.getSnapshot().matches({ list: 'idle' })).toBe(true);
    actor.stop();
  });
});
