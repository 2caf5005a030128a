/**
 * fr is partial and falls back to pt: a whole sentence at a time, never in part (issue 21). A text
 * missing in fr is written wholly in pt, its dates too; a fr text whose word part fr lacks goes to
 * pt whole; en and zh (complete) are untouched.
 */
import { describe, expect, it } from 'vitest';
import 'dayjs/locale/fr';
import { createI18n } from '../../src/i18n.ts';
import { dayInSentence, timeInSentence } from '../../src/lib/dates.ts';
import { word } from '../../src/lib/sentence.ts';

const dictionaries = {
  pt: {
    status: { submittedAt: 'Enviado em {{date}}', closed: 'Pedido {{status}}.', approved: 'aprovado', rejected: 'recusado' },
    updated: 'Atualizado em {{date}}',
    items_one: '{{count}} pedido',
    items_other: '{{count}} pedidos',
  },
  fr: {
    status: { closed: 'Demande {{status}}.', approved: 'approuvée' },
    updated: 'Mis à jour le {{date}}',
  },
  en: {
    status: { submittedAt: 'Sent on {{date}}', closed: 'Request {{status}}.', approved: 'approved', rejected: 'rejected' },
    updated: 'Updated on {{date}}',
    items_one: '{{count}} request',
    items_other: '{{count}} requests',
  },
};

describe('a sentence falls back whole', () => {
  const fr = createI18n('fr', dictionaries);

  it('a text fr lacks is pt, its date written in pt (not “3 août” in a Portuguese sentence)', () => {
    expect(fr.t('status.submittedAt', { date: timeInSentence('2026-08-03T14:05:00') })).toBe('Enviado em 3 ago 2026, 14:05');
  });

  it('a text fr has is fr, its date in fr', () => {
    expect(fr.t('updated', { date: dayInSentence('2026-08-03') })).toBe('Mis à jour le 3 août 2026');
  });

  it('a word fr has goes into the fr sentence; a word fr lacks sends the whole sentence to pt', () => {
    expect(fr.t('status.closed', { status: word('status.approved') })).toBe('Demande approuvée.');
    expect(fr.t('status.closed', { status: word('status.rejected') })).toBe('Pedido recusado.');
  });

  it('through react-i18next (a fixed t) alike, and plurals and plain texts as before', () => {
    const t = fr.getFixedT('fr');
    expect(t('status.submittedAt', { date: dayInSentence('2026-11-26') })).toBe('Enviado em 26 nov 2026');
    expect(t('items', { count: 2 })).toBe('2 pedidos');
    expect(t('updated', { date: 'x' })).toBe('Mis à jour le x');
    expect(t('nowhere.key')).toBe('nowhere.key');
  });

  it('leaves complete languages alone', () => {
    const en = createI18n('en', dictionaries);
    expect(en.t('status.closed', { status: word('status.rejected') })).toBe('Request rejected.');
    expect(en.t('items', { count: 1 })).toBe('1 request');
    expect(en.t('status.submittedAt', { date: dayInSentence('2026-11-26') })).toBe('Sent on 26 Nov 2026');
  });
});
