import { describe, expect, it } from 'vitest';
import { fireEvent, type screen as Screen } from '@testing-library/react';
import type { moneyRequestMachine, MoneyRequestEvent } from '../../machines/moneyRequest.machine.ts';
import type { moneyRequestViewMachine, MoneyRequestViewEvent } from '../../machines/moneyRequestView.machine.ts';
import type { moneyRequestsMachine, MoneyRequestsEvent } from '../../machines/moneyRequests.machine.ts';
import type { payeeCheckMachine, PayeeCheckEvent } from '../../machines/payeeCheck.machine.ts';
import { AskView, ASK_PAYEE_PAGE } from '../../screens/moneyRequest/AskView.tsx';
import { PayeeCheckView } from '../../screens/common/PayeeCheckView.tsx';
import { RequestView } from '../../screens/moneyRequestView/RequestView.tsx';
import { RequestsView } from '../../screens/moneyRequests/RequestsView.tsx';
import { moneyRequestModel } from '../models/moneyRequest.model.ts';
import { payeeCheckModel } from '../models/payeeCheck.model.ts';
import { moneyRequestViewModel } from '../models/moneyRequestView.model.ts';
import { moneyRequestsModel } from '../models/moneyRequests.model.ts';
import { transitionCoveringPaths } from '../support/mbt.ts';
import { runScreenPath, type ScreenBinding, type UserEvents } from '../support/screen-mbt.tsx';

type Ui = typeof Screen;
const click = (ui: Ui, name: string | RegExp) => void fireEvent.click(ui.getByRole('button', { name }));
const type = (ui: Ui, label: string, value: string) => void fireEvent.change(ui.getByLabelText(label), { target: { value } });
const alert = (ui: Ui) => ui.queryAllByRole('alert').map((a) => a.textContent).join(' ');
const status = (ui: Ui) => ui.queryAllByRole('status').map((a) => a.textContent).join(' ');
const rows = (ui: Ui) => Object.fromEntries(ui.getAllByRole('term').map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]));

const askEvents: UserEvents<MoneyRequestEvent> = {
  'payee.retry': (ui) => click(ui, 'Tentar novamente'),
  'payee.changeRequested': (ui) => click(ui, /^Mudar$/),
  'reason.changed': (ui, e) => type(ui, 'Motivo', e.value),
  'details.edited': (ui) => click(ui, 'Alterar'),
  'request.sent': (ui) => click(ui, 'Enviar pedido'),
  'request.restarted': (ui) => click(ui, 'Pedir a outra pessoa'),
};

