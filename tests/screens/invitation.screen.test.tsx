import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import crypto from 'node:crypto';
import { createActor, waitFor } from 'xstate';
import { fireEvent, type screen as Screen } from '@testing-library/react';
import { InvitationView } from '../../screens/invitation/InvitationView.tsx';
import type { invitationMachine, InvitationEvent } from '../../machines/invitation.machine.ts';
import { invitationModel } from '../models/invitation.model.ts';
import { invitationFlow } from '../../src/flows/invitation.ts';
import { staffInvitationFlow } from '../../src/flows/staffInvitation.ts';
import { staffListFlow } from '../../src/flows/staffList.ts';
import { cashierFlow } from '../../src/flows/cashier.ts';
import { openMemberSession } from '../../server/auth/sessions.ts';
import { merchantWithStore, realGateway } from './merchantSetup.ts';
import { transitionCoveringPaths } from '../support/mbt.ts';
import { runScreenPath, type ScreenBinding, type UserEvents } from '../support/screen-mbt.tsx';

type Ui = typeof Screen;
const click = (ui: Ui, name: string | RegExp) => void fireEvent.click(ui.getByRole('button', { name }));
const alert = (ui: Ui) => ui.getAllByRole('alert').map((a) => a.textContent).join(' ');
const status = (ui: Ui) => ui.getAllByRole('status').map((a) => a.textContent).join(' ');

const events: UserEvents<InvitationEvent> = {
  'list.retry': (ui) => click(ui, 'Tentar novamente'),
  'list.refresh': (ui) => click(ui, 'Atualizar'),
  'invitation.open': (ui) => click(ui, 'Loja Demo — Loja Central'),
  'one.retry': (ui) => click(ui, 'Tentar novamente'),
  'invitation.agree': (ui) => click(ui, 'Aceitar'),
  'invitation.reject': (ui) => click(ui, 'Recusar'),
  'reject.confirmed': (ui) => click(ui, 'Recusar convite'),
  'reject.cancelled': (ui) => click(ui, 'Voltar'),
};

const REFUSALS: Record<string, RegExp> = {
  STF10007: /Já trabalha noutra loja\. Peça a esse comerciante que o retire primeiro/,
  STF10011: /Só uma conta pessoal/,
  STF10001: /já faz parte da sua equipa/,
  AGW50000: /erro no servidor/,
};

const binding: ScreenBinding<typeof invitationMachine> = {
  view: (state, send) => <InvitationView state={state} send={send as (e: InvitationEvent) => void} />,
  userEvents: events,
  states: (ui, state) => {
    const c = state.context;
    if (state.matches('loadingList') || state.matches('loadingOne')) return void expect(status(ui)).toMatch(/A carregar/);
    if (state.matches('listFailed') || state.matches('oneFailed')) {
      expect(alert(ui)).toMatch(c.errorCode ? /erro no servidor/ : /Não foi possível carregar/);
      return void expect(ui.getByRole('button', { name: 'Tentar novamente' })).toBeTruthy();
    }
    if (state.matches('list')) {
      if (c.invitations.length === 0) return void expect(status(ui)).toBe('Não tem convites pendentes.');
      return void expect(ui.getByRole('list', { name: 'Convites pendentes' }).textContent).toMatch(/Loja Demo — Loja Central/);
    }
    if (state.matches('unknown')) return void expect(alert(ui)).toMatch(/não existe ou não é para si/);
    if (state.matches('closed')) return void expect(alert(ui)).toMatch(c.invitation!.state === 'expired' ? /expirou/ : /retirado pelo comerciante/);
    if (state.matches('answered')) {
      const i = c.invitation!;
      if (!i.answeredByYou) return void expect(status(ui)).toMatch(/já foi respondido/);
      if (i.state === 'agreed') {
        expect(status(ui)).toBe('Agora faz parte da equipa de Loja Demo, na loja Loja Central.');
        return void expect(ui.getByRole('link', { name: 'Abrir a caixa' }).getAttribute('href')).toBe('/app/cashier');
      }
      return void expect(status(ui)).toBe('Recusou o convite de Loja Demo.');
    }
    // who invites to what, before answering
    expect(ui.getByRole('heading', { name: 'Loja Demo convida-o para a equipa' })).toBeTruthy();
    expect(ui.getByText('Rua Rainha Ginga 12, Luanda')).toBeTruthy();
    expect(ui.getByText('Todos os pagamentos da loja')).toBeTruthy();
    if (state.matches('confirmingRejection')) return void expect(ui.getByRole('alertdialog').textContent).toMatch(/Recusar o convite de Loja Demo\?/);
    // answering: the pressed button spins (antd-mobile drops its text), the status says why
    if (state.hasTag('busy')) return void expect(status(ui)).toMatch(/A enviar a resposta/);
    if (state.matches({ viewing: 'refusedAgreeing' }) || state.matches({ viewing: 'refused' })) expect(alert(ui)).toMatch(REFUSALS[c.errorCode!]!);
    else if (state.matches({ viewing: 'unreachable' })) expect(alert(ui)).toMatch(/Sem resposta do servidor/);
    else expect(ui.queryByRole('alert')).toBeNull();
    return void expect((ui.getByRole('button', { name: 'Aceitar' }) as HTMLButtonElement).disabled).toBe(false);
  },
};

