/** The download page's versions (issue 13): the newest version of each native app, from appVersionAction/getLatestAppVersion. */
import { describe, expect, it } from 'vitest';
import { render as renderBare, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import type { ReactElement } from 'react';
import { createI18n } from '../../src/i18n.ts';
import { documentMachine } from '../../machines/document.machine.ts';
import { LatestVersion, StoreButton } from '../../screens/document/DownloadScreen.tsx';
import { dictionary } from '../../locales/dictionary.ts';
const pt = dictionary('pt');

const android = {
  platform: 'android', version: '2.4.0', minSupported: '2.0.0', downloadUrl: 'https://play.google.com/store/apps/details?id=ao.kwanza.wallet',
  releaseNotes: 'Pagamentos por código, transferências mais rápidas e correções.', releasedAt: '2026-10-01T09:00:00.000Z', update: 'none',
};
const i18n = createI18n('pt', { pt });
const render = (ui: ReactElement) => {
  const result = renderBare(<I18nextProvider i18n={i18n}>{ui}</I18nextProvider>);
  return { ...result, rerender: (next: ReactElement) => result.rerender(<I18nextProvider i18n={i18n}>{next}</I18nextProvider>) };
};
const at = (value: 'loading' | 'ready' | 'failed', document: unknown = null) =>
  documentMachine.resolveState({ value, context: { key: 'android', language: 'pt', document, errorCode: null } });

describe('the download page’s versions', () => {
  it('puts each store button first, with its version and date, the link carrying a tracking key', () => {
    render(<StoreButton state={at('ready', android)} />);
    const link = screen.getByRole('link', { name: 'Descarregar para Android' });
    expect(link.getAttribute('href')).toBe(android.downloadUrl);
    expect(link.getAttribute('data-track')).toBe('download.android');
    expect(screen.getByText(/Versão 2\.4\.0 · 1 out 2026/)).toBeTruthy();
  });

  it('keeps the button’s box while the version loads and when it cannot be had: nothing moves when it arrives', () => {
    const { container, rerender } = render(<StoreButton state={at('loading')} />);
    const boxes = () => [...container.querySelectorAll('.kw-download-get > *')].map((node) => node.className);
    const loading = boxes();
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.getByText('Descarregar para Android').getAttribute('aria-disabled')).toBe('true');
    rerender(<StoreButton state={at('ready', android)} />);
    expect(boxes().map((name) => name.replace(' kw-button-primary', '').replace(' kw-link-button', '').replace(' kw-button-pending', ''))).toEqual(loading.map((name) => name.replace(' kw-button-pending', '')));
    rerender(<StoreButton state={at('failed')} />);
    expect(screen.getByText(/As versões da aplicação não estão disponíveis agora/)).toBeTruthy();
  });

  it('tells what the newest version brings, below the guide; nothing while it loads', () => {
    const { container, rerender } = render(<LatestVersion state={at('ready', android)} />);
    expect(screen.getByRole('heading', { name: 'Android' })).toBeTruthy();
    expect(screen.getByText(/transferências mais rápidas/)).toBeTruthy();
    expect(screen.queryByRole('link')).toBeNull();
    rerender(<LatestVersion state={at('loading')} />);
    expect(container.textContent).toBe('');
    rerender(<LatestVersion state={at('failed')} />);
    expect(screen.getByText(/Android: As versões da aplicação não estão disponíveis agora/)).toBeTruthy();
  });
});
