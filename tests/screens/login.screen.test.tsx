import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fireEvent, render, type screen as Screen } from '@testing-library/react';
import { createActor, waitFor, type AnyActorRef, type SnapshotFrom } from 'xstate';
import axios from 'axios';
import { I18nextProvider } from 'react-i18next';
import { createI18n } from '../../src/i18n.ts';
import { dictionary } from '../../locales/dictionary.ts';
import { http } from '../../services/http.ts';
import { loginActors, loginFlow } from '../../src/flows/login.ts';
import type { CodeEntryActor } from '../../screens/common/CodeEntryView.tsx';
import { startTestServer, type TestServer } from '../support/server.ts';
import { LoginView } from '../../screens/login/LoginView.tsx';
import { loginModel } from '../models/login.model.ts';
import { parkedCodeEntry } from '../models/codeEntry.model.ts';
import { parkInvokes, transitionCoveringPaths } from '../support/mbt.ts';
import { CODE_NOT_SENT, checkCodeNotSent } from '../support/codeStep.tsx';
import { loginMachine as chart } from '../../machines/login.machine.ts';
import type { RenderCaptcha } from '../../screens/common/CaptchaBox.tsx';
import { runScreenPath, type ScreenBinding, type UserEvents } from '../support/screen-mbt.tsx';
import type { loginMachine, LoginEvent } from '../../machines/login.machine.ts';

type Ui = typeof Screen;
const type = (ui: Ui, label: string, value: string) => void fireEvent.change(ui.getByLabelText(label), { target: { value } });
const click = (ui: Ui, name: string | RegExp) => void fireEvent.click(ui.getByRole('button', { name }));

/** The captcha box has its own chart and test; here it only hands back a token. */
const captchaStub: RenderCaptcha = (scene, onSolved) => <button type="button" onClick={() => onSolved('captcha-token-abcdefghijklmnop')}>Captcha resolvido ({scene})</button>;

const userEvents: UserEvents<LoginEvent> = {
  'method.password': (ui) => click(ui, 'Palavra-passe'),
  'method.sms': (ui) => click(ui, 'Código SMS'),
  'login.changed': (ui, e) => type(ui, 'Telemóvel ou e-mail', e.value),
  'password.changed': (ui, e) => type(ui, 'Palavra-passe', e.value),
  'password.submitted': (ui) => click(ui, /^Entrar/),
  'mobile.changed': (ui, e) => type(ui, 'Número de telemóvel', e.value),
  'code.requested': (ui) => click(ui, 'Receber código'),
  'captcha.solved': (ui) => click(ui, /Captcha resolvido/),
};

const binding: ScreenBinding<typeof loginMachine> = {
  view: (state, send) => <LoginView state={state} send={send as (e: LoginEvent) => void} renderCaptcha={captchaStub} />,
  userEvents,
  states: (ui, state) => {
    const alertText = () => ui.getAllByRole('alert').map((a) => a.textContent).join(' ');
    if (state.matches('signedIn')) {
      expect(ui.getByRole('status').textContent).toMatch(/Sessão iniciada/);
      return;
    }
    if (state.matches('byPassword') || state.matches('checkingPassword')) {
      expect(ui.getByRole('button', { name: 'Palavra-passe' }).getAttribute('aria-pressed')).toBe('true');
      const expected: Record<string, RegExp | null> = {
        editing: null, incomplete: /Introduza o telemóvel ou e-mail/, wrongCredentials: /Tentativas restantes: 3/, locked: /dentro de 15 minutos/,
        refused: /erro no servidor/, unreachable: /Erro de rede/,
      };
      const sub = Object.keys(expected).find((s) => state.matches({ byPassword: s as 'editing' }));
      if (sub && expected[sub]) expect(alertText()).toMatch(expected[sub]!);
      if (state.matches({ byPassword: 'locked' })) expect(ui.getByText(/código SMS/)).toBeTruthy();
      if (state.matches({ byPassword: 'captchaNeeded' })) expect(ui.getByRole('button', { name: 'Captcha resolvido (login)' })).toBeTruthy();
      return;
    }
    expect(ui.getByRole('button', { name: 'Código SMS' }).getAttribute('aria-pressed')).toBe('true');
    expect((ui.getByLabelText('Número de telemóvel') as HTMLInputElement).value).toBe(state.context.mobile);
    const mobile: Record<string, RegExp | null> = { editing: null, incomplete: /9 dígitos/, notRegistered: /Não existe nenhuma conta/ };
    const sub = Object.keys(mobile).find((s) => state.matches({ bySms: { enteringMobile: s as 'editing' } }));
    if (sub && mobile[sub]) expect(alertText()).toMatch(mobile[sub]!);
    if (state.matches({ bySms: { enteringMobile: 'editing' } })) expect(ui.queryByRole('alert')).toBeNull();
    if (state.matches({ bySms: 'enteringMobile' })) expect((ui.getByRole('button', { name: 'Receber código' }) as HTMLButtonElement).disabled).toBe(false);
    if (state.matches({ bySms: 'verifyingByCode' })) {
      // the code went (the model's code entry sends it at once; the sending and a code not sent: below): the
      // shared code entry, its resend cooling down; a new code no longer comes from the mobile form
      expect(ui.getByText(/Enviámos um código de 6 dígitos para \+244 9\*\* \*\*\* 002/)).toBeTruthy();
      expect(ui.getByLabelText('Código de verificação')).toBeTruthy();
      expect((ui.getByRole('button', { name: /Reenviar código em \d+ s/ }) as HTMLButtonElement).disabled).toBe(true);
      expect(ui.getByRole('button', { name: 'Entrar' })).toBeTruthy();
      expect(ui.queryByRole('button', { name: 'Receber código' })).toBeNull();
    }
  },
};

