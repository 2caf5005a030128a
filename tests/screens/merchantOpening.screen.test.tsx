import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fireEvent, type screen as Screen } from '@testing-library/react';
import { createActor, waitFor } from 'xstate';
import { MerchantOpeningView } from '../../screens/merchantOpening/MerchantOpeningView.tsx';
import { CATEGORY_CODES } from '../../screens/common/category.ts';
import { merchantOpeningMachine, type MerchantOpeningEvent } from '../../machines/merchantOpening.machine.ts';
import { merchantOpeningFlow } from '../../src/flows/merchantOpening.ts';
import { merchantOpeningModel } from '../models/merchantOpening.model.ts';
import { transitionCoveringPaths } from '../support/mbt.ts';
import { runScreenPath, type ScreenBinding, type UserEvents } from '../support/screen-mbt.tsx';
import { call } from '../support/merchant.ts';
import { realGateway, verifiedEnterprise } from './merchantSetup.ts';

type Ui = typeof Screen;
const click = (ui: Ui, name: string | RegExp) => void fireEvent.click(ui.getByRole('button', { name }));
const alert = (ui: Ui) => ui.getAllByRole('alert').map((a) => a.textContent).join(' ');
const status = (ui: Ui) => ui.getAllByRole('status').map((a) => a.textContent).join(' ');
const link = (ui: Ui, name: string | RegExp) => ui.getByRole('link', { name }).getAttribute('href');

const events: UserEvents<MerchantOpeningEvent> = {
  'opening.retry': (ui) => click(ui, 'Tentar novamente'),
  'cards.retry': (ui) => (ui.queryByRole('button', { name: 'Tentar novamente' }) ? click(ui, 'Tentar novamente') : click(ui, 'Atualizar a lista de cartões')),
  'agreement.toggled': (ui, e) => {
    const box = ui.getByRole('checkbox') as HTMLInputElement;
    // a click sends the opposite of what is ticked: ticked already, it goes off and on again
    if (box.checked === e.accepted) fireEvent.click(box);
    fireEvent.click(box);
  },
  'category.chosen': (ui, e) => void fireEvent.change(ui.getByLabelText('Categoria de negócio'), { target: { value: e.mcc } }),
  'card.chosen': (ui, e) => void fireEvent.click(ui.getByRole('radio', { name: new RegExp(e.cardId === '8' ? '0022' : '0011') })),
  'opening.submitted': (ui) => click(ui, 'Abrir conta de cobrança'),
};

