import { describe, expect, it } from 'vitest';
import { fireEvent } from '@testing-library/react';
import i18next from 'i18next';
import type { receiptMachine } from '../../machines/receipt.machine.ts';
import { ReceiptView, receiptCard, receiptKeyOf } from '../../screens/receipt/ReceiptView.tsx';
import { createI18n } from '../../src/i18n.ts';
import { dictionary } from '../../locales/dictionary.ts';
import { receiptModel, sampleReceipt } from '../models/receipt.model.ts';
import { transitionCoveringPaths } from '../support/mbt.ts';
import { runScreenPath, type ScreenBinding, type ScreenQueries } from '../support/screen-mbt.tsx';

const button = (ui: ScreenQueries, name: string | RegExp) => ui.getByRole('button', { name });
const rows = (ui: ScreenQueries) => ui.getAllByRole('term').map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]);

/** The receipt of a transfer Ana sent, in pt: both sides masked, the amount, no charge, the note, the time. */
const shownReceipt = (ui: ScreenQueries) => {
  expect(ui.getByText('Comprovativo de transferência')).toBeTruthy();
  expect(rows(ui)).toEqual([
    ['N.º do comprovativo', 'TF00000000000041'],
    ['De', 'Ana M*** D*** · 9** *** 001'],
    ['Para', 'Bruno M*** D*** · 9** *** 002'],
    ['Valor', expect.stringMatching(/^1\s250,00\sKz$/)],
    ['Taxa', expect.stringMatching(/^0,00\sKz$/)],
    ['Nota', 'Renda de março'],
    ['Data e hora', expect.stringMatching(/2026/)],
  ]);
};
const status = (ui: ScreenQueries) => ui.queryByRole('status')?.textContent ?? null;

const binding: ScreenBinding<typeof receiptMachine> = {
  view: (state, send) => <ReceiptView state={state} send={send} />,
  userEvents: {
    'receipt.retry': (ui) => void fireEvent.click(button(ui, 'Tentar novamente')),
    'receipt.share': (ui) => void fireEvent.click(button(ui, 'Partilhar comprovativo')),
  },
  states: {
    '"loading"': (ui) => expect(status(ui)).toMatch(/A carregar o comprovativo/),
    '"notFound"': (ui) => expect(ui.getByText('Este comprovativo não existe.')).toBeTruthy(),
    '"loadFailed"': (ui) => expect(button(ui, 'Tentar novamente')).toBeTruthy(),
    '{"shown":"idle"}': (ui) => {
      shownReceipt(ui);
      expect(status(ui)).toBeNull();
    },
    '{"shown":"sharing"}': (ui) => {
      expect(button(ui, 'Partilhar comprovativo').hasAttribute('disabled')).toBe(true);
      expect(status(ui)).toBe('A preparar o comprovativo…');
    },
    '{"shown":"shared"}': (ui) => expect(status(ui)).toBe('Comprovativo partilhado.'),
    '{"shown":"downloaded"}': (ui) => expect(status(ui)).toBe('Imagem do comprovativo guardada.'),
    '{"shown":"copied"}': (ui) => expect(status(ui)).toBe('Resumo do comprovativo copiado.'),
    '{"shown":"shareUnavailable"}': (ui, state) => {
      shownReceipt(ui);
      // the summary of what the person asked to share, to copy by hand
      const summary = (ui.getByLabelText('Não foi possível partilhar. Copie o resumo:') as HTMLTextAreaElement).value;
      expect(summary.split('\n').slice(0, 2)).toEqual([state.context.card!.title, state.context.card!.amount]);
    },
  },
};

describe('the receipt', () => {
  const paths = transitionCoveringPaths(receiptModel);
  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_d, path) => {
    await runScreenPath(receiptModel, path, binding);
  });
});

describe('what the receipt says, by kind and language', () => {
  const t = (language: 'pt' | 'en' | 'fr' | 'zh') => {
    const i18n = createI18n(language, { pt: dictionary('pt'), en: dictionary('en'), zh: dictionary('zh'), fr: dictionary('fr') });
    return i18n.getFixedT(language) as typeof i18next.t;
  };

  it('a withdrawal at the bank: the card, the amount and charge apart, their total, the state', () => {
    const card = receiptCard({
      ...sampleReceipt, kind: 'withdrawal', amount: 200_000, charge: 5_000, state: 'PENDING', note: null,
      to: { type: 'card', name: 'BAI', detail: '6004 00** **** 0011' },
    }, t('en'), 'en');
    expect(card.title).toBe('Withdrawal receipt');
    expect(card.rows.map(([label]) => label)).toEqual(['Receipt no.', 'From', 'To', 'Amount', 'Charge', 'Total', 'Status', 'Date and time']);
    expect(card.rows[2]![1]).toBe('BAI · 6004 00** **** 0011');
    expect(card.rows[6]![1]).toBe('Waiting for the bank');
    expect(card.fileName).toBe('receipt-TF00000000000041.png');
  });

  it('a refund: the merchant by its trade name and store, the payment refunded; in zh and fr', () => {
    const refund = { ...sampleReceipt, kind: 'refund' as const, direction: 'income' as const, note: null, refundOf: 'MP00000000000007', from: { type: 'merchant' as const, name: 'Cantina da Ana', detail: 'Loja Central' } };
    const zh = receiptCard(refund, t('zh'), 'zh');
    expect(zh.title).toBe('退款回单');
    expect(zh.rows).toContainEqual(['付款方', 'Cantina da Ana · Loja Central']);
    expect(zh.rows).toContainEqual(['原付款凭证', 'MP00000000000007']);
    expect(receiptCard(refund, t('fr'), 'fr').title).toBe('Reçu de remboursement');
  });
});

describe('the receipt a route names', () => {
  it('a fund line by its id, or the movement a done screen made (an all-digit search value read as a number made a string again)', () => {
    expect(receiptKeyOf({ id: '41' })).toEqual({ id: '41' });
    expect(receiptKeyOf({ transferId: 42 })).toEqual({ transferId: '42' });
    expect(receiptKeyOf({ orderNo: 'TP202603140001' })).toEqual({ orderNo: 'TP202603140001' });
    expect(receiptKeyOf({ withdrawNo: 'WD202603140001' })).toEqual({ withdrawNo: 'WD202603140001' });
    expect(receiptKeyOf({ voucherNo: 'MP20260314000031' })).toEqual({ voucherNo: 'MP20260314000031' });
  });
});
