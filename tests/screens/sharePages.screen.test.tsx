import { describe, expect, it } from 'vitest';
import { fireEvent } from '@testing-library/react';
import type { openInAppMachine } from '../../machines/openInApp.machine.ts';
import type { linkShareMachine } from '../../machines/linkShare.machine.ts';
import { OpenInAppView } from '../../screens/common/OpenInApp.tsx';
import { ShareLinkView } from '../../screens/common/ShareLinkButton.tsx';
import { openInAppModel } from '../models/openInApp.model.ts';
import { linkShareModel } from '../models/linkShare.model.ts';
import { transitionCoveringPaths } from '../support/mbt.ts';
import { runScreenPath, type ScreenBinding, type ScreenQueries } from '../support/screen-mbt.tsx';

const button = (ui: ScreenQueries, name: string | RegExp) => ui.getByRole('button', { name });
const links = (ui: ScreenQueries) => ui.queryAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')]);

/** A package's share page for a visitor not signed in: the app, its download, and the web app through sign-up. */
const openInApp: ScreenBinding<typeof openInAppMachine> = {
  view: (state, send) => <OpenInAppView state={state} send={send} next={{ path: '/app/grouppackages/buy/7', label: 'Comprar o pacote' }} signedIn={false} />,
  userEvents: { 'app.open': (ui) => void fireEvent.click(ui.getByRole('link', { name: /Abrir na aplicação|A abrir a aplicação/ })) },
  states: (ui, state) => {
    // the web app is always there: the package's purchase through sign-up, or log-in, and back
    expect(links(ui)).toEqual(expect.arrayContaining([
      ['Comprar o pacote', '/app/register?returnTo=%2Fapp%2Fgrouppackages%2Fbuy%2F7'],
      ['Já tenho conta: entrar', '/app/login?returnTo=%2Fapp%2Fgrouppackages%2Fbuy%2F7'],
      ['Descarregar a aplicação', '/app/download'],
    ]));
    const tip = ui.queryByRole('note');
    const failed = ui.queryByRole('alert');
    switch (JSON.stringify(state.value)) {
      case '"idle"':
      case '"opened"':
        expect(tip).toBeNull();
        expect(failed).toBeNull();
        expect(ui.getByRole('link', { name: 'Abrir na aplicação' }).hasAttribute('aria-disabled')).toBe(false);
        expect(ui.getByRole('link', { name: 'Abrir na aplicação' }).getAttribute('href')).toMatch(/^kwanzawallet:\/\/open\?path=/);
        break;
      case '"inAppBrowser"':
        expect(tip?.textContent).toMatch(/Está dentro de outra aplicação .* «Abrir no navegador»/);
        break;
      case '"opening"':
        expect(ui.getByRole('link', { name: 'A abrir a aplicação…' }).getAttribute('aria-disabled')).toBe('true');
        break;
      case '"failed"':
        expect(failed?.textContent).toBe('Não foi possível abrir a aplicação');
        // the download comes forward
        expect(ui.getByRole('link', { name: 'Descarregar a aplicação' }).className).toContain('kw-button-primary');
        break;
      default:
        throw new Error(`no UI assertion for ${JSON.stringify(state.value)}`);
    }
  },
};

const linkShare: ScreenBinding<typeof linkShareMachine> = {
  view: (state, send) => <ShareLinkView state={state} send={send} label="Partilhar a loja" />,
  userEvents: { 'link.share': (ui) => void fireEvent.click(button(ui, 'Partilhar a loja')) },
  states: {
    '"idle"': (ui) => expect(ui.queryByRole('status')).toBeNull(),
    '"sharing"': (ui) => expect(button(ui, 'Partilhar a loja').hasAttribute('disabled')).toBe(true),
    '"shared"': (ui) => expect(ui.getByRole('status').textContent).toBe('Link partilhado.'),
    '"copied"': (ui, state) => expect(ui.getByRole('status').textContent).toBe(`Link copiado: ${state.context.url}`),
    '"unavailable"': (ui, state) => expect((ui.getByLabelText('Link para copiar') as HTMLInputElement).value).toBe(state.context.url),
  },
};

describe('open in the app, on a share page', () => {
  const paths = transitionCoveringPaths(openInAppModel);
  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_d, path) => {
    await runScreenPath(openInAppModel, path, openInApp);
  });
});

describe('sharing a link', () => {
  // a list's line shared at once is drawn in the list's own words too (tests/screens/promotions, groupPackages)
  const paths = transitionCoveringPaths(linkShareModel);
  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_d, path) => {
    await runScreenPath(linkShareModel, path, linkShare);
  });
});
