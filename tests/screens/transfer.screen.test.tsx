import type { amountEntryMachine } from '../../machines/amountEntry.machine.ts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fireEvent, within, type screen as Screen } from '@testing-library/react';
import { createActor, fromPromise, waitFor, type ActorRefFrom } from 'xstate';
import axios, { type AxiosAdapter } from 'axios';
import { TransferView, TRANSFER_PAYEE_PAGE, TRANSFER_PAYMENT_WORDS } from '../../screens/transfer/TransferView.tsx';
import { PayeeCheckView } from '../../screens/common/PayeeCheckView.tsx';
import { TOPUP_PAYMENT_WORDS } from '../../screens/topup/TopupView.tsx';
import { WITHDRAWAL_PAYMENT_WORDS } from '../../screens/withdrawal/WithdrawalView.tsx';
import { PayConfirmView } from '../../screens/common/PayConfirmView.tsx';
import { PaymentView, type PaymentWords } from '../../screens/common/payment.tsx';
import { transferFlow } from '../../src/flows/transfer.ts';
import { sendPayment } from '../../src/flows/payment.ts';
import { transferMachine, type Assets, type Payee, type TransferEvent } from '../../machines/transfer.machine.ts';
import { payeeCheckMachine, type PayeeCheckEvent } from '../../machines/payeeCheck.machine.ts';
import { paymentMachine, type Application, type PaymentEvent, type PaymentOutput } from '../../machines/payment.machine.ts';
import type { Outcome } from '../../services/contract/outcome.ts';
import type { payConfirmMachine, PayConfirmEvent } from '../../machines/payConfirm.machine.ts';
import { transferModel, sampleAssets, samplePayee, sampleReceipt } from '../models/transfer.model.ts';
import { payeeCheckModel } from '../models/payeeCheck.model.ts';
import { payConfirmModel } from '../models/payConfirm.model.ts';
import { paymentModel } from '../models/payment.model.ts';
import { sampleKeypad } from '../models/payPassword.model.ts';
import { transitionCoveringPaths } from '../support/mbt.ts';
import { runScreenPath, type ScreenBinding, type UserEvents } from '../support/screen-mbt.tsx';
import { http } from '../../services/http.ts';
import { buildEnvelope } from '../../services/gateway.ts';
import { storage } from '../../src/lib/storage.ts';
import { envelope, startTestServer, type TestServer } from '../support/server.ts';
import { fund, verifyMember } from '../support/money.ts';

type Ui = typeof Screen;
const click = (ui: Ui, name: string | RegExp) => void fireEvent.click(ui.getByRole('button', { name }));
const type = (ui: Ui, label: string, value: string) => void fireEvent.change(ui.getByLabelText(label), { target: { value } });
const alert = (ui: Ui) => ui.getAllByRole('alert').map((a) => a.textContent).join(' ');
const status = (ui: Ui) => ui.getAllByRole('status').map((a) => a.textContent).join(' ');

const transferEvents: UserEvents<TransferEvent> = {
  'assets.retry': (ui) => click(ui, 'Tentar novamente'),
  'payee.changeRequested': (ui) => click(ui, 'Mudar destinatário'),
  'note.changed': (ui, e) => type(ui, 'Nota (opcional)', e.value),
  'payment.cancelled': (ui) => click(ui, 'Voltar ao valor'),
  'transfer.restarted': (ui) => click(ui, 'Nova transferência'),
};

const payeeCheckEvents: UserEvents<PayeeCheckEvent> = {
  'mobile.changed': (ui, e) => type(ui, 'Telemóvel do destinatário', e.value),
  'mobile.submitted': (ui) => click(ui, 'Continuar'),
  'payee.confirmed': (ui) => click(ui, 'Sim, é esta pessoa'),
  'payee.changeRequested': (ui) => click(ui, 'Não, mudar o número'),
  'payee.picked': (ui, e) => click(ui, e.mobile === '943000002' ? 'Pagar a Bruno M*** D*** (9** *** 002)' : 'Pagar a Carla S*** T*** (9** *** 003)'),
  'favourite.starred': (ui) => click(ui, 'Marcar Bruno M*** D*** como favorito'),
  'favourite.unstarred': (ui) => click(ui, 'Tirar Carla S*** T*** dos favoritos'),
  'favourite.renamed': (ui, e) => { type(ui, 'Nome para Carla S*** T*** (só você o vê)', e.nickname); click(ui, 'Guardar o nome de Carla S*** T***'); },
};

