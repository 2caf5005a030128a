import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createActor, createMachine } from 'xstate';
import SettingsScreen from '../../screens/settings/SettingsScreen.tsx';
import { createI18n } from '../../src/i18n.ts';
import { dictionary } from '../../locales/dictionary.ts';
const pt = dictionary('pt');
const en = dictionary('en');

const gateway = vi.hoisted(() => ({ requestGateway: vi.fn() }));
const session = vi.hoisted(() => ({ actor: null as unknown }));
vi.mock('../../services/gateway.ts', () => gateway);
vi.mock('../../src/session/SessionProvider.tsx', () => ({ useSessionActor: () => session.actor }));

type Profile = { memberId: string; memberType: 'individual' | 'enterprise'; displayName: string | null; mobile: string | null; email: string | null; language: string };
const settingsOf = (profile: Profile, verificationStatus = 'unverified') => ({
  ok: true,
  data: { profile, payPasswordSet: false, payLockedMinutes: null, verificationStatus, accountLevel: verificationStatus === 'verified' ? 'III' : 'I' },
});

function open(answer: unknown, language: 'pt' | 'en' = 'pt') {
  gateway.requestGateway.mockResolvedValue(answer);
  session.actor = createActor(createMachine({ id: 'session', initial: 'signedIn', states: { signedIn: {}, loggingOut: {} } })).start();
  return render(
    <I18nextProvider i18n={createI18n(language, { pt, en })}>
      <SettingsScreen />
    </I18nextProvider>,
  );
}
/** The account list's rows as label → value. */
const rows = () =>
  Object.fromEntries(
    [...screen.getByRole('region', { name: /Conta|Account/ }).querySelectorAll('.adm-list-item')].map((item) => [
      item.querySelector('.adm-list-item-content-main')?.textContent ?? '',
      item.querySelector('.adm-list-item-content-extra')?.textContent ?? '',
    ]),
  );

afterEach(() => vi.clearAllMocks());

/** Issue 21 item 11: each field for what it is; a name only when the member gave one. */
describe('settings: the account', () => {
  it('an unverified person: the number labelled as the number, no "Nome"', async () => {
    open(settingsOf({ memberId: '7', memberType: 'individual', displayName: null, mobile: '+244923111222', email: null, language: 'pt' }));
    expect(await screen.findByText('+244 923 111 222')).toBeTruthy();
    expect(rows()).toMatchObject({ 'Número de telemóvel': '+244 923 111 222', 'Verificação de identidade': 'Identidade não verificada.' });
    expect(screen.queryByText('Nome')).toBeNull();
  });

  it('a verified person: the verified name as the name', async () => {
    open(settingsOf({ memberId: '7', memberType: 'individual', displayName: 'Ana Maria Demo', mobile: '+244923000001', email: null, language: 'pt' }, 'verified'));
    expect(await screen.findByText('Ana Maria Demo')).toBeTruthy();
    expect(rows()).toMatchObject({ Nome: 'Ana Maria Demo', 'Número de telemóvel': '+244 923 000 001' });
  });

  it('a company: its trade name as the business name, its e-mail as the e-mail (not "geral" as a name)', async () => {
    open(settingsOf({ memberId: '9', memberType: 'enterprise', displayName: 'Kianda Mercado', mobile: null, email: 'geral@kianda-comercio.ao', language: 'pt' }, 'pending'));
    expect(await screen.findByText('Kianda Mercado')).toBeTruthy();
    expect(rows()).toMatchObject({ 'Nome da empresa': 'Kianda Mercado', 'E-mail da empresa': 'geral@kianda-comercio.ao' });
    expect(screen.queryByText('geral')).toBeNull();
  });

  it('a company that has given no name yet: no name row; in English the same', async () => {
    open(settingsOf({ memberId: '9', memberType: 'enterprise', displayName: null, mobile: null, email: 'geral@kianda-comercio.ao', language: 'en' }), 'en');
    expect(await screen.findByText('geral@kianda-comercio.ao')).toBeTruthy();
    expect(rows()).toMatchObject({ 'Company e-mail': 'geral@kianda-comercio.ao' });
    expect(screen.queryByText('Business name')).toBeNull();
    expect(screen.queryByText('Name')).toBeNull();
  });
});
