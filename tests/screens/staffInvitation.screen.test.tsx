import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen, type screen as Screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { useSelector } from '@xstate/react';
import { createActor, waitFor, type AnyActorRef } from 'xstate';
import { staffInvitationFlow } from '../../src/flows/staffInvitation.ts';
import { hashToken, openMemberSession } from '../../server/auth/sessions.ts';
import { ok } from '../support/merchant.ts';
import { merchantWithStore, realGateway } from './merchantSetup.ts';
import { StaffInvitationView } from '../../screens/staffInvitation/StaffInvitationView.tsx';
import type { staffInvitationMachine, StaffInvitationEvent } from '../../machines/staffInvitation.machine.ts';
import { sampleInviteStores, sampleSentInvitation, staffInvitationModel } from '../models/staffInvitation.model.ts';
import { doneEvent, transitionCoveringPaths } from '../support/mbt.ts';
import { createI18n } from '../../src/i18n.ts';
import type { Language } from '../../src/lib/language.ts';
import { assertNoRawKeys, runScreenPath, type ScreenBinding, type UserEvents } from '../support/screen-mbt.tsx';
import { dictionary } from '../../locales/dictionary.ts';
const pt = dictionary('pt');
const en = dictionary('en');
const zh = dictionary('zh');
const fr = dictionary('fr');

type Ui = typeof Screen;
const click = (ui: Ui, name: string | RegExp) => void fireEvent.click(ui.getByRole('button', { name }));
const alert = (ui: Ui) => ui.getAllByRole('alert').map((a) => a.textContent).join(' ');
const status = (ui: Ui) => ui.getAllByRole('status').map((a) => a.textContent).join(' ');
const CHANNEL_LABELS = { mobile: 'Por SMS (número de telemóvel)', email: 'Por e-mail', qr: 'Com um código QR' } as const;

const events: UserEvents<StaffInvitationEvent> = {
  'load.retry': (ui) => click(ui, 'Tentar novamente'),
  'list.refresh': (ui) => click(ui, 'Atualizar'),
  'store.chosen': (ui, e) => void fireEvent.change(ui.getByLabelText('Loja'), { target: { value: e.storeId } }),
  'channel.chosen': (ui, e) => void fireEvent.click(ui.getByLabelText(CHANNEL_LABELS[e.channel])),
  'contact.changed': (ui, e) => void fireEvent.change(ui.getByLabelText(/Número de telemóvel|Endereço de e-mail/), { target: { value: e.value } }),
  'allRecords.changed': (ui, e) => {
    const box = ui.getByRole('checkbox', { name: /Pode ver todos os pagamentos/ }) as HTMLInputElement;
    if (box.checked !== e.value) fireEvent.click(box);
  },
  'invite.submitted': (ui) => click(ui, /Enviar convite|Mostrar código QR/),
  'invite.retry': (ui) => click(ui, 'Tentar novamente'),
  'invite.edit': (ui) => click(ui, 'Alterar o convite'),
  'invite.another': (ui) => click(ui, 'Convidar outra pessoa'),
  // invitation 501, the oldest: the last of the newest-first list
  'invitation.withdraw': (ui) => void fireEvent.click(ui.getAllByRole('button', { name: 'Retirar o convite de +244 923 456 456' }).at(-1)!),
  'withdraw.confirmed': (ui) => click(ui, 'Retirar convite'),
  'withdraw.cancelled': (ui) => click(ui, 'Manter'),
};

const REFUSED: Record<string, RegExp> = { MCH10005: /loja está fechada/, STF10005: /já foi respondido/ };

