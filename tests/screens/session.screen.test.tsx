import { describe, expect, it } from 'vitest';
import { fireEvent } from '@testing-library/react';
import { SessionCover } from '../../screens/session/SessionCover.tsx';
import { sessionModel } from '../models/session.model.ts';
import { transitionCoveringPaths } from '../support/mbt.ts';
import { runScreenPath, type ScreenBinding } from '../support/screen-mbt.tsx';
import type { sessionMachine, SessionEvent } from '../../machines/session.machine.ts';

const noCover = (ui: typeof import('@testing-library/react').screen) => expect(ui.queryByRole('alertdialog')).toBeNull();
const covered = (text: RegExp) => (ui: typeof import('@testing-library/react').screen) => {
  expect(ui.getByRole('alertdialog')).toBeTruthy();
  expect(ui.getByText(text)).toBeTruthy();
};

const signingIn = (text: RegExp) => (ui: typeof import('@testing-library/react').screen) => {
  covered(text)(ui);
  expect(ui.getByRole('heading', { name: 'Iniciar sessão' })).toBeTruthy();
  expect(ui.queryByText(/terminou|terminada/)).toBeNull();
};

const binding: ScreenBinding<typeof sessionMachine> = {
  view: (state, send) => <SessionCover state={state} send={send as (e: SessionEvent) => void} />,
  userEvents: {
    'session.acknowledged': (ui) => void fireEvent.click(ui.getByRole('button', { name: 'Continuar' })),
  },
  states: {
    '"signedOut"': noCover,
    '"signedIn"': noCover,
    '"loggingOut"': noCover,
    '{"expired":"showingMessage"}': covered(/A sua sessão terminou/),
    '{"expired":"waiting"}': covered(/A redirecionar/),
    // signing in, whether a session ended or there never was one: nothing says "session ended"
    '{"signingIn":"authorizingNatively"}': signingIn(/A redirecionar/),
    '{"signingIn":"redirectingToLoginUrl"}': signingIn(/A redirecionar/),
    '{"signingIn":"tokenLost"}': (ui) => {
      signingIn(/Inicie sessão para continuar/)(ui);
      expect(ui.getByRole('button', { name: 'Continuar' })).toBeTruthy();
    },
    // the app's own login page shows, uncovered
    '{"signingIn":"atLoginPage"}': noCover,
  },
};

describe('session chart on its screen', () => {
  const paths = transitionCoveringPaths(sessionModel);
  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_d, path) => {
    await runScreenPath(sessionModel, path, binding);
  });
});