const SUMMARY = '1 250,00 Kz para Bruno M*** D*** (+244 943 000 002)';

const transferBinding: ScreenBinding<typeof transferMachine> = {
  view: (state, send) => <TransferView state={state} send={send as (e: TransferEvent) => void} />,
  userEvents: transferEvents,
  states: (ui, state) => {
    const c = state.context;
    if (state.matches('loadingAssets')) return void expect(status(ui)).toMatch(/A carregar/);
    if (state.matches('assetsFailed')) {
      expect(alert(ui)).toMatch(c.errorCode ? /erro no servidor/ : /Não foi possível carregar o seu saldo/);
      return void expect(ui.getByRole('button', { name: 'Tentar novamente' })).toBeTruthy();
    }
    if (state.matches('notVerified')) {
      expect(alert(ui)).toMatch(/Verifique a sua identidade/);
      return void expect(ui.getByRole('link', { name: 'Verificar identidade' }).getAttribute('href')).toBe('/app/personalcert');
    }
    if (state.matches('enteringPayee')) {
      // the payee child shows (its own binding covers its states): the number asked, or asked again with why
      expect(ui.getByText('Para quem quer transferir?')).toBeTruthy();
      expect((ui.getByLabelText('Telemóvel do destinatário') as HTMLInputElement).value).toBe(c.mobile);
      if (c.payeeProblem === 'notFound') expect(alert(ui)).toMatch(/Não encontrámos/);
      else if (c.payeeProblem === 'isSelf') expect(alert(ui)).toMatch(/própria conta/);
      else expect(ui.queryByRole('alert')).toBeNull();
      return;
    }
    if (state.matches('enteringAmount')) {
      expect(ui.getByText('Quanto quer enviar?')).toBeTruthy();
      expect(ui.getByText('Para: Bruno M*** D*** (+244 943 000 002)')).toBeTruthy();
      expect(ui.getByText(`Disponível: ${c.available === 4_875_000 ? '48 750,00 Kz' : '50 000,00 Kz'}`)).toBeTruthy();
      // the amount child starts with the amount asked before (its own screen test goes through its states)
      expect((ui.getByLabelText('Valor (Kz)') as HTMLInputElement).value).toBe(c.amountText);
      // the server's refusal of the amount asked before, shown by the amount child until it changes
      const refusals: Record<string, RegExp> = { FND10001: /Saldo disponível insuficiente/, FND10003: /limite diário/ };
      if (c.amountRefusal?.code) expect(alert(ui)).toMatch(refusals[c.amountRefusal.code]!);
      else expect(ui.queryByRole('alert')).toBeNull();
      return;
    }
    if (state.matches('paying')) {
      // the payment child shows (its own binding covers its states): the pay password, its keypad still coming
      expect(ui.getByText(SUMMARY)).toBeTruthy();
      expect(status(ui)).toMatch(/A preparar o teclado seguro/);
      return void expect(ui.getByRole('button', { name: 'Voltar ao valor' })).toBeTruthy();
    }
    if (state.matches('succeeded')) {
      expect(status(ui)).toMatch(/Transferência feita/);
      expect(ui.getByText('1 250,00 Kz')).toBeTruthy();
      expect(ui.getByText('48 750,00 Kz')).toBeTruthy();
      // the receipt of this transfer, to share (issue 26)
      expect(ui.getByRole('link', { name: 'Ver comprovativo' }).getAttribute('href')).toBe('/app/receipt?transferId=42');
      return void expect(ui.getByRole('link', { name: 'Ir para a carteira' }).getAttribute('href')).toBe('/app/wallet');
    }
    throw new Error(`no assertion for ${JSON.stringify(state.value)}`);
  },
};