const binding: ScreenBinding<typeof merchantOpeningMachine> = {
  view: (state, send) => <MerchantOpeningView state={state} send={send as (e: MerchantOpeningEvent) => void} />,
  userEvents: events,
  states: (ui, state) => {
    const c = state.context;
    if (state.matches('loading')) return void expect(status(ui)).toMatch(/A carregar/);
    if (state.matches('failed')) {
      expect(alert(ui)).toMatch(c.errorCode ? /erro no servidor/ : /Não foi possível saber se pode abrir/);
      return void expect(ui.getByRole('button', { name: 'Tentar novamente' })).toBeTruthy();
    }
    if (state.matches('individual')) {
      expect(alert(ui)).toMatch(/Só uma empresa pode abrir uma conta de cobrança/);
      return void expect(ui.queryByRole('button')).toBeNull();
    }
    if (state.matches('notVerified')) {
      expect(status(ui)).toMatch(/verifique a sua empresa/);
      return void expect(link(ui, 'Verificar a empresa')).toBe('/app/enterprisecert');
    }
    if (state.matches('pendingVerification')) {
      expect(status(ui)).toMatch(/está em análise/);
      return void expect(link(ui, 'Ver o estado da verificação')).toBe('/app/result');
    }
    // the cards (boundCards child: its own screen test goes through its states), asked for; after
    // the child failed (never the server's doing), at its failure, to be asked again by hand
    if (state.matches('loadingCards')) {
      if (c.cardsInterrupted) return void expect(alert(ui)).toMatch(/Não foi possível carregar os seus cartões/);
      return void expect(status(ui)).toMatch(/A carregar os seus cartões/);
    }
    if (state.matches('opened')) {
      expect(status(ui)).toBe('Conta de cobrança aberta: Loja Demo.');
      expect(ui.getByText('Supermercados e mercearias')).toBeTruthy();
      expect(ui.getByText('0,5% de cada pagamento, no máximo 1 000,00 Kz')).toBeTruthy();
      return void expect(link(ui, 'Criar a primeira loja')).toBe('/app/store/new?merchantId=12');
    }
    if (state.matches('open')) {
      expect(status(ui)).toMatch(/A sua conta de cobrança está aberta/);
      expect(ui.getByText('Loja Demo')).toBeTruthy();
      expect(link(ui, 'Abrir a caixa')).toBe('/app/cashier');
      return void expect(link(ui, 'Ver lojas e subcomerciantes')).toBe('/app/merchantlist');
    }
    // the form
    expect(ui.getByText('Os clientes vão ver o nome: Loja Demo')).toBeTruthy();
    // the service charge is told before the account is opened
    expect(ui.getByText(/0,5% de cada pagamento, no máximo 5 000,00 Kz\. O cliente não paga nada\./)).toBeTruthy();
    expect((ui.getByRole('checkbox') as HTMLInputElement).checked).toBe(c.agreed);
    expect(link(ui, 'Acordo do código de cobrança')).toBe('/pt/agreement/collectionqrcode');
    expect((ui.getByLabelText('Categoria de negócio') as HTMLSelectElement).value).toBe(c.mcc);
    expect(ui.getAllByRole('radio')).toHaveLength(c.cards.length);
    const problems = [
      c.problems.agreement && /Aceite o acordo/, c.problems.category && /Escolha a categoria do seu negócio/, c.problems.card && /Escolha o cartão para onde vai o saldo/,
      state.matches({ filling: 'refused' }) && /Cartão não encontrado|erro no servidor/, state.matches({ filling: 'unreachable' }) && /Sem resposta do servidor/,
    ].filter(Boolean) as RegExp[];
    if (problems.length === 0) expect(ui.queryByRole('alert')).toBeNull();
    for (const problem of problems) expect(alert(ui)).toMatch(problem);
    if (state.matches('applying')) return void expect(status(ui)).toMatch(/A abrir a conta de cobrança/);
    return void expect(ui.getByRole('button', { name: 'Abrir conta de cobrança' })).toBeTruthy();
  },
};

describe('merchant opening chart on its screen', () => {
  const paths = transitionCoveringPaths(merchantOpeningModel);
  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_d, path) => {
    await runScreenPath(merchantOpeningModel, path, binding);
  });
});

describe('opening a collection account through the real gateway (PGlite)', () => {
  const gateway = realGateway();
  beforeAll(() => gateway.start(), 60_000);
  afterAll(() => gateway.stop());

  it('a verified enterprise with a bound card opens its account; the standing then says open', async () => {
    const { server } = gateway;
    const { token, company, cardId } = await verifiedEnterprise(server);
    gateway.signIn(token, '/app/open');
    const actor = createActor(merchantOpeningFlow, { input: { categories: CATEGORY_CODES } }).start();
    await waitFor(actor, (s) => s.matches('filling') || s.matches('failed') || s.matches('notVerified') || (s.matches('loadingCards') && (s.children.boundCards?.getSnapshot() as { value?: unknown } | undefined)?.value === 'failed'), { timeout: 10_000 });
    expect(actor.getSnapshot().value).toEqual({ filling: 'editing' });
    expect(actor.getSnapshot().context).toMatchObject({ companyName: company.shortName, cardId, chargeTerms: { rateBp: 50, cap: 500_000 } });
    actor.send({ type: 'opening.submitted' });
    expect(actor.getSnapshot().context.problems).toEqual({ agreement: true, category: true, card: false });
    actor.send({ type: 'agreement.toggled', accepted: true });
    actor.send({ type: 'category.chosen', mcc: '5812' });
    actor.send({ type: 'opening.submitted' });
    await waitFor(actor, (s) => s.matches('opened'), { timeout: 10_000 });
    const { merchant } = actor.getSnapshot().context;
    // the account has the charge the form showed before it was opened
    expect(merchant).toMatchObject({ name: company.shortName, mcc: '5812', parentId: null, status: 'active', chargeRateBp: 50, chargeCap: 500_000 });
    const standing = await call(server, 'merchant/open/query', {}, token);
    expect(standing.bizContent).toMatchObject({ state: 'open', merchant: { merchantId: merchant!.merchantId, mcc: '5812' } });
    actor.stop();
    // coming back to the page shows the summary
    const again = createActor(merchantOpeningFlow, { input: { categories: CATEGORY_CODES } }).start();
    await waitFor(again, (s) => s.matches('open'), { timeout: 10_000 });
    again.stop();
  }, 60_000);
});
