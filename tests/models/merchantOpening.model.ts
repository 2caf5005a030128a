import { merchantOpeningMachine, type MerchantOpeningEvent } from '../../machines/merchantOpening.machine.ts';
import type { MerchantSummary, Store } from '../../services/contract/merchantShared.ts';
import { boundCardsMachine } from '../../machines/boundCards.machine.ts';
import { UNREACHABLE } from '../../machines/outcome.ts';
import { doneEvent, errorEvent, parkInvokes, type FlowModel } from '../support/mbt.ts';
import { sampleCard } from './withdrawal.model.ts';

const refusal = (code: string, detail = '') => ({ ok: false, code, message: code, detail });

/** "Loja Demo" as a merchant: grocery (5411), 0.5 % capped at 1 000 Kz. */
export const sampleMerchant: MerchantSummary = {
  merchantId: '12', name: 'Loja Demo', mcc: '5411', parentId: null, province: 'luanda', city: 'Ingombota', nif: '5417000001',
  chargeRateBp: 50, chargeCap: 100_000, status: 'active',
};
export const sampleSubMerchant: MerchantSummary = { ...sampleMerchant, merchantId: '13', name: 'Loja Demo Talatona', parentId: '12', city: 'Talatona', nif: null };
export const sampleStore: Store = {
  storeId: '31', merchantId: '12', name: 'Loja Central', address: 'Rua Rainha Ginga 12, Ingombota, Luanda', description: 'Mercearia e bebidas',
  businessDays: [1, 2, 3, 4, 5], opensAt: '08:00', closesAt: '20:00', photoFileId: null, status: 'open', updatedAt: '2026-03-14T09:00:00.000Z',
};
export const CATEGORIES = ['5411', '5812'];
const standing = (state: string, merchant: MerchantSummary | null = null) => ({ ok: true, data: { state, companyName: state === 'canOpen' || state === 'open' ? 'Loja Demo' : null, merchant, chargeTerms: { rateBp: 50, cap: 500_000 } } });
const otherCard = { ...sampleCard, cardId: '8', maskedCardNo: '6004 00** **** 0022', last4: '0022' };

export const merchantOpeningUserEvents = {
  'opening.retry': { type: 'opening.retry' },
  'cards.retry': { type: 'cards.retry' },
  'agreement.toggled': { type: 'agreement.toggled', accepted: true },
  'category.chosen': { type: 'category.chosen', mcc: '5411' },
  'card.chosen': { type: 'card.chosen', cardId: '8' },
  'opening.submitted': { type: 'opening.submitted' },
} satisfies Record<MerchantOpeningEvent['type'], MerchantOpeningEvent>;

export const merchantOpeningModel: FlowModel<typeof merchantOpeningMachine> = {
  // the cards child runs as in its own model (its call parked); its ends are fed
  machine: parkInvokes(merchantOpeningMachine, ['queryOpening', 'openMerchant']).provide({
    actors: { boundCards: parkInvokes(boundCardsMachine, ['loadCards']) },
  } as never) as typeof merchantOpeningMachine,
  variants: [{ name: 'an enterprise', input: { categories: CATEGORIES } }],
  events: [
    ...Object.values(merchantOpeningUserEvents),
    { type: 'agreement.toggled', accepted: false } as MerchantOpeningEvent,
    doneEvent('queryOpening', standing('individual')),
    doneEvent('queryOpening', standing('notVerified')),
    doneEvent('queryOpening', standing('pendingVerification')),
    doneEvent('queryOpening', standing('canOpen')),
    doneEvent('queryOpening', standing('open', sampleMerchant)),
    doneEvent('queryOpening', refusal('AGW50000')),
    errorEvent('queryOpening', new Error('network down')),
    doneEvent('queryOpening', standing('closed')),
    doneEvent('boundCards', { ok: true, data: { cards: [sampleCard, otherCard] } }),
    doneEvent('boundCards', { ok: true, data: { cards: [sampleCard] } }),
    // never sent by this child (it hands over no refusal, asks again until it has cards); its answer protocol allows them
    doneEvent('boundCards', refusal('AGW50000')),
    doneEvent('boundCards', UNREACHABLE),
    errorEvent('boundCards', new Error('child failed')),
    doneEvent('openMerchant', { ok: true, data: { merchant: sampleMerchant } }),
    doneEvent('openMerchant', refusal('MCH10002')),
    doneEvent('openMerchant', refusal('MCH10001')),
    doneEvent('openMerchant', refusal('FND10004')),
    doneEvent('openMerchant', refusal('CRD10008')),
    errorEvent('openMerchant', new Error('network down')),
  ],
  serializeState: (snapshot) => {
    const c = snapshot.context;
    return JSON.stringify([snapshot.value, c.agreed, c.mcc, c.cardId, c.cards.length, c.cardsInterrupted, c.problems, c.merchant !== null]);
  },
};