/** The payee child on the transfer's screen: its words, its lists with stars and nicknames. */
const payeeCheckBinding: ScreenBinding<typeof payeeCheckMachine> = {
  view: (state, send) => <PayeeCheckView state={state} send={send as (e: PayeeCheckEvent) => void} page={TRANSFER_PAYEE_PAGE} />,
  userEvents: payeeCheckEvents,
  states: (ui, state) => {
    const c = state.context;
    if (state.matches('enteringMobile') || state.matches('checkingPayee') || state.matches('changingFavourite')) {
      expect(ui.getByText('Para quem quer transferir?')).toBeTruthy();
      // a favourite's rename is its own form, never inside the number's (a form in a form is invalid HTML)
      expect(document.querySelector('form form')).toBeNull();
      // the lists, once loaded: names and numbers masked, the nickname the member's own
      if (c.payees.recent.length) {
        expect(ui.getByRole('button', { name: 'Pagar a Bruno M*** D*** (9** *** 002)' })).toBeTruthy();
        expect(ui.getByText('Tia Carla')).toBeTruthy();
        expect(ui.getByText('Pagou recentemente')).toBeTruthy();
      } else expect(ui.queryByText('Pagou recentemente')).toBeNull();
      if (c.favouriteError) expect(alert(ui)).toMatch(/50 favoritos/);
      if (state.matches('changingFavourite')) expect(status(ui)).toMatch(/A guardar/);
      expect((ui.getByLabelText('Telemóvel do destinatário') as HTMLInputElement).value).toBe(c.mobile);
      const table: Record<string, RegExp> = { invalid: /9 algarismos/, notFound: /Não encontrámos/, isSelf: /própria conta/, refused: /Demasiados pedidos/, unreachable: /Erro de rede/ };
      for (const [sub, text] of Object.entries(table)) if (state.matches({ enteringMobile: sub as 'typing' })) expect(alert(ui)).toMatch(text);
      if (state.matches({ enteringMobile: 'typing' }) && !c.favouriteError) expect(ui.queryByRole('alert')).toBeNull();
      if (state.matches('checkingPayee')) expect(status(ui)).toMatch(/A procurar o destinatário/);
      return;
    }
    // confirmed: the question stays on screen as the page goes on to the amount
    if (state.matches('confirmingPayee') || state.matches('confirmed')) {
      // the explicit question, the verified name and the number, and the way back
      expect(ui.getByText('É esta a pessoa a quem quer pagar?')).toBeTruthy();
      expect(ui.getByText('Bruno M*** D***')).toBeTruthy();
      expect(ui.getByText('+244 943 000 002')).toBeTruthy();
      return void expect(ui.getByRole('button', { name: 'Não, mudar o número' })).toBeTruthy();
    }
    throw new Error(`no assertion for ${JSON.stringify(state.value)}`);
  },
};

const payConfirmEvents: UserEvents<PayConfirmEvent> = {
  'digit.pressed': (ui, e) => void fireEvent.click(within(ui.getByRole('group', { name: 'Teclado seguro' })).getByRole('button', { name: String(sampleKeypad.mapArr[e.position]) })),
  'digit.deleted': (ui) => click(ui, 'Apagar'),
  'keypad.retry': (ui) => click(ui, 'Tentar novamente'),
};