describe('invitation chart on its screen', () => {
  const paths = transitionCoveringPaths(invitationModel);
  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_d, path) => {
    await runScreenPath(invitationModel, path, binding);
  });
});

describe('staff through the real gateway (PGlite): invite by SMS, agree by the link, collect, be removed', () => {
  const gateway = realGateway();
  beforeAll(() => gateway.start(), 60_000);
  afterAll(() => gateway.stop());

  it('the merchant invites, the clerk agrees through the link and opens their store’s till; removed, their till is refused', async () => {
    const { server } = gateway;
    const shop = await merchantWithStore(server);
    const national = `93${String(crypto.randomInt(0, 10_000_000)).padStart(7, '0')}`;
    const { rows } = await server.db.query<{ id: string }>("INSERT INTO members (member_type, mobile, display_name) VALUES ('individual', $1, 'Ana Caixa') RETURNING id::text", [`+244${national}`]);
    const clerkToken = await openMemberSession(server.db, rows[0]!.id, { idleMs: 3_600_000, lifetimeMs: 3_600_000 });

    gateway.signIn(shop.token, '/app/addstaff');
    const invite = createActor(staffInvitationFlow).start();
    await waitFor(invite, (st) => st.matches('editing'), { timeout: 10_000 });
    invite.send({ type: 'contact.changed', value: national });
    invite.send({ type: 'invite.submitted' });
    await waitFor(invite, (st) => st.matches('sent'), { timeout: 10_000 });
    expect(invite.getSnapshot().context.sent!.invitation).toMatchObject({ storeId: shop.storeId, state: 'sent', channel: 'mobile' });
    invite.stop();
    const sms = await server.db.query<{ body: string }>('SELECT body FROM outbox_messages WHERE destination = $1', [`+244${national}`]);
    const token = /\/app\/invitation\/([A-Za-z0-9_-]{43})/.exec(sms.rows[0]!.body)![1]!;

    gateway.signIn(clerkToken, `/app/invitation/${token}`);
    const answer = createActor(invitationFlow, { input: { token } }).start();
    await waitFor(answer, (st) => st.matches('viewing'), { timeout: 10_000 });
    expect(answer.getSnapshot().context.invitation).toMatchObject({ storeName: 'Loja Central', merchantName: shop.merchant.name });
    answer.send({ type: 'invitation.agree' });
    await waitFor(answer, (st) => st.matches('answered'), { timeout: 10_000 });
    expect(answer.getSnapshot().context.place).toMatchObject({ storeId: shop.storeId });
    answer.stop();

    const till = createActor(cashierFlow, { input: { language: 'pt' } }).start();
    await waitFor(till, (st) => st.matches('choosingMode'), { timeout: 10_000 });
    expect(till.getSnapshot().context.stores).toEqual([{ storeId: shop.storeId, name: 'Loja Central', merchantName: shop.merchant.name }]);
    till.stop();

    gateway.signIn(shop.token, '/app/stafflist');
    const list = createActor(staffListFlow, { input: {} }).start();
    await waitFor(list, (st) => st.matches('list'), { timeout: 10_000 });
    const staffId = list.getSnapshot().context.staff[0]!.staffId;
    list.stop();
    const detail = createActor(staffListFlow, { input: { staffId } }).start();
    await waitFor(detail, (st) => st.matches('detail'), { timeout: 10_000 });
    detail.send({ type: 'remove.asked' });
    detail.send({ type: 'remove.confirmed' });
    await waitFor(detail, (st) => st.matches('detail') && st.context.member?.status === 'deleted', { timeout: 10_000 });
    detail.stop();

    gateway.signIn(clerkToken, '/app/cashier');
    // removed: the till says so and leads home (cashier's cannotCollect), never a retry
    const refused = createActor(cashierFlow, { input: { language: 'pt' } }).start();
    await waitFor(refused, (st) => st.matches('cannotCollect'), { timeout: 10_000 });
    expect(refused.getSnapshot().context.errorCode).toBe('STF10009');
    refused.stop();
  }, 90_000);
});
