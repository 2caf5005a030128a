import { describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen, within, type screen as Screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createActor } from 'xstate';
import { MyCouponsView, CouponItemsView } from '../../screens/myCoupons/MyCouponsView.tsx';
import type { PagedListActor } from '../../screens/common/PagedList.tsx';
import { MEMBER_COUPON_KEY, type myCouponsMachine, type MyCouponsEvent } from '../../machines/myCoupons.machine.ts';
import { pagedListMachine } from '../../machines/pagedList.machine.ts';
import { couponsPage, memberCoupon, myCouponsModel } from '../models/myCoupons.model.ts';
import { doneEvent, parkInvokes, transitionCoveringPaths } from '../support/mbt.ts';
import { assertNoRawKeys, runScreenPath, type ScreenBinding, type UserEvents } from '../support/screen-mbt.tsx';
import { createI18n } from '../../src/i18n.ts';
import { dictionary } from '../../locales/dictionary.ts';

type Ui = typeof Screen;
const TAB = { usable: 'Por usar', used: 'Usados', expired: 'Expirados' } as const;

const userEvents: UserEvents<MyCouponsEvent> = {
  'state.changed': (ui, e) => void fireEvent.click(ui.getByRole('button', { name: TAB[e.state] })),
};

const binding: ScreenBinding<typeof myCouponsMachine> = {
  view: (state, send) => <MyCouponsView state={state} send={send as (e: MyCouponsEvent) => void} />,
  userEvents,
  states: (ui: Ui, state) => {
    const tabs = within(ui.getByRole('group', { name: 'Estado dos cupões' }));
    expect(tabs.getAllByRole('button').map((b) => b.textContent)).toEqual(['Por usar', 'Usados', 'Expirados']);
    expect(tabs.getAllByRole('button').filter((b) => b.getAttribute('aria-pressed') === 'true').map((b) => b.textContent)).toEqual([TAB[state.context.state]]);
    // the tab's coupons are the list child's (its pages are the paged list's own test): here it asks for its first page
    expect(ui.getAllByRole('status').map((s) => s.textContent).join(' ')).toMatch(/A carregar/);
    expect(ui.getByRole('link', { name: 'Ver os descontos que já teve' }).getAttribute('href')).toBe('/app/reductionlist');
  },
};

describe('my coupons chart on its screen', () => {
  const paths = transitionCoveringPaths(myCouponsModel);
  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_d, path) => {
    await runScreenPath(myCouponsModel, path, binding);
  });
});

describe('my coupons', () => {
  const i18n = createI18n('pt', { pt: dictionary('pt'), en: dictionary('en'), zh: dictionary('zh'), fr: dictionary('fr') });

  it('asks the list child for the tab chosen, anew for another tab', () => {
    const actor = createActor(myCouponsModel.machine, { input: {} }).start();
    const list = () => actor.getSnapshot().children.pagedList as PagedListActor;
    expect(list().getSnapshot().context).toMatchObject({ query: { state: 'usable' }, key: MEMBER_COUPON_KEY });
    const first = list();
    actor.send({ type: 'state.changed', state: 'expired' });
    expect(list()).not.toBe(first);
    expect(list().getSnapshot().context.query).toEqual({ state: 'expired' });
    actor.stop();
  });

  it('draws each coupon: what it takes off, the merchant, for whom, its validity and state', () => {
    const list = createActor(parkInvokes(pagedListMachine, ['loadPage']).provide({ actions: { pageLoaded: () => {} } }), { input: { query: { state: 'usable' }, key: MEMBER_COUPON_KEY } }).start();
    act(() => list.send(doneEvent('loadPage', { ok: true, data: { ...couponsPage, items: [...couponsPage.items, memberCoupon('40', { name: 'Menos 50', type: 1, amountOff: 5_000, threshold: null, state: 'used', usedAt: '2026-03-12T10:00:00.000Z', target: 2 })] } }) as never));
    const { container } = render(<I18nextProvider i18n={i18n}><CouponItemsView state={list.getSnapshot()} send={(e) => list.send(e)} /></I18nextProvider>);
    const items = within(screen.getByRole('list', { name: 'Os meus cupões' })).getAllByRole('listitem');
    expect(items.map((li) => li.querySelector('.kw-fund-kind')?.textContent)).toEqual(['Gaste 800', 'Dez por cento', 'Menos 50']);
    expect(items[0]!.textContent).toMatch(/Gaste 800,00 Kz e receba 80,00 Kz de desconto.*Comercial Demo, Lda · Para todos os clientes.*Válido de .* a .* · Usa-se sozinho no próximo pagamento/);
    // one the till would not apply today (paused, not started or sold out) says so
    expect(items[1]!.textContent).toMatch(/10\s?% de desconto, até 20,00 Kz.*Para clientes habituais.*Válido desde .* · Não se aplica por agora: em pausa, ainda não começou ou esgotou/);
    expect(items[2]!.textContent).toMatch(/50,00 Kz de desconto.*Para novos clientes.*Usado em 12 mar/);
    assertNoRawKeys(container);
    list.stop();
  });
});