const payConfirmBinding: ScreenBinding<typeof payConfirmMachine> = {
  view: (state, send) => <PayConfirmView state={state} send={send as (e: PayConfirmEvent) => void} />,
  userEvents: payConfirmEvents,
  states: (ui, state) => {
    const c = state.context;
    if (state.matches('unavailable')) {
      expect(alert(ui)).toMatch(c.errorCode === 'AGW10003' ? /Dados inválidos/ : c.errorCode ? /erro no servidor/ : /Erro de rede/);
      return void expect(ui.getByRole('button', { name: 'Tentar novamente' })).toBeTruthy();
    }
    if (state.matches('authorised') || state.matches('refused')) return void expect(status(ui)).toMatch(/A confirmar/);
    expect(ui.getByText('Confirme com a palavra-passe de pagamento')).toBeTruthy();
    if (c.notice === 'PAY10001') expect(alert(ui)).toMatch(/errada\. Tentativas restantes: 4/);
    if (c.notice === 'PAY10005') expect(alert(ui)).toMatch(/teclado seguro expirou/);
    // where the pay password stands is asked first: no keypad until then
    if (state.matches('checkingPayPassword') || state.matches('loadingKeypad')) {
      expect(ui.queryByRole('group', { name: 'Teclado seguro' })).toBeNull();
      return void expect(status(ui)).toMatch(/A preparar o teclado seguro/);
    }
    const keys = within(ui.getByRole('group', { name: 'Teclado seguro' })).getAllByRole('button').map((b) => b.textContent);
    expect(keys.slice(0, 10)).toEqual(sampleKeypad.mapArr.map(String));
    expect(ui.getByRole('img').getAttribute('aria-label')).toBe(`${c.positions.length} de 6 dígitos`);
    if (state.matches('checking')) expect(status(ui)).toMatch(/A confirmar/);
  },
};

describe('transfer chart on its screen', () => {
  const paths = transitionCoveringPaths(transferModel);
  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_d, path) => {
    await runScreenPath(transferModel, path, transferBinding);
  });
});

describe('payee check chart on the transfer screen', () => {
  const paths = transitionCoveringPaths(payeeCheckModel);
  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_d, path) => {
    await runScreenPath(payeeCheckModel, path, payeeCheckBinding);
  });
});

describe('pay confirmation chart on its screen', () => {
  const paths = transitionCoveringPaths(payConfirmModel);
  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_d, path) => {
    await runScreenPath(payConfirmModel, path, payConfirmBinding);
  });
});

/** How each flow's payment steps read: its words (the same as before the chart was shared) and its ways back. */
const FLOW_PAYMENTS: { flow: string; words: PaymentWords; paying: RegExp; uncertain: RegExp; cancel: string; back: string }[] = [
  { flow: 'transfer', words: TRANSFER_PAYMENT_WORDS, paying: /A transferir/, uncertain: /transferência foi feita.*nunca será pago duas vezes/, cancel: 'Voltar ao valor', back: 'Voltar ao valor' },
  { flow: 'top-up', words: TOPUP_PAYMENT_WORDS, paying: /A confirmar o carregamento/, uncertain: /nunca será cobrado duas vezes/, cancel: 'Cancelar o carregamento', back: 'Voltar ao valor' },
  { flow: 'withdrawal', words: WITHDRAWAL_PAYMENT_WORDS, paying: /A enviar o levantamento/, uncertain: /levantamento.*nunca será pago duas vezes/, cancel: 'Voltar ao resumo', back: 'Voltar ao resumo' },
];

const PAYMENT_SUMMARY = '1 250,00 Kz do cartão BAI 6004 00** **** 0011';