const askBinding: ScreenBinding<typeof moneyRequestMachine> = {
  view: (state, send) => <AskView state={state} send={send as (e: MoneyRequestEvent) => void} />,
  userEvents: askEvents,
  states: (ui, state) => {
    const c = state.context;
    if (state.matches('enteringPayee')) {
      // the payee child shows (its own binding covers its states): the number asked, or asked again with why
      expect(ui.getByText('A quem quer pedir dinheiro?')).toBeTruthy();
      expect((ui.getByLabelText('Número de telemóvel') as HTMLInputElement).value).toBe(c.mobile);
      if (c.payeeProblem === 'notFound') expect(alert(ui)).toMatch(/conta verificada/);
      else expect(alert(ui)).toBe('');
      return void expect(ui.getByRole('link', { name: 'Os meus pedidos' })).toBeTruthy();
    }
    if (state.matches('payeeFailed')) {
      expect(alert(ui)).toMatch(/erro no servidor/);
      return void expect(ui.getByRole('button', { name: 'Tentar novamente' })).toBeTruthy();
    }
    if (state.matches('enteringAmount')) {
      expect(ui.getByText('Quanto pede e porquê?')).toBeTruthy();
      expect((ui.getByLabelText('Motivo') as HTMLInputElement).value).toBe(c.reason);
      if (state.matches({ enteringAmount: 'reasonMissing' })) expect(alert(ui)).toMatch(/Escreva o motivo/);
      else expect(alert(ui)).toBe('');
      return;
    }
    if (state.matches('reviewing') || state.matches('sending')) {
      expect(ui.getByText('Confirme o pedido')).toBeTruthy();
      expect(rows(ui)).toEqual({ 'Pedir a': 'Bruno M*** D*** (+244 943 000 002)', Valor: expect.stringMatching(/^1\s200,00\sKz$/), Motivo: 'Jantar de sexta', Válido: '48 horas' });
      if (state.matches({ reviewing: 'refused' })) expect(alert(ui)).toMatch(/muitos pedidos de dinheiro/);
      else if (state.matches({ reviewing: 'unreachable' })) expect(alert(ui)).not.toBe('');
      else expect(alert(ui)).toBe('');
      if (state.matches('sending')) expect(status(ui)).toMatch(/A enviar o pedido/);
      return;
    }
    if (state.matches('sent')) {
      expect(status(ui)).toMatch(/Pedido enviado/);
      expect(ui.getByText(/Bruno M\*\*\* D\*\*\* recebeu um aviso e um SMS/)).toBeTruthy();
      return void expect(ui.getByRole('link', { name: 'Ver o pedido' }).getAttribute('href')).toBe('/app/moneyRequest/7');
    }
    if (state.matches('notAllowed')) return void expect(alert(ui)).toMatch(c.errorCode === 'REQ10005' ? /contas pessoais verificadas/ : /.+/);
    throw new Error(`no assertion for ${JSON.stringify(state.value)}`);
  },
};

const payeeEvents: UserEvents<PayeeCheckEvent> = {
  'mobile.changed': (ui, e) => type(ui, 'Número de telemóvel', e.value),
  'mobile.submitted': (ui) => click(ui, 'Continuar'),
  'payee.picked': (ui) => click(ui, 'Pedir a Bruno M*** D***, 9** *** 002'),
  'payee.confirmed': (ui) => click(ui, 'Sim, é esta pessoa'),
  'payee.changeRequested': (ui) => click(ui, 'Não, mudar o número'),
  // the asking page offers no stars (its paths leave these out)
  'favourite.starred': () => { throw new Error('no stars on the asking page'); },
  'favourite.unstarred': () => { throw new Error('no stars on the asking page'); },
  'favourite.renamed': () => { throw new Error('no nicknames on the asking page'); },
};

/** The payee child on the asking screen: its words, its lists to tap (no stars). */
const payeeBinding: ScreenBinding<typeof payeeCheckMachine> = {
  view: (state, send) => <PayeeCheckView state={state} send={send as (e: PayeeCheckEvent) => void} page={ASK_PAYEE_PAGE} />,
  userEvents: payeeEvents,
  states: (ui, state) => {
    const c = state.context;
    if (state.matches('enteringMobile') || state.matches('checkingPayee')) {
      expect(ui.getByText('A quem quer pedir dinheiro?')).toBeTruthy();
      // the transfer's lists, names and numbers masked
      if (c.payees.recent.length) expect(ui.getByRole('button', { name: 'Pedir a Bruno M*** D***, 9** *** 002' })).toBeTruthy();
      const problems: Record<string, RegExp> = {
        invalid: /9 algarismos/, notFound: /conta verificada/, isSelf: /própria conta/, refused: /.+/, unreachable: /Erro de rede/,
      };
      const problem = (['invalid', 'notFound', 'isSelf', 'refused', 'unreachable'] as const).find((p) => state.matches({ enteringMobile: p }));
      if (problem) expect(alert(ui)).toMatch(problems[problem]!);
      else expect(alert(ui)).toBe('');
      if (state.matches('checkingPayee')) expect(status(ui)).toMatch(/A procurar a pessoa/);
      return;
    }
    if (state.matches('confirmingPayee') || state.matches('confirmed')) {
      expect(ui.getByText('É esta a pessoa a quem quer pedir?')).toBeTruthy();
      return void expect(rows(ui)).toEqual({ Nome: 'Bruno M*** D***', Número: '+244 943 000 002' });
    }
    throw new Error(`no assertion for ${JSON.stringify(state.value)}`);
  },
};