describe('log-in chart on its screen', () => {
  const paths = transitionCoveringPaths(loginModel);
  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_d, path) => {
    await runScreenPath(loginModel, path, binding);
  });
});

/** Until a code went, the code entry's first send shows in the SMS way's own form (tests/support/codeStep.tsx). */
describe('log-in: a code not sent, in the mobile form', () => {
  it.each(CODE_NOT_SENT.map((c) => [c.says.source, c] as const))('%s', async (_says, { answer, says }) => {
    await checkCodeNotSent({
      machine: parkInvokes(chart, ['passwordLogin']).provide({ actors: { codeEntry: parkedCodeEntry } }),
      view: binding.view,
      before: [{ type: 'method.sms' }, { type: 'mobile.changed', value: '943000002' }],
      button: 'Receber código',
      form: 'Número de telemóvel',
      answer,
      says,
    });
  });
});

describe('log-in by SMS through the real gateway (PGlite), with the flow module’s calls', () => {
  let server: TestServer;
  const adapter = http.defaults.adapter;
  const baseURL = http.defaults.baseURL;
  beforeAll(async () => {
    server = await startTestServer('pglite');
    http.defaults.adapter = axios.getAdapter('fetch');
    http.defaults.baseURL = await server.app.listen({ port: 0, host: '127.0.0.1' });
  }, 60_000);
  afterAll(async () => {
    http.defaults.adapter = adapter;
    http.defaults.baseURL = baseURL;
    await server.close();
  });
  /** Waits for a chart to get somewhere, and says where it is when it does not. */
  const until = async <A extends AnyActorRef>(actorRef: A, reached: (snapshot: SnapshotFrom<A>) => boolean) => {
    try {
      await waitFor(actorRef, reached, { timeout: 10_000 });
    } catch {
      const snapshot = actorRef.getSnapshot() as { value: unknown; context: unknown };
      throw new Error(`still at ${JSON.stringify(snapshot.value)} with ${JSON.stringify(snapshot.context)}`);
    }
  };
  const lastCode = async () => {
    const { rows } = await server.db.query<{ body: string }>("SELECT body FROM outbox_messages WHERE destination = '+244943000002' ORDER BY id DESC LIMIT 1");
    return /\b(\d{6})\b/.exec(rows[0]?.body ?? '')?.[1] ?? '';
  };

  it('a login no account has is refused as an account is, with the tries left: the answer tells nobody who has an account', async () => {
    const actor = createActor(loginFlow).start();
    actor.send({ type: 'login.changed', value: '923456700' });
    actor.send({ type: 'password.changed', value: 'Qualquer1' });
    actor.send({ type: 'password.submitted' });
    await until(actor, (s) => s.matches({ byPassword: 'wrongCredentials' }));
    const ui = render(
      <I18nextProvider i18n={createI18n('pt', { pt: dictionary('pt') })}>
        <LoginView state={actor.getSnapshot()} send={actor.send} renderCaptcha={captchaStub} />
      </I18nextProvider>,
    );
    expect(ui.getByRole('alert').textContent).toBe('Número, e-mail ou palavra-passe errados. Tentativas restantes: 4.');
    ui.unmount();
    actor.stop();
  }, 60_000);

  it('sends a code, resends one after the cool-down (voiding the first), and signs in with the new one', async () => {
    // the server's 60 s between codes has passed, and so has the chart's cool-down
    const allowResend = () => server.db.query("UPDATE verification_codes SET created_at = created_at - interval '61 seconds' WHERE destination = '+244943000002'");
    const flow = loginFlow.provide({ actors: { codeEntry: loginActors.codeEntry.provide({ delays: { resendCooldown: 0 } }) } });
    const actor = createActor(flow).start();
    actor.send({ type: 'method.sms' });
    actor.send({ type: 'mobile.changed', value: '943 000 002' });
    actor.send({ type: 'code.requested' });
    await until(actor, (s) => s.matches({ bySms: 'verifyingByCode' }));
    const codeEntry = actor.getSnapshot().children.codeEntry as CodeEntryActor;
    await until(codeEntry, (s) => s.matches('enteringCode'));
    expect(codeEntry.getSnapshot().context.sent).toMatchObject({ sentTo: '+244 9** *** 002', resendAfterSeconds: 60 });
    const first = await lastCode();
    await until(codeEntry, (s) => s.matches({ enteringCode: { resend: 'available' } }));
    await allowResend();
    codeEntry.send({ type: 'code.resendRequested' });
    await until(codeEntry, (s) => s.matches({ enteringCode: { resend: 'available' } }));
    const second = await lastCode();
    expect(second).not.toBe(first);
    // the new code voided the first: it is now just a wrong code
    codeEntry.send({ type: 'code.changed', value: first });
    codeEntry.send({ type: 'code.submitted' });
    await until(codeEntry, (s) => s.matches({ enteringCode: { entry: 'wrongCode' } }));
    expect(codeEntry.getSnapshot().context.triesLeft).toBe('4');
    codeEntry.send({ type: 'code.changed', value: second });
    codeEntry.send({ type: 'code.submitted' });
    await until(actor, (s) => s.matches('signedIn'));
    expect(actor.getSnapshot().context.result).toMatchObject({ profile: { displayName: 'Bruno Demo' } });
    actor.stop();
  }, 60_000);
});