function paymentBinding({ words, paying, uncertain, cancel, back }: (typeof FLOW_PAYMENTS)[number]): ScreenBinding<typeof paymentMachine> {
  const events: UserEvents<PaymentEvent> = {
    'payment.retry': (ui) => click(ui, 'Tentar de novo'),
    'payPasswordSetup.started': (ui) => click(ui, 'Definir palavra-passe de pagamento'),
  };
  return {
    view: (state, send) => <PaymentView state={state} send={send as (e: PaymentEvent) => void} summary={<p>{PAYMENT_SUMMARY}</p>} words={words} onLeave={() => undefined} />,
    userEvents: events,
    states: (ui, state) => {
      const c = state.context;
      expect(ui.getByText(PAYMENT_SUMMARY)).toBeTruthy();
      if (state.matches('authorising')) {
        // the pay confirmation child, its keypad still coming
        expect(status(ui)).toMatch(/A preparar o teclado seguro/);
        if (state.matches({ authorising: 'reauthorising' })) expect(alert(ui)).toMatch(/expirou/);
        else expect(ui.queryByRole('alert')).toBeNull();
        // just set: the same payment, now confirmed with it
        if (state.matches({ authorising: 'afterSetting' })) expect(status(ui)).toMatch(/Palavra-passe de pagamento guardada\. Use-a agora para confirmar/);
        else expect(status(ui)).not.toMatch(/guardada/);
        return void expect(ui.getByRole('button', { name: cancel })).toBeTruthy();
      }
      if (state.matches('settingPayPassword')) {
        // the pay password chosen here (the child's own test covers its keypad), the payment waiting above it
        expect(status(ui)).toMatch(/A preparar o teclado seguro/);
        return void expect(ui.getByRole('button', { name: cancel })).toBeTruthy();
      }
      if (state.matches('applying') || state.matches('answered')) {
        expect(status(ui)).toMatch(paying);
        return void expect(ui.queryByRole('button')).toBeNull();
      }
      if (state.matches('uncertain')) {
        expect(ui.getByText('Não recebemos a resposta')).toBeTruthy();
        expect(alert(ui)).toMatch(uncertain);
        expect(ui.queryByRole('button', { name: back })).toBeNull(); // only the same request may go again
        expect(ui.getByRole('button', { name: 'Tentar de novo' })).toBeTruthy();
        return void expect(ui.getByRole('link', { name: 'Ver movimentos' }).getAttribute('href')).toBe('/app/funddetail');
      }
      expect(ui.getByRole('button', { name: back })).toBeTruthy();
      if (state.matches({ refused: 'locked' })) return void expect(alert(ui)).toMatch(/Demasiadas tentativas erradas\. Pode voltar a pagar dentro de 30 min/);
      if (state.matches({ refused: 'noPayPassword' })) {
        // known before any keypad; set here and come back, never a trip to another page
        expect(alert(ui)).toMatch(/Ainda não definiu/);
        expect(ui.queryByRole('link', { name: 'Definir palavra-passe de pagamento' })).toBeNull();
        return void expect(ui.getByRole('button', { name: 'Definir palavra-passe de pagamento' })).toBeTruthy();
      }
      if (state.matches({ refused: 'other' })) {
        const table: Record<string, RegExp> = { FND10002: /já foi usado com outros dados/, AGW50000: /erro no servidor/ };
        return void expect(alert(ui)).toMatch(c.errorCode ? table[c.errorCode]! : /Erro de rede/);
      }
      throw new Error(`no assertion for ${JSON.stringify(state.value)}`);
    },
  };
}

describe.each(FLOW_PAYMENTS)('the payment chart on the $flow screen', (flowPayment) => {
  const paths = transitionCoveringPaths(paymentModel);
  const binding = paymentBinding(flowPayment);
  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_d, path) => {
    await runScreenPath(paymentModel, path, binding);
  });
});

