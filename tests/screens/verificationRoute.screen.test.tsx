import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createActor } from 'xstate';
import { createI18n } from '../../src/i18n.ts';
import { storage } from '../../src/lib/storage.ts';
import { VerifyFirst } from '../../src/ui/LoadFailed.tsx';
import { WalletAssetsView } from '../../screens/walletAssets/WalletAssetsView.tsx';
import { TransferView } from '../../screens/transfer/TransferView.tsx';
import { walletAssetsModel } from '../models/walletAssets.model.ts';
import { transferModel, sampleAssets } from '../models/transfer.model.ts';
import { doneEvent } from '../support/mbt.ts';
import { dictionary } from '../../locales/dictionary.ts';
const pt = dictionary('pt');
const en = dictionary('en');
const zh = dictionary('zh');
const fr = dictionary('fr');

/**
 * Issue 21 item 4: every "verify first" way out leads a person to the B.I. form and a company to
 * its enterprise verification (never the B.I. form, which would refuse it after the number).
 */
const i18n = createI18n('pt', { pt, en, zh, fr });
const show = (node: React.ReactNode) => render(<I18nextProvider i18n={i18n}>{node}</I18nextProvider>);
const signedInAs = (memberType: 'individual' | 'enterprise') => storage.setUserInfo({ h5Token: 'member-token', memberType });

describe('a refusal for not being verified (transfer, top-up, withdrawal, card binding, scan to pay, payment code)', () => {
  it('leads a person to the B.I. verification', () => {
    signedInAs('individual');
    show(<VerifyFirst label="Verificar identidade" />);
    expect(screen.getByRole('alert').textContent).toBe('Verifique a sua identidade para movimentar dinheiro.');
    expect(screen.getByRole('link', { name: 'Verificar identidade' }).getAttribute('href')).toBe('/app/personalcert');
  });

  it('leads a company to the enterprise verification, in a company’s words', () => {
    signedInAs('enterprise');
    show(<VerifyFirst label="Verificar identidade" />);
    expect(screen.getByRole('alert').textContent).toBe('Verifique a sua empresa para movimentar dinheiro.');
    expect(screen.getByRole('link', { name: 'Verificar a empresa' }).getAttribute('href')).toBe('/app/enterprisecert');
    expect(screen.queryByRole('link', { name: 'Verificar identidade' })).toBeNull();
  });

  it('on the transfer screen of an unverified company', () => {
    signedInAs('enterprise');
    const actor = createActor(transferModel.machine, { input: transferModel.variants[0]!.input as never }).start();
    actor.send(doneEvent('loadAssets', { ok: true, data: { ...sampleAssets, verified: false } }) as never);
    expect(actor.getSnapshot().matches('notVerified')).toBe(true);
    show(<TransferView state={actor.getSnapshot()} send={() => undefined} />);
    expect(screen.getByRole('link', { name: 'Verificar a empresa' }).getAttribute('href')).toBe('/app/enterprisecert');
  });
});

describe('the wallet of an unverified member', () => {
  const unverified = () => {
    const actor = createActor(walletAssetsModel.machine).start();
    actor.send(doneEvent('loadAssets', { ok: true, data: { ...sampleAssets, verified: false, accountLevel: 'I' } }) as never);
    return actor.getSnapshot();
  };
  it('a person verifies with the B.I.', () => {
    signedInAs('individual');
    show(<WalletAssetsView state={unverified()} send={() => undefined} />);
    expect(screen.getByRole('link', { name: 'Verificar identidade' }).getAttribute('href')).toBe('/app/personalcert');
  });
  it('a company with the enterprise verification', () => {
    signedInAs('enterprise');
    show(<WalletAssetsView state={unverified()} send={() => undefined} />);
    expect(screen.getByRole('link', { name: 'Verificar a empresa' }).getAttribute('href')).toBe('/app/enterprisecert');
  });
});