const viewEvents: UserEvents<MoneyRequestViewEvent> = {
  'request.retry': (ui) => click(ui, 'Tentar novamente'),
  'request.refreshed': (ui) => click(ui, 'Ver de novo'),
  'pay.started': (ui) => click(ui, /^Pagar 1\s200,00\sKz$/),
  'payment.cancelled': (ui) => click(ui, 'Voltar ao pedido'),
  'request.declined': (ui) => click(ui, 'Recusar'),
  'request.cancelled': (ui) => click(ui, 'Cancelar pedido'),
  'requester.blockToggled': (ui) => click(ui, /Bloquear pedidos desta pessoa|Desbloquear esta pessoa/),
};

const viewBinding: ScreenBinding<typeof moneyRequestViewMachine> = {
  view: (state, send) => <RequestView state={state} send={send as (e: MoneyRequestViewEvent) => void} />,
  userEvents: viewEvents,
  states: (ui, state) => {
    const c = state.context;
    const r = c.request;
    if (state.matches('loading')) return void expect(status(ui)).toMatch(/A carregar o pedido/);
    if (state.matches('loadFailed')) return void expect(ui.getByRole('button', { name: 'Tentar novamente' })).toBeTruthy();
    if (state.matches('notFound')) return void expect(alert(ui)).toMatch(/não existe ou não é seu/);
    if (state.matches('paying')) {
      expect(ui.getByText('Pagar 1 200,00 Kz a Ana M*** S***: Jantar de sexta'.replace(/ /g, (s) => s))).toBeTruthy();
      return void expect(ui.getByRole('button', { name: 'Voltar ao pedido' })).toBeTruthy();
    }
    if (state.matches('paid')) {
      expect(status(ui)).toMatch(/Pagou o pedido/);
      expect(rows(ui)['Saldo disponível']).toMatch(/^8\s800,00\sKz$/);
      return void expect(ui.getByRole('link', { name: 'Ver comprovativo' }).getAttribute('href')).toBe('/app/receipt?transferId=42');
    }
    // the request itself: who, how much, why, its status
    expect(r).not.toBeNull();
    const shown = rows(ui);
    // the reason and the amount, once, on the card above the rows
    expect(ui.getByRole('region', { name: 'Valor' }).textContent).toMatch(/^Jantar de sexta1\s200,00\sKz$/);
    expect(Object.keys(shown)).not.toContain('Valor');
    if (r!.role === 'payer') {
      expect(ui.getByText('Ana M*** S*** pede-lhe dinheiro')).toBeTruthy();
      expect(shown.De).toBe('Ana M*** S*** · 9** *** 001');
    } else {
      expect(ui.getByText('Pedido a Bruno M*** C***')).toBeTruthy();
      expect(shown.A).toBe('Bruno M*** C*** · 9** *** 002');
    }
    const statuses = { open: 'À espera de resposta', paid: 'Pago', declined: 'Recusado', cancelled: 'Cancelado', expired: 'Expirado' };
    expect(shown.Estado).toBe(statuses[r!.status]);
    if (state.matches('awaitingPayer') || state.matches('declining')) {
      expect(ui.getByRole('button', { name: /^Pagar 1\s200,00\sKz$/ })).toBeTruthy();
      if (state.matches({ awaitingPayer: 'refused' })) expect(alert(ui)).toMatch(/.+/);
      if (state.matches('declining')) expect(status(ui)).toMatch(/A recusar/);
      return;
    }
    if (state.matches('waiting') || state.matches('cancelling')) {
      expect(ui.getByText('À espera que Bruno M*** C*** responda.')).toBeTruthy();
      expect(ui.queryByRole('button', { name: /Bloquear/ })).toBeNull();
      if (state.matches('cancelling')) expect(status(ui)).toMatch(/A cancelar/);
      if (state.matches({ waiting: 'refused' }) || state.matches({ waiting: 'unreachable' })) expect(alert(ui)).toMatch(/.+/);
      return;
    }
    if (state.matches('closed') || state.matches('blocking')) {
      expect(ui.queryByRole('button', { name: /^Pagar/ })).toBeNull();
      if (r!.role === 'payer') expect(ui.getByRole('button', { name: r!.requesterBlocked ? 'Desbloquear esta pessoa' : 'Bloquear pedidos desta pessoa' })).toBeTruthy();
      if (r!.requesterBlocked) expect(status(ui)).toMatch(/Bloqueou esta pessoa/);
      if (r!.transferId) expect(ui.getByRole('link', { name: 'Ver comprovativo' }).getAttribute('href')).toBe('/app/receipt?transferId=42');
      if (state.matches('blocking')) expect(status(ui)).toMatch(/A guardar/);
      if (state.matches('closed') && c.errorCode) expect(alert(ui)).toMatch(/.+/);
      return;
    }
    throw new Error(`no assertion for ${JSON.stringify(state.value)}`);
  },
};