describe('a transfer whose answer is lost is retried without paying twice', () => {
  const refusal = (code: string): Outcome<never> => ({ ok: false, code, message: code, detail: '' });

  it('resends the same requestNo and pay token; a new authorisation gets a new requestNo', async () => {
    const sent: Application[] = [];
    const answers: Array<'lost' | 'expired' | 'ok'> = ['lost', 'expired', 'ok'];
    let tokens = 0;
    const machine = transferMachine.provide({
      actors: {
        loadAssets: fromPromise<Outcome<Assets>>(async () => ({ ok: true, data: sampleAssets })),
        payeeCheck: payeeCheckMachine.provide({ actors: { queryPayee: fromPromise<Outcome<Payee>, { mobile: string }>(async () => ({ ok: true, data: samplePayee })) } }),
        // the shared payment chart, with the pay confirmation and the transfer call as stand-ins
        payment: paymentMachine.provide({
          actors: {
            payConfirm: fromPromise(async () => ({ ok: true, data: { payToken: `pay-token-${++tokens}-abcdefghijklmnopqrstuvwxyz` } })) as never,
            apply: fromPromise<PaymentOutput, Application>(async ({ input }) => {
              sent.push(input);
              const answer = answers.shift();
              if (answer === 'lost') throw new Error('answer lost');
              return answer === 'expired' ? refusal('FND10008') : { ok: true, data: sampleReceipt };
            }),
          },
        }),
      },
    });
    const actor = createActor(machine, { input: { language: 'pt' } }).start();
    await waitFor(actor, (s) => s.matches('enteringPayee'));
    const payeeCheck = actor.getSnapshot().children.payeeCheck as ActorRefFrom<typeof payeeCheckMachine>;
    payeeCheck.send({ type: 'mobile.changed', value: '943 000 002' });
    payeeCheck.send({ type: 'mobile.submitted' });
    await waitFor(payeeCheck, (s) => s.matches('confirmingPayee'));
    payeeCheck.send({ type: 'payee.confirmed' });
    await waitFor(actor, (s) => s.matches('enteringAmount'));
    const amountEntry = actor.getSnapshot().children.amountEntry as ActorRefFrom<typeof amountEntryMachine>;
    amountEntry.send({ type: 'amount.changed', value: '1 250' });
    actor.send({ type: 'note.changed', value: '  Renda  ' });
    amountEntry.send({ type: 'amount.submitted' });
    const payment = actor.getSnapshot().children.payment as ActorRefFrom<typeof paymentMachine>;
    await waitFor(payment, (s) => s.matches('uncertain'));
    payment.send({ type: 'payment.retry' });
    await waitFor(actor, (s) => s.matches('succeeded'));
    expect(sent).toHaveLength(3);
    expect(sent[0]).toMatchObject({ service: 'wallet/transfer/doTransfer', request: { mobile: '943000002', amount: 125_000, note: 'Renda' } });
    expect(sent[1]).toEqual(sent[0]); // the same request, to the byte
    expect(sent[0]!.requestNo).toMatch(/^H5T[A-Za-z0-9]{8,61}$/);
    expect(sent[2]!.requestNo).not.toBe(sent[0]!.requestNo); // re-authorised after FND10008: a new payment request
    expect(sent[2]!.request.payToken).not.toBe(sent[0]!.request.payToken);
    expect(sent[2]!.request).toMatchObject({ mobile: '943000002', amount: 125_000, note: 'Renda' });
    expect(actor.getSnapshot().context).toMatchObject({ available: sampleReceipt.available, receipt: sampleReceipt });
    actor.stop();
  });
});

describe('the gateway sends a given requestNo', () => {
  const adapter = http.defaults.adapter;
  afterEach(() => {
    http.defaults.adapter = adapter;
  });

  it('puts the chart’s requestNo in the envelope, and a new one in every other call', async () => {
    const envelopes: { requestNo: string; service: string; bizContent: unknown }[] = [];
    http.defaults.adapter = (async (config) => {
      envelopes.push(JSON.parse(config.data as string));
      return { data: { code: 'S0001', msg: '', subMsg: '', bizContent: sampleReceipt }, status: 200, statusText: 'OK', headers: {}, config };
    }) as AxiosAdapter;
    const application = { service: 'wallet/transfer/doTransfer', request: { mobile: '943000002', amount: 125_000, note: '', payToken: 'pay-token-abcdefghijklmnopqrstuvwxyz' }, requestNo: 'H5Tretry0001' };
    expect(await sendPayment(application)).toEqual({ ok: true, data: sampleReceipt });
    await sendPayment(application);
    expect(envelopes.map((e) => e.requestNo)).toEqual(['H5Tretry0001', 'H5Tretry0001']);
    expect(envelopes[0]).toMatchObject({ service: 'wallet/transfer/doTransfer', bizContent: application.request });
    expect(envelopes[0]!.bizContent).not.toHaveProperty('requestNo');
    const [a, b] = await Promise.all([buildEnvelope('common/logout', {}), buildEnvelope('common/logout', {})]);
    expect(a.requestNo).not.toBe(b.requestNo);
    expect((await buildEnvelope('common/logout', {}, { requestNo: 'H5Tgiven0001' })).requestNo).toBe('H5Tgiven0001');
  });
});

