import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, type screen as Screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createActor, fromPromise } from 'xstate';
import { useSelector } from '@xstate/react';
import { CouponClaimView } from '../../screens/couponClaim/CouponClaimView.tsx';
import { couponClaimMachine, type CouponClaimEvent } from '../../machines/couponClaim.machine.ts';
import { claimableCoupon, couponClaimModel } from '../models/couponClaim.model.ts';
import type { ClaimableCoupon } from '../../services/contract/couponClaim.ts';
import type { Outcome } from '../../services/contract/outcome.ts';
import { transitionCoveringPaths } from '../support/mbt.ts';
import { assertNoRawKeys, runScreenPath, type ScreenBinding, type UserEvents } from '../support/screen-mbt.tsx';
import { createI18n } from '../../src/i18n.ts';
import { dictionary } from '../../locales/dictionary.ts';

type Ui = typeof Screen;
const click = (ui: Ui, name: string | RegExp) => void fireEvent.click(ui.getByRole('button', { name }));
const alert = (ui: Ui) => ui.queryAllByRole('alert').map((a) => a.textContent).join(' ');
const status = (ui: Ui) => ui.queryAllByRole('status').map((a) => a.textContent).join(' ');
const myCouponsLink = (ui: Ui) => ui.getByRole('link', { name: 'Ver os meus cupões' }).getAttribute('href');

const userEvents: UserEvents<CouponClaimEvent> = {
  'coupon.retry': (ui) => click(ui, 'Tentar novamente'),
  'claim.requested': (ui) => click(ui, 'Obter o cupão'),
};

/** The coupon as the page draws it: its name, what it takes off, for whom, the stock. */
const expectCoupon = (ui: Ui, stock: RegExp) => {
  expect(ui.getByText('Gaste 800')).toBeTruthy();
  expect(ui.getByText('Gaste 800,00 Kz e receba 80,00 Kz de desconto')).toBeTruthy();
  expect(ui.getByText('Comercial Demo, Lda · Para todos os clientes')).toBeTruthy();
  expect(ui.getByText(/^Válido de .* a .* · /).textContent).toMatch(stock);
  expect(ui.getByText('Oferecido pela loja Loja Central (Comercial Demo, Lda)')).toBeTruthy();
};

const binding: ScreenBinding<typeof couponClaimMachine> = {
  view: (state, send) => <CouponClaimView state={state} send={send as (e: CouponClaimEvent) => void} />,
  userEvents,
  states: {
    '"loading"': (ui) => expect(status(ui)).toMatch(/A carregar/),
    '"failed"': (ui) => {
      expect(alert(ui)).toMatch(/Não foi possível carregar o cupão/);
      expect(ui.getByRole('button', { name: 'Tentar novamente' })).toBeTruthy();
    },
    // another merchant's coupon, or none: the server's words, and the way to the member's coupons
    '"unavailable"': (ui) => {
      expect(alert(ui)).toMatch(/Esta loja ou comerciante não existe ou não é seu/);
      expect(ui.queryByText('Gaste 800')).toBeNull();
      expect(myCouponsLink(ui)).toBe('/app/coupons');
    },
    '"notOffered"': (ui, state) => {
      expectCoupon(ui, /Esgotado$/);
      expect(state.context.coupon?.stockLeft).toBe(0);
      expect(ui.getByText('Este cupão esgotou e já não pode ser obtido.')).toBeTruthy();
      expect(ui.queryByRole('button', { name: 'Obter o cupão' })).toBeNull();
    },
    '{"offered":"idle"}': (ui) => {
      expectCoupon(ui, /Restam 3 utilizações$/);
      expect(ui.getByRole('button', { name: 'Obter o cupão' }).hasAttribute('disabled')).toBe(false);
      expect(alert(ui)).toBe('');
    },
    '{"offered":"claimFailed"}': (ui) => {
      expectCoupon(ui, /Restam 3 utilizações$/);
      expect(alert(ui)).toMatch(/Não foi possível obter o cupão. Tente de novo./);
      expect(ui.getByRole('button', { name: 'Obter o cupão' }).hasAttribute('disabled')).toBe(false);
    },
    // one claim at a time: the button waits
    '"claiming"': (ui) => expect(ui.getByRole('button', { name: 'Obter o cupão' }).hasAttribute('disabled')).toBe(true),
    '{"claimed":"now"}': (ui) => {
      expect(status(ui)).toMatch(/O cupão está nos seus cupões/);
      expect(myCouponsLink(ui)).toBe('/app/coupons');
      expect(ui.queryByRole('button', { name: 'Obter o cupão' })).toBeNull();
    },
    // PRM10014 on the claim, or the read says it: the member has it, no error
    '{"claimed":"before"}': (ui) => {
      expect(status(ui)).toMatch(/Este cupão já é seu/);
      expect(alert(ui)).toBe('');
      expect(myCouponsLink(ui)).toBe('/app/coupons');
    },
    '"refused"': (ui, state) => {
      expect(state.context.errorCode).toBe('PRM10015');
      expect(alert(ui)).toMatch(/Este cupão não pode ser obtido agora/);
      expect(ui.queryByRole('button', { name: 'Obter o cupão' })).toBeNull();
      expect(myCouponsLink(ui)).toBe('/app/coupons');
    },
  },
};