const binding: ScreenBinding<typeof staffInvitationMachine> = {
  view: (state, send) => <StaffInvitationView state={state} send={send as (e: StaffInvitationEvent) => void} />,
  userEvents: events,
  states: (ui, state) => {
    const c = state.context;
    if (state.matches('loading') && c.stores.length === 0) return void expect(status(ui)).toMatch(/A carregar/);
    if (state.matches('loadFailed')) {
      expect(alert(ui)).toMatch(c.errorCode ? /erro no servidor/ : /Não foi possível carregar as lojas e os convites/);
      return void expect(ui.getByRole('button', { name: 'Tentar novamente' })).toBeTruthy();
    }
    if (state.matches('notOwner')) {
      expect(alert(ui)).toMatch(c.errorCode === 'STF10010' ? /Só o comerciante/ : /conta de cobrança/);
      return void expect(ui.getByRole('link', { name: c.errorCode === 'STF10010' ? 'Ir para a caixa' : 'Abrir conta de cobrança' })).toBeTruthy();
    }
    if (state.matches('confirmingWithdrawal')) return void expect(ui.getByRole('alertdialog').textContent).toMatch(/Retirar o convite de \+244 923 456 456 para Loja Central\?/);
    if (state.matches('failed')) {
      expect(alert(ui)).toMatch(/O convite pode ter sido enviado/);
      return void expect(ui.getByRole('button', { name: 'Alterar o convite' })).toBeTruthy();
    }
    if (state.matches('sent')) {
      const qr = ui.queryByRole('img', { name: 'Código QR do convite para Loja Central' });
      if (state.matches({ sent: 'accepted' })) {
        // the code is spent: the news in its place
        expect(status(ui)).toMatch(/Convite aceite: Loja Central tem um novo funcionário\./);
        expect(qr).toBeNull();
      } else if (state.matches({ sent: 'settled' })) {
        expect(alert(ui)).toMatch(/A pessoa recusou o convite para Loja Central\./);
        expect(qr).toBeNull();
      } else if (c.sent!.link) {
        expect(ui.getByText(/Convite para Loja Central: peça à pessoa que leia este código/)).toBeTruthy();
        expect(qr).toBeTruthy();
        expect(status(ui)).toMatch(state.matches({ sent: 'trouble' }) ? /Sem resposta do servidor: a perguntar de novo/ : /À espera que a pessoa leia o código e aceite/);
      } else expect(status(ui)).toBe('Convite enviado para +244 923 456 456, para a loja Loja Central.');
      return void expect(ui.getByRole('button', { name: 'Convidar outra pessoa' })).toBeTruthy();
    }
    // the form (editing, sending, withdrawing, reloading) and the list of invitations
    expect((ui.getByLabelText('Loja') as HTMLSelectElement).value).toBe(c.storeId);
    expect((ui.getByLabelText(CHANNEL_LABELS[c.channel]) as HTMLInputElement).checked).toBe(true);
    if (c.channel !== 'qr') expect((ui.getByLabelText(/Número de telemóvel|Endereço de e-mail/) as HTMLInputElement).value).toBe(c.contact);
    else expect(ui.queryByLabelText(/Número de telemóvel|Endereço de e-mail/)).toBeNull();
    expect(ui.getByRole('heading', { name: 'Convites enviados' })).toBeTruthy();
    if (c.invitations.length > 0) expect(ui.getAllByText(/Enviado|Aceite|Retirado/).length).toBeGreaterThan(0);
    const expected: RegExp[] = [];
    if (state.matches({ editing: 'invalid' })) expected.push({ store: /Escolha a loja\./, mobile: /9 algarismos/, email: /e-mail válido/ }[c.problem!]);
    if (state.matches({ editing: 'alreadyExists' })) expected.push(c.errorDetail === 'invited' ? /já tem um convite pendente/ : /já faz parte da sua equipa/);
    if (state.matches({ editing: 'sendingTooMuch' })) expected.push(/demasiado de uma vez/);
    if (state.matches({ editing: 'refused' }) || state.matches({ editing: 'withdrawRefused' })) expected.push(c.errorCode ? REFUSED[c.errorCode]! : /Sem resposta do servidor/);
    if (expected.length === 0) expect(ui.queryByRole('alert')).toBeNull();
    for (const text of expected) expect(alert(ui)).toMatch(text);
    if (state.matches('sending')) expect(status(ui)).toMatch(/A enviar o convite/);
    return undefined;
  },
};

describe('staff invitation chart on its screen', () => {
  const paths = transitionCoveringPaths(staffInvitationModel);
  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_d, path) => {
    await runScreenPath(staffInvitationModel, path, binding);
  });
});

function Live({ actor }: { actor: AnyActorRef }) {
  const state = useSelector(actor, (s) => s);
  return <StaffInvitationView state={state} send={(e) => actor.send(e)} />;
}

