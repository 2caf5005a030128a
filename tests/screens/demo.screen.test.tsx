/** The guided demo (`/demo`, issue 25): the demo accounts, the test data and the walk into the real screens. */
import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createI18n } from '../../src/i18n.ts';
import { DemoGuideView } from '../../screens/demo/DemoGuideView.tsx';
import type { DemoGuide } from '../../services/contract/demo.ts';
import { ROUTES } from '../../services/routeTable.ts';
import { assertNoRawKeys } from '../support/screen-mbt.tsx';
import { dictionary } from '../../locales/dictionary.ts';

const guide: DemoGuide = {
  accounts: [
    { kind: 'member', name: 'Ana Demo', login: '923000001', password: 'Kwanza2026' },
    { kind: 'member', name: 'Bruno Demo', login: '943000002', password: 'Kwanza2026' },
    { kind: 'merchant', name: 'Loja Demo, Lda', login: 'loja@demo.ao', password: 'Kwanza2026' },
    { kind: 'operator', name: 'Operadora Demo', login: 'operador', password: 'Operador2026' },
  ],
  identities: [{ nif: '004562891LA042', fullName: 'Ana Maria Demo' }],
  cards: [{ cardNo: '6004000000000017', holder: 'Ana Maria Demo', mobile: '923000001', note: 'BAI debit' }],
  outboxUrl: '/dev/outbox',
};

const show = (language: 'pt' | 'en' | 'fr' | 'zh') => {
  const i18n = createI18n(language, { pt: dictionary('pt'), en: dictionary('en'), fr: dictionary('fr'), zh: dictionary('zh') });
  return render(<I18nextProvider i18n={i18n}><DemoGuideView guide={guide} /></I18nextProvider>);
};

describe('the guided demo', () => {
  it('lists the demo accounts with their passwords and the test data', () => {
    show('pt');
    const rows = within(screen.getByRole('table')).getAllByRole('row').slice(1).map((row) => row.textContent);
    expect(rows).toEqual([
      'Ana DemoParticular923000001Kwanza2026',
      'Bruno DemoParticular943000002Kwanza2026',
      'Loja Demo, LdaEmpresa (comerciante)loja@demo.aoKwanza2026',
      'Operadora DemoOperador da plataformaoperadorOperador2026',
    ]);
    expect(screen.getByText('004562891LA042')).toBeTruthy();
    expect(screen.getByText('6004000000000017')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Abrir a caixa de saída' }).getAttribute('href')).toBe('/dev/outbox');
  });

  it('walks through the flows with the accounts’ own data, each step opening a screen the app has', () => {
    const { container } = show('pt');
    expect(screen.getByText('Entre como particular com 923000001 e a palavra-passe da tabela.')).toBeTruthy();
    expect(screen.getByText('Verifique a identidade com o B.I. 004562891LA042 e defina a palavra-passe de pagamento de 6 dígitos.')).toBeTruthy();
    expect(screen.getByText(/Envie dinheiro ao outro particular, 943000002\./)).toBeTruthy();
    expect(screen.getByText(/entre como empresa com loja@demo\.ao/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Carregar carteira' }).getAttribute('href')).toBe('/app/topup');
    const patterns = ROUTES.map((route) => new RegExp(`^${route.path.replace(/\$\w+/g, '[^/]+')}$`));
    const links = [...container.querySelectorAll('.kw-demo-steps a')].map((a) => a.getAttribute('href')!);
    expect(links.length).toBeGreaterThan(15);
    expect(links.filter((href) => !patterns.some((pattern) => pattern.test(href)))).toEqual([]);
    assertNoRawKeys(container);
  });

  it.each(['en', 'fr', 'zh'] as const)('reads in %s', (language) => {
    const { container } = show(language);
    assertNoRawKeys(container);
    expect(container.textContent).toContain(dictionary(language).demo.steps.heading);
  });
});