describe('coupon claim chart on its screen', () => {
  const paths = transitionCoveringPaths(couponClaimModel);
  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_d, path) => {
    await runScreenPath(couponClaimModel, path, binding);
  });
});

describe('a store’s coupon', () => {
  const i18n = (language: 'en' | 'zh') => createI18n(language, { pt: dictionary('pt'), en: dictionary('en'), zh: dictionary('zh'), fr: dictionary('fr') });

  it('reads the coupon of the address, claims it once with the same store and coupon, in English; a paused one is said so', async () => {
    const claim = vi.fn(async (): Promise<Outcome<{ memberCouponId: string }>> => ({ ok: true, data: { memberCouponId: '41' } }));
    const load = vi.fn(async (): Promise<Outcome<ClaimableCoupon>> => ({ ok: true, data: { ...claimableCoupon, type: 4, amountOff: null, threshold: null, percentBp: 1_000, maxOff: 2_000, stockLeft: 1 } }));
    const actor = createActor(couponClaimMachine.provide({ actors: { loadCoupon: fromPromise(load), claimCoupon: fromPromise(claim) } }), { input: { storeId: '3', couponId: '7' } }).start();
    function Live() {
      const state = useSelector(actor, (s) => s);
      return <CouponClaimView state={state} send={(e) => actor.send(e)} />;
    }
    const { container, unmount } = render(<I18nextProvider i18n={i18n('en')}><Live /></I18nextProvider>);
    expect(await screen.findByText('10% off, up to Kz 20.00')).toBeTruthy();
    expect(screen.getByText(/· 1 use left$/)).toBeTruthy();
    expect(load).toHaveBeenCalledWith(expect.objectContaining({ input: { storeId: '3', couponId: '7' } }));
    fireEvent.click(screen.getByRole('button', { name: 'Get the coupon' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('The coupon is in your coupons.'));
    expect(claim).toHaveBeenCalledTimes(1);
    expect(claim).toHaveBeenCalledWith(expect.objectContaining({ input: { storeId: '3', couponId: '7' } }));
    assertNoRawKeys(container);
    unmount();
    actor.stop();

    const paused = createActor(couponClaimMachine.provide({ actors: { loadCoupon: fromPromise(async (): Promise<Outcome<ClaimableCoupon>> => ({ ok: true, data: { ...claimableCoupon, live: false } })) } }), { input: { storeId: '3', couponId: '7' } }).start();
    function Paused() {
      const state = useSelector(paused, (s) => s);
      return <CouponClaimView state={state} send={(e) => paused.send(e)} />;
    }
    render(<I18nextProvider i18n={i18n('zh')}><Paused /></I18nextProvider>);
    expect(await screen.findByText('该优惠券现在无法领取：尚未开始、已暂停或已结束。')).toBeTruthy();
    expect(screen.getByText(/^满 .*800.* 减 .*80.*$/)).toBeTruthy();
    paused.stop();
  });
});