describe('withdrawing a QR invitation, which names no one', () => {
  const qrPending = { ...sampleSentInvitation, invitationId: '510', channel: 'qr' as const, contact: null };
  const WORDING: Record<Language, { action: string; question: RegExp; sms: string }> = {
    pt: { action: 'Retirar este convite', question: /^Retirar este convite por código QR para Loja Central\?/, sms: 'Retirar o convite de +244 923 456 456' },
    en: { action: 'Withdraw this invitation', question: /^Withdraw this QR code invitation for Loja Central\?/, sms: 'Withdraw the invitation to +244 923 456 456' },
    zh: { action: '撤回此邀请', question: /^撤回此 Loja Central 二维码邀请？/, sms: '撤回给 +244 923 456 456 的邀请' },
    fr: { action: 'Retirar este convite', question: /^Retirar este convite por código QR para Loja Central\?/, sms: 'Retirar o convite de +244 923 456 456' },
  };
  it.each(Object.keys(WORDING) as Language[])('in %s: "withdraw this invitation", never "the invitation to QR code"; SMS keeps its person', async (language) => {
    const words = WORDING[language];
    const actor = createActor(staffInvitationModel.machine).start();
    actor.send(doneEvent('load', { ok: true, data: { stores: sampleInviteStores, invitations: [qrPending, sampleSentInvitation] } }) as never);
    const { container, unmount } = render(<I18nextProvider i18n={createI18n(language, { pt, en, zh, fr })}><Live actor={actor} /></I18nextProvider>);
    try {
      expect(screen.getByRole('button', { name: words.sms })).toBeTruthy();
      // read aloud with its store and time, so that two QR invitations differ; shown as the words alone
      const withdraw = screen.getByRole('button', { name: new RegExp(`^${words.action}: Loja Central, .+`) });
      expect(withdraw.textContent).toBe(words.action);
      await act(async () => void fireEvent.click(withdraw));
      expect(actor.getSnapshot().value).toBe('confirmingWithdrawal');
      expect(actor.getSnapshot().context.withdrawId).toBe('510');
      const question = screen.getByRole('alertdialog').querySelector('#withdraw-question')!.textContent!;
      expect(question).toMatch(words.question);
      expect(container.textContent).not.toMatch(/convite de Código QR|invitation to QR code|给 二维码/);
      assertNoRawKeys(container);
    } finally {
      unmount();
      actor.stop();
    }
  });
});

describe('a QR invitation followed through the real gateway (PGlite)', () => {
  const gateway = realGateway();
  beforeAll(() => gateway.start(), 60_000);
  afterAll(() => gateway.stop());

  it('shows the code, asks about it in the background (the session stays idle), and says accepted once the person agrees', async () => {
    const { server } = gateway;
    const shop = await merchantWithStore(server);
    gateway.signIn(shop.token, '/app/addstaff');
    const idleMinutes = async () => Number((await server.db.query<{ minutes: number }>('SELECT extract(epoch FROM now() - last_seen_at) / 60 AS minutes FROM sessions WHERE token_hash = $1', [hashToken(shop.token)])).rows[0]!.minutes);
    const actor = createActor(staffInvitationFlow).start();
    await waitFor(actor, (s) => s.matches('editing'), { timeout: 10_000 });
    actor.send({ type: 'channel.chosen', channel: 'qr' });
    actor.send({ type: 'invite.submitted' });
    await waitFor(actor, (s) => s.matches({ sent: 'waiting' }), { timeout: 10_000 });
    const { link, invitation } = actor.getSnapshot().context.sent!;
    // the merchant leaves the code on screen: only the polls reach the server from now on
    await server.db.query("UPDATE sessions SET last_seen_at = now() - interval '10 minutes' WHERE token_hash = $1", [hashToken(shop.token)]);
    await waitFor(actor, (s) => s.matches({ sent: 'checking' }), { timeout: 10_000 });
    await waitFor(actor, (s) => s.matches({ sent: 'waiting' }), { timeout: 10_000 });
    expect(await idleMinutes()).toBeGreaterThan(9.9);

    const { rows } = await server.db.query<{ id: string }>("INSERT INTO members (member_type, mobile, display_name) VALUES ('individual', '+244931234567', 'Rui Novo') RETURNING id::text");
    const person = await openMemberSession(server.db, rows[0]!.id, { idleMs: 86_400_000, lifetimeMs: 86_400_000 });
    const token = /\/app\/invitation\/([A-Za-z0-9_-]{43})/.exec(link!)![1]!;
    await ok(server, 'staff/invitation/respond', { invitationId: invitation.invitationId, token, answer: 'agree' }, person);
    await waitFor(actor, (s) => s.matches({ sent: 'accepted' }), { timeout: 10_000 });
    expect(actor.getSnapshot().context.sent!.invitation.state).toBe('agreed');
    expect(actor.getSnapshot().context.invitations.find((i) => i.invitationId === invitation.invitationId)!.state).toBe('agreed');
    actor.stop();
  }, 60_000);
});
