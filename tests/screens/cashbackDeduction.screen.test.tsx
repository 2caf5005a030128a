/**
 * Paying with cashback on the screens (README "Promotions", "Paying with cashback"): the member's quote
 * says "Paid with cashback: − X" (not a discount off the price), the receipt what came from the balance
 * and what from the cashback, the merchant's form offers the type with its own words and the list
 * names it with its terms and spend. In pt, en, zh and fr (partial: its own words for the quote).
 */
import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { useSelector } from '@xstate/react';
import { createActor, type ActorRefFrom } from 'xstate';
import { QuoteSummary } from '../../screens/common/QuoteSummary.tsx';
import { Receipt } from '../../screens/common/Receipt.tsx';
import { PromotionFormView } from '../../screens/common/PromotionFormView.tsx';
import { spendText, termsText } from '../../screens/common/promotionSpend.ts';
import { promotionFormModel } from '../models/promotionForm.model.ts';
import type { promotionFormMachine } from '../../machines/promotionForm.machine.ts';
import { requestOf } from '../../machines/promotionFields.ts';
import { createI18n } from '../../src/i18n.ts';
import { dictionary } from '../../locales/dictionary.ts';

const dictionaries = { pt: dictionary('pt'), en: dictionary('en'), zh: dictionary('zh'), fr: dictionary('fr') };
const i18nOf = (language: 'pt' | 'en' | 'zh' | 'fr') => createI18n(language, dictionaries);

const QUOTE = {
  amount: 20_000,
  payable: 16_000,
  cashback: 1_600,
  adjustments: [
    { extension: 'cashbackDeduction', kind: 'cashbackDeduction' as const, amount: 4_000, reference: 'cashbackDeduction:7', name: 'Pague com cashback' },
    { extension: 'cashback', kind: 'cashback' as const, amount: 1_600, reference: 'cashback:3', name: 'Dez por cento' },
  ],
};

describe('paying with cashback on the screens', () => {
  it.each([
    ['pt', 'Pago com cashback', '− 40,00 Kz'],
    ['en', 'Paid with cashback', '− Kz 40.00'],
    ['zh', '返现抵扣', '− Kz 40.00'],
    ['fr', 'Payé avec le cashback', '− 40,00 Kz'],
  ] as const)('the quote in %s says what the cashback pays, apart from the price and what the balance pays', (language, label, amount) => {
    const ui = render(<I18nextProvider i18n={i18nOf(language)}><QuoteSummary quote={QUOTE} /></I18nextProvider>);
    const row = ui.getByText(label).closest('.kw-summary-row, div, li, tr')!;
    expect(row.textContent!.replace(/\s+/g, ' ')).toContain(amount.replace(/\s+/g, ' '));
    // the policy's name is not shown as a discount off the price
    expect(ui.queryByText(/Desconto|Discount/)).toBeNull();
    ui.unmount();
  });

  it('the receipt says what came from the balance and what from the cashback', () => {
    const receipt = { paymentId: '6', voucherNo: 'MP00000000000006', merchantName: 'Comercial Kianda', storeName: 'Loja Central', amount: 20_000, paid: 16_000, cashback: 1_600, cashbackPaid: 4_000, available: 50_000, at: '2026-11-26T10:00:00.000Z' };
    const ui = render(<I18nextProvider i18n={i18nOf('pt')}><Receipt receipt={receipt} /></I18nextProvider>);
    const text = ui.container.textContent!.replace(/\s+/g, ' ');
    expect(text).toMatch(/Do seu saldo ?160,00 Kz/);
    expect(text).toMatch(/Pago com cashback ?40,00 Kz/);
    expect(text).toMatch(/Preço ?200,00 Kz/);
    ui.unmount();
    // no cashback paid: no such lines
    const plain = render(<I18nextProvider i18n={i18nOf('pt')}><Receipt receipt={{ ...receipt, paid: 20_000, cashbackPaid: 0 }} /></I18nextProvider>);
    expect(plain.queryByText('Pago com cashback')).toBeNull();
    plain.unmount();
  });

  function Harness({ actor }: { actor: ActorRefFrom<typeof promotionFormMachine> }) {
    const state = useSelector(actor, (s) => s);
    return <PromotionFormView state={state} send={(e) => actor.send(e)} listHref="/app/promotions" />;
  }

  it('the merchant’s discount form offers paying with cashback: a ratio of the price, its own words, no way of computing to choose', () => {
    const actor = createActor(promotionFormModel.machine, { input: { kind: 'discount', language: 'pt' } }).start();
    render(<I18nextProvider i18n={i18nOf('pt')}><Harness actor={actor} /></I18nextProvider>);
    expect(screen.getByLabelText('Como se calcula')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Tipo'), { target: { value: 'cashbackDeduction' } });
    expect(screen.queryByLabelText('Como se calcula')).toBeNull();
    expect(screen.getByText(/Recebe o preço inteiro/)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Nome'), { target: { value: 'Com cashback' } });
    fireEvent.change(screen.getByLabelText('Percentagem do preço (%)'), { target: { value: '20' } });
    fireEvent.change(screen.getByLabelText('Mínimo pago com cashback (quem tiver menos não o usa)'), { target: { value: '10' } });
    fireEvent.change(screen.getByLabelText('Máximo pago com cashback'), { target: { value: '50' } });
    expect(requestOf('discount', actor.getSnapshot().context.fields, 'pt')).toEqual({ name: 'Com cashback', type: 'cashbackDeduction', ratioBp: 2000, minAmount: 1_000, maxAmount: 5_000, statistics: 'none' });
    fireEvent.click(screen.getByRole('button', { name: 'Criar desconto' }));
    expect(actor.getSnapshot().matches('saving')).toBe(true);
    actor.stop();
  });

  it('the merchant’s list names it with its terms and what customers paid with cashback', async () => {
    const i18n = i18nOf('en');
    const t = i18n.t.bind(i18n);
    expect(termsText(t, 'en', 'discount', { type: 'cashbackDeduction', ratioBp: 2_000, min: 1_000, max: 5_000, from: 2_000, amountOff: null }))
      .toBe('20% of the price, between Kz 10.00 and Kz 50.00, from Kz 20.00');
    expect(spendText(t, 'en', 'cashbackDeduction', { amount: 2_000, count: 1, amountLeft: null, countLeft: null })[0]).toBe('Kz 20.00 paid with cashback (payments: 1)');
  });
});