const listEvents: UserEvents<MoneyRequestsEvent> = {
  'requests.retry': (ui) => click(ui, 'Tentar novamente'),
  'requests.refreshed': (ui) => click(ui, 'Ver de novo'),
};

const listBinding: ScreenBinding<typeof moneyRequestsMachine> = {
  view: (state, send) => <RequestsView state={state} send={send as (e: MoneyRequestsEvent) => void} />,
  userEvents: listEvents,
  states: {
    '"loading"': (ui) => expect(status(ui)).toMatch(/A carregar/),
    '"loadFailed"': (ui) => expect(ui.getByRole('button', { name: 'Tentar novamente' })).toBeTruthy(),
    '"shown"': (ui, state) => {
      const { sent, received } = state.context.lists;
      if (!sent.length) expect(ui.getByText('Ainda não pediu dinheiro a ninguém.')).toBeTruthy();
      if (!received.length) expect(ui.getByText('Ninguém lhe pediu dinheiro.')).toBeTruthy();
      if (received.length) {
        const link = ui.getByRole('link', { name: /Abrir pedido de Ana M\*\*\* S\*\*\*, 1\s200,00\sKz/ });
        expect(link.getAttribute('href')).toBe('/app/moneyRequest/7');
        expect(link.textContent).toMatch(/À espera de resposta/);
        expect(ui.getByRole('link', { name: /Abrir pedido de Ana M\*\*\* S\*\*\*, 500,00\sKz/ }).textContent).toMatch(/Expirado/);
        expect(ui.getByRole('link', { name: /Abrir pedido de Bruno M\*\*\* D\*\*\*/ }).textContent).toMatch(/Pago/);
      }
      expect(ui.getByRole('link', { name: 'Pedir dinheiro' }).getAttribute('href')).toBe('/app/moneyRequest');
    },
  },
};

describe('asking for money', () => {
  const paths = transitionCoveringPaths(moneyRequestModel);
  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_d, path) => {
    await runScreenPath(moneyRequestModel, path, askBinding);
  });
});

describe('the payee check on the asking screen', () => {
  // the asking page offers no stars: the paths that star, unstar or rename are the transfer screen's
  const paths = transitionCoveringPaths(payeeCheckModel).filter((p) => !p.steps.some((step) => step.event.type.startsWith('favourite.')));
  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_d, path) => {
    await runScreenPath(payeeCheckModel, path, payeeBinding);
  });
});

describe('a request for money', () => {
  const paths = transitionCoveringPaths(moneyRequestViewModel);
  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_d, path) => {
    await runScreenPath(moneyRequestViewModel, path, viewBinding);
  });
});

describe('the requests for money', () => {
  const paths = transitionCoveringPaths(moneyRequestsModel);
  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_d, path) => {
    await runScreenPath(moneyRequestsModel, path, listBinding);
  });
});
