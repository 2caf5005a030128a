import { StrictMode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, waitFor, type screen as Screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { OperatorSignInView } from '../../screens/operatorSignIn/OperatorSignInView.tsx';
import OperatorSignInScreen from '../../screens/operatorSignIn/OperatorSignInScreen.tsx';
import { forgetOperatorToken, singleSignOnUrl } from '../../src/lib/operatorSession.ts';
import type { operatorSignInMachine, OperatorSignInEvent } from '../../machines/operatorSignIn.machine.ts';
import { PLATFORM_HOME } from '../../services/contract/platformReturnTo.ts';
import { storage } from '../../src/lib/storage.ts';
import { createI18n } from '../../src/i18n.ts';
import { HANDOFF, operatorSignInModel, redemption } from '../models/operatorSignIn.model.ts';
import { transitionCoveringPaths } from '../support/mbt.ts';
import { runScreenPath, type ScreenBinding, type UserEvents } from '../support/screen-mbt.tsx';
import { dictionary } from '../../locales/dictionary.ts';
const pt = dictionary('pt');

const router = vi.hoisted(() => ({ navigate: vi.fn(async () => {}) }));
const session = vi.hoisted(() => ({ send: vi.fn() }));
const gateway = vi.hoisted(() => ({ requestGateway: vi.fn() }));
vi.mock('@tanstack/react-router', () => ({ useRouter: () => router }));
vi.mock('../../src/session/SessionProvider.tsx', () => ({ useSessionActor: () => session }));
vi.mock('../../services/gateway.ts', () => gateway);

type Ui = typeof Screen;
const SIGN_IN = 'Entrar com início de sessão único';
const alerts = (ui: Ui) => ui.queryAllByRole('alert').map((a) => a.textContent).join(' ');

const userEvents: UserEvents<OperatorSignInEvent> = {
  'signIn.requested': (ui) => void fireEvent.click(ui.getByRole('button', { name: SIGN_IN })),
  'signIn.retry': (ui) => void fireEvent.click(ui.getByRole('button', { name: 'Tentar novamente' })),
};

const signInPage = (ui: Ui) => {
  expect(ui.getByRole('heading', { level: 1, name: 'Área de operadores' })).toBeTruthy();
  expect((ui.getByRole('button', { name: SIGN_IN }) as HTMLButtonElement).disabled).toBe(false);
};

const binding: ScreenBinding<typeof operatorSignInMachine> = {
  view: (state, send) => <OperatorSignInView state={state} send={send as (e: OperatorSignInEvent) => void} />,
  userEvents,
  states: {
    '"redeeming"': (ui) => {
      expect(ui.getByRole('status').textContent).toBe('A concluir a entrada…');
      expect(ui.queryByRole('button', { name: SIGN_IN })).toBeNull();
    },
    '"signedIn"': (ui) => void expect(ui.getByRole('status').textContent).toMatch(/Sessão iniciada/),
    '"signedOut"': (ui) => {
      signInPage(ui);
      expect(alerts(ui)).toBe('');
    },
    '"refused"': (ui, state) => {
      signInPage(ui);
      expect(alerts(ui)).toMatch(state.context.errorCode === 'PLT10001' ? /não tem acesso à área de operadores/ : /expirou ou já foi usada/);
    },
    '"unreachable"': (ui) => {
      signInPage(ui);
      expect(alerts(ui)).toMatch(/Sem ligação ao servidor/);
      expect(ui.getByRole('button', { name: 'Tentar novamente' })).toBeTruthy();
    },
    '"leaving"': (ui) => {
      const button = ui.getByRole('button', { name: 'A abrir o início de sessão…' }) as HTMLButtonElement;
      expect(button.disabled).toBe(true);
    },
  },
};

describe('operator sign-in chart on its screen', () => {
  const paths = transitionCoveringPaths(operatorSignInModel);
  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_d, path) => {
    await runScreenPath(operatorSignInModel, path, binding);
  });
});

// which return addresses are accepted: tests/unit/returnTo.test.ts
describe('where single sign-on starts', () => {
  it('passes the return address on, encoded', () => {
    expect(singleSignOnUrl('/plateform/verifications?status=pending')).toBe('/sso/login?returnTo=%2Fplateform%2Fverifications%3Fstatus%3Dpending');
  });
});

describe('the sign-in page coming back from single sign-on', () => {
  const i18n = createI18n('pt', { pt });
  const open = (address: string) => {
    window.history.replaceState(null, '', address);
    return render(
      <StrictMode>
        <I18nextProvider i18n={i18n}>
          <OperatorSignInScreen />
        </I18nextProvider>
      </StrictMode>,
    );
  };
  let addressWhenRedeemed: string | null;
  beforeEach(() => {
    addressWhenRedeemed = null;
    gateway.requestGateway.mockImplementation(async () => {
      addressWhenRedeemed = window.location.href;
      return { ok: true, data: redemption };
    });
  });
  afterEach(() => {
    vi.clearAllMocks();
    window.history.replaceState(null, '', '/');
  });

  it('takes the code out of the address first, redeems it once, keeps a member signed in, and goes on', async () => {
    storage.setUserInfo({ h5Token: 'member-token', loginUrl: '/app/login' });
    open(`/plateform/?handoff=${HANDOFF}&returnTo=%2Fplateform%2Frebinding`);
    await waitFor(() => expect(router.navigate).toHaveBeenCalledWith({ href: '/plateform/rebinding', replace: true }));
    expect(gateway.requestGateway).toHaveBeenCalledTimes(1); // strict mode restarts the chart: still one redemption
    expect(gateway.requestGateway).toHaveBeenCalledWith('platform/sso/redeem', { handoff: HANDOFF }, { quiet: true });
    expect(addressWhenRedeemed).not.toContain('handoff');
    expect(window.location.search).toBe('?returnTo=%2Fplateform%2Frebinding');
    expect(storage.getUserInfo()).toEqual({ h5Token: 'member-token', loginUrl: '/app/login', token: redemption.token });
    expect(session.send).toHaveBeenCalledWith({ type: 'session.started', loginUrl: '/plateform/' });
    forgetOperatorToken();
    expect(storage.getUserInfo()).toEqual({ h5Token: 'member-token', loginUrl: '/app/login' });
  });

  it('never follows a return address outside the platform area', async () => {
    open(`/plateform/?handoff=${HANDOFF}&returnTo=https%3A%2F%2Fevil.example%2F`);
    await waitFor(() => expect(router.navigate).toHaveBeenCalledWith({ href: PLATFORM_HOME, replace: true }));
  });

  it('goes straight on with a stored operator token, and shows the error the server sent back otherwise', async () => {
    storage.setUserInfo({ token: 'operator-token' });
    open('/plateform/');
    await waitFor(() => expect(router.navigate).toHaveBeenCalledWith({ href: PLATFORM_HOME, replace: true }));
    expect(gateway.requestGateway).not.toHaveBeenCalled();
  });

  it('shows the server’s sign-in error and drops it from the address', async () => {
    const { findByRole } = open('/plateform/?ssoError=PLT10001');
    expect((await findByRole('alert')).textContent).toMatch(/não tem acesso à área de operadores/);
    expect(window.location.search).toBe('');
    expect(router.navigate).not.toHaveBeenCalled();
  });
});
