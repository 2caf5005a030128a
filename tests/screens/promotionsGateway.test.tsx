/**
 * The promotion charts with their real calls against the gateway (PGlite): the forms' requests as
 * the contracts take them (amounts in cêntimos, percentages in basis points, a coupon's numbers),
 * a real refusal kept beside what was typed, the owner's list with its spend, a status change, a
 * coupon's claim link copied; and the operators' platform cashback made, listed and ended.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createActor, waitFor, type AnyActorRef } from 'xstate';
import { promotionFormFlow } from '../../src/flows/promotionForm.ts';
import { promotionsFlow } from '../../src/flows/promotions.ts';
import { platformPromotionsFlow } from '../../src/flows/platformPromotions.ts';
import { storage } from '../../src/lib/storage.ts';
import type { PromotionFormKind } from '../../machines/promotionFields.ts';
import { merchantWithStore, operatorSession, realGateway } from './merchantSetup.ts';

const settled = { timeout: 15_000 };

/** A form filled in as a person types, then sent. */
function form(kind: PromotionFormKind, fields: Record<string, string>) {
  const actor = createActor(promotionFormFlow, { input: { kind, language: 'pt' } }).start();
  fill(actor, fields);
  return actor;
}
function fill(actor: AnyActorRef, fields: Record<string, string>) {
  for (const [name, value] of Object.entries(fields)) actor.send({ type: 'field.changed', name, value });
  actor.send({ type: 'form.submitted' });
}
const answered = (actor: AnyActorRef) => waitFor(actor, (s) => s.matches('saved') || s.matches({ editing: 'refused' }) || s.matches({ editing: 'unreachable' }), settled);

describe('promotions through the real gateway (PGlite)', () => {
  const gateway = realGateway();
  beforeAll(() => gateway.start(), 60_000);
  afterAll(() => gateway.stop());
  afterEach(() => void Reflect.deleteProperty(navigator, 'clipboard'));

  it('the owner makes a cashback, a discount and a coupon, lists them with their spend, pauses one and copies a coupon link', async () => {
    const shop = await merchantWithStore(gateway.server);
    gateway.signIn(shop.token, '/app/promotions');

    // a ratio over 100 %: the server's refusal, under its field, with everything typed kept
    const cashback = form('cashback', { name: 'Dez por cento', ratio: '150', maxCashback: '50', budgetAmount: '10 000' });
    let snapshot = await answered(cashback);
    expect(snapshot.value).toEqual({ editing: 'refused' });
    expect(snapshot.context).toMatchObject({ errorCode: 'PRM10010', fields: { name: 'Dez por cento', ratio: '150', maxCashback: '50', budgetAmount: '10 000' } });
    fill(cashback, { ratio: '10' });
    snapshot = await answered(cashback);
    expect(snapshot.value).toBe('saved');
    cashback.stop();

    const discount = form('discount', { name: 'Sexta barata', mode: 'random', minAmount: '5', maxAmount: '50', statistics: 'personalBusinessCount', accumulationLimit: '3', activityLimit: '100' });
    expect((await answered(discount)).value).toBe('saved');
    discount.stop();

    // spend 20 get 30 off: the threshold must be above what it takes off (PRM10016, naming the threshold)
    const coupon = form('coupon', { name: 'Gaste 300', type: '2', amountOff: '30', threshold: '20', target: '3', stock: '10' });
    snapshot = await answered(coupon);
    expect(snapshot.context).toMatchObject({ errorCode: 'PRM10016', errorDetail: 'threshold', fields: { amountOff: '30', threshold: '20', stock: '10' } });
    fill(coupon, { threshold: '300' });
    snapshot = await answered(coupon);
    expect(snapshot.value).toBe('saved');
    const couponId = snapshot.context.savedId!;
    coupon.stop();

    const list = createActor(promotionsFlow).start();
    await waitFor(list, (s) => s.matches('list'), settled);
    expect(list.getSnapshot().context.promotions.map((p) => [p.kind, p.name, p.status, p.spend])).toEqual([
      ['coupon', 'Gaste 300', 'active', { amount: 0, count: 0, amountLeft: null, countLeft: 10 }],
      ['discount', 'Sexta barata', 'active', { amount: 0, count: 0, amountLeft: null, countLeft: 100 }],
      ['cashback', 'Dez por cento', 'active', { amount: 0, count: 0, amountLeft: 1_000_000, countLeft: null }],
    ]);
    const cashbackId = list.getSnapshot().context.promotions[2]!.id;
    list.send({ type: 'promotion.paused', kind: 'cashback', id: cashbackId });
    await waitFor(list, (s) => s.matches({ list: 'idle' }), settled);
    expect(list.getSnapshot().context.promotions[2]!.status).toBe('paused');

    // no share sheet here: the claim link at the one open store goes to the clipboard
    const writeText = vi.fn(async () => undefined);
    // jsdom's navigator has no share sheet; its clipboard is this one (the navigator itself stays: every call's envelope reads it)
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    list.send({ type: 'coupon.shared', id: couponId });
    await waitFor(list, (s) => s.matches({ list: 'sharing' }), settled);
    await waitFor(list.getSnapshot().children.linkShare as AnyActorRef, (s) => s.value === 'copied', settled);
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/app/coupons/claim/${shop.storeId}/${couponId}`);
    list.stop();
  }, 60_000);

  it('an operator makes a platform cashback for one member, sees it listed with its terms, and ends it', async () => {
    const operator = await operatorSession(gateway.server);
    window.history.replaceState({}, '', '/plateform/promotions/new');
    storage.setUserInfo({ token: operator });
    const { rows } = await gateway.server.db.query<{ id: string }>('SELECT id::text FROM members ORDER BY id LIMIT 1');
    const made = form('platformCashback', { name: 'Só um membro', type: 'random', minCashback: '1', maxCashback: '2,50', budgetCount: '10', memberId: rows[0]!.id });
    const snapshot = await answered(made);
    expect(snapshot.value).toBe('saved');
    made.stop();

    window.history.replaceState({}, '', '/plateform/promotions');
    const list = createActor(platformPromotionsFlow).start();
    await waitFor(list, (s) => s.matches('list'), settled);
    const policy = list.getSnapshot().context.promotions.find((p) => p.id === snapshot.context.savedId)!;
    expect(policy).toMatchObject({ name: 'Só um membro', status: 'active', type: 'random', minCashback: 100, maxCashback: 250, budgetCount: 10, memberId: rows[0]!.id, spend: { countLeft: 10 } });
    list.send({ type: 'promotion.ended', id: policy.id });
    // the status change child asks first: ending is final
    const change = list.getSnapshot().children.statusChange as AnyActorRef;
    expect(list.getSnapshot().value).toEqual({ list: 'changingStatus' });
    expect(change.getSnapshot().value).toBe('confirmingEnd');
    change.send({ type: 'end.confirmed' });
    await waitFor(list, (s) => s.matches({ list: 'idle' }), settled);
    expect(list.getSnapshot().context.promotions.find((p) => p.id === policy.id)!.status).toBe('ended');
    list.stop();
  }, 60_000);
});