describe('a transfer through the real gateway (PGlite), with the answer of the first try lost', () => {
  let server: TestServer;
  const adapter = http.defaults.adapter;
  const baseURL = http.defaults.baseURL;
  beforeAll(async () => {
    server = await startTestServer('pglite');
    const anaId = await verifyMember(server.db, '+244923000001', 'Ana Maria Demo');
    await verifyMember(server.db, '+244943000002', 'Bruno Manuel Demo');
    await fund(server.db, anaId, 50_000n * 100n);
    http.defaults.baseURL = await server.app.listen({ port: 0, host: '127.0.0.1' });
  }, 60_000);
  afterAll(async () => {
    http.defaults.adapter = adapter;
    http.defaults.baseURL = baseURL;
    storage.clearUserItems();
    await server.close();
  });

  it('pays once: the retry resends the same request and gets the first answer', async () => {
    window.history.replaceState({}, '', '/app/transfer');
    storage.setUserInfo({ h5Token: await server.memberToken('+244923000001') });
    const fetchAdapter = axios.getAdapter('fetch');
    const transfers: string[] = [];
    http.defaults.adapter = async (config) => {
      const response = await fetchAdapter(config);
      const envelope = JSON.parse(config.data as string) as { service: string; requestNo: string };
      if (envelope.service === 'wallet/transfer/doTransfer') {
        transfers.push(envelope.requestNo);
        if (transfers.length === 1) throw new Error('the answer was lost on the way back'); // the server did pay
      }
      return response;
    };
    const actor = createActor(transferFlow, { input: { language: 'pt' } }).start();
    await waitFor(actor, (s) => s.matches('enteringPayee'), { timeout: 10_000 });
    expect(actor.getSnapshot().context.available).toBe(5_000_000);
    const payeeCheck = actor.getSnapshot().children.payeeCheck as ActorRefFrom<typeof payeeCheckMachine>;
    payeeCheck.send({ type: 'mobile.changed', value: '943000002' });
    payeeCheck.send({ type: 'mobile.submitted' });
    await waitFor(payeeCheck, (s) => s.matches('confirmingPayee'), { timeout: 10_000 });
    expect(payeeCheck.getSnapshot().context.payee).toEqual({ maskedName: 'Bruno M*** D***', mobile: '+244943000002' });
    payeeCheck.send({ type: 'payee.confirmed' });
    await waitFor(actor, (s) => s.matches('enteringAmount'), { timeout: 10_000 });
    expect(actor.getSnapshot().context.payee).toEqual({ maskedName: 'Bruno M*** D***', mobile: '+244943000002' });
    const amountEntry = actor.getSnapshot().children.amountEntry as ActorRefFrom<typeof amountEntryMachine>;
    amountEntry.send({ type: 'amount.changed', value: '1 250,50' });
    amountEntry.send({ type: 'amount.submitted' });
    // the secure keypad of the payment chart's pay confirmation: the digits' positions on the server's shuffled map
    const payment = actor.getSnapshot().children.payment as ActorRefFrom<typeof paymentMachine>;
    const child = () => payment.getSnapshot().children.payConfirm as ActorRefFrom<typeof payConfirmMachine>;
    await waitFor(child(), (s) => s.matches('entering'), { timeout: 10_000 });
    expect(storage.getKeypadKeys().randKey).toBe(child().getSnapshot().context.keypad!.randKey);
    for (const digit of '270419') child().send({ type: 'digit.pressed', position: child().getSnapshot().context.keypad!.mapArr.indexOf(Number(digit)) });
    await waitFor(payment, (s) => s.matches('uncertain'), { timeout: 20_000 });
    expect(storage.getKeypadKeys().randKey).toBeUndefined(); // gone with the keypad
    payment.send({ type: 'payment.retry' });
    await waitFor(actor, (s) => s.matches('succeeded'), { timeout: 10_000 });
    expect(transfers).toHaveLength(2);
    expect(transfers[1]).toBe(transfers[0]);
    expect(actor.getSnapshot().context.receipt).toMatchObject({ amount: 125_050, available: 5_000_000 - 125_050, maskedName: 'Bruno M*** D***' });
    const bruno = await server.memberToken('+244943000002');
    const assets = (await server.app.inject({ method: 'POST', url: '/gatewayinner/api', payload: envelope('wallet/member/getUserAssets', {}, { token: bruno }) })).json();
    expect(assets.bizContent.available).toBe(125_050); // received once
    actor.stop();
  }, 60_000);
});
