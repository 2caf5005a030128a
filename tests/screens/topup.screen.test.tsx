import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, type screen as Screen } from '@testing-library/react';
import { createActor, fromPromise, waitFor, type ActorRefFrom } from 'xstate';
import type { AxiosAdapter } from 'axios';
import { TopupView } from '../../screens/topup/TopupView.tsx';
import { sendPayment } from '../../src/flows/payment.ts';
import { topupActors } from '../../src/flows/topup.ts';
import { codeEntryWith } from '../../src/flows/codeEntry.ts';
import type { CodeEntryActor } from '../../screens/common/CodeEntryView.tsx';
import { topupMachine, type TopupEvent } from '../../machines/topup.machine.ts';
import { paymentMachine, type Application, type PaymentOutput } from '../../machines/payment.machine.ts';
import { bankSettlementMachine } from '../../machines/bankSettlement.machine.ts';
import { boundCardsMachine } from '../../machines/boundCards.machine.ts';
import type { amountEntryMachine } from '../../machines/amountEntry.machine.ts';
import type { cardChoiceMachine } from '../../machines/cardChoice.machine.ts';
import { WaitingForBankView } from '../../screens/common/bank.tsx';
import { bankSettlementModel } from '../models/bankSettlement.model.ts';
import { topupModel, sampleOrder, sampleRules, sampleTopupStatus } from '../models/topup.model.ts';
import { sampleCard } from '../models/withdrawal.model.ts';
import { transitionCoveringPaths } from '../support/mbt.ts';
import { runScreenPath, type ScreenBinding, type UserEvents } from '../support/screen-mbt.tsx';
import { http } from '../../services/http.ts';
import type { Outcome } from '../../services/contract/outcome.ts';

type Ui = typeof Screen;
const click = (ui: Ui, name: string | RegExp) => void fireEvent.click(ui.getByRole('button', { name }));
const type = (ui: Ui, label: string, value: string) => void fireEvent.change(ui.getByLabelText(label), { target: { value } });
const alert = (ui: Ui) => ui.getAllByRole('alert').map((a) => a.textContent).join(' ');
const status = (ui: Ui) => ui.getAllByRole('status').map((a) => a.textContent).join(' ');

const CARD = 'BAI 6004 00** **** 0011';
const CARD_BUTTON = /6004 00\*\* \*\*\*\* 0011/;
const SUMMARY = `1 250,00 Kz do cartão ${CARD}`;

const events: UserEvents<TopupEvent> = {
  'card.change': (ui) => click(ui, 'Mudar cartão'),
  'topup.cancelled': (ui) => click(ui, 'Cancelar o carregamento'),
  'topup.restarted': (ui) => click(ui, /Começar de novo|Novo carregamento/),
};

const binding: ScreenBinding<typeof topupMachine> = {
  view: (state, send) => <TopupView state={state} send={send as (e: TopupEvent) => void} />,
  userEvents: events,
  states: (ui, state) => {
    const c = state.context;
    // the cards (boundCards child: its own screen test goes through its states), asked for; after
    // the child failed (never the server's doing), at its failure, to be asked again by hand
    if (state.matches('loadingCards')) {
      if (c.cardsInterrupted) return void expect(alert(ui)).toMatch(/Não foi possível carregar os seus cartões/);
      return void expect(status(ui)).toMatch(/A carregar/);
    }
    if (state.matches('notVerified')) {
      expect(alert(ui)).toMatch(/Verifique a sua identidade/);
      return void expect(ui.getByRole('link', { name: 'Verificar identidade' }).getAttribute('href')).toBe('/app/personalcert');
    }
    if (state.matches('choosingCard') || state.matches('loadingRules')) {
      expect(ui.getByText('De que cartão quer carregar?')).toBeTruthy();
      expect((ui.getByRole('button', { name: CARD_BUTTON }) as HTMLButtonElement).disabled).toBe(state.hasTag('busy'));
      // back at the choice (cardChoice child) when the bank's limits could not be read
      if (state.matches('choosingCard') && c.cardTrouble) expect(alert(ui)).toMatch(c.cardTrouble.code ? /erro no servidor/ : /Não foi possível carregar os limites deste banco/);
      else expect(ui.queryByRole('alert')).toBeNull();
      if (state.hasTag('busy')) expect(status(ui)).toMatch(/A carregar os limites do banco/);
      return;
    }
    if (state.matches('enteringAmount') || state.matches('applying')) {
      expect(ui.getByText('Quanto quer carregar?')).toBeTruthy();
      expect(ui.getByText(`Do cartão: ${CARD}`)).toBeTruthy();
      // the amount child starts with the amount asked before (its own screen test goes through its states)
      expect((ui.getByLabelText('Valor a carregar (Kz)') as HTMLInputElement).value).toBe(c.amountText);
      // the bank's limits are in view before anything is typed
      expect(ui.getByText('Máximo por carregamento neste banco: 500 000,00 Kz')).toBeTruthy();
      expect(ui.getByText('Máximo por dia neste banco: 4 000 000,00 Kz')).toBeTruthy();
      // the server's refusal of the amount asked before, shown by the amount child until it changes
      const refusals: Record<string, RegExp> = { CRD10010: /limite diário de carregamentos deste banco/, FND10003: /ultrapassaria o máximo da sua conta/, COD10005: /demasiados pedidos/ };
      if (state.matches('enteringAmount') && c.amountRefusal) expect(alert(ui)).toMatch(c.amountRefusal.code ? refusals[c.amountRefusal.code]! : /Erro de rede/);
      else expect(ui.queryByRole('alert')).toBeNull();
      if (state.matches('applying')) expect(status(ui)).toMatch(/A pedir o código ao banco/);
      return;
    }
    if (state.matches('enteringCode')) {
      // the shared code entry (its own screen test goes through its states), its resend cooling down
      expect(ui.getByText(SUMMARY)).toBeTruthy();
      expect(ui.getByText(/Enviámos um código de 6 dígitos para 923\*\*\*001/)).toBeTruthy();
      expect(ui.getByLabelText('Código de verificação')).toBeTruthy();
      expect((ui.getByRole('button', { name: /Reenviar código em \d+ s/ }) as HTMLButtonElement).disabled).toBe(true);
      return void expect(ui.getByRole('button', { name: 'Cancelar o carregamento' })).toBeTruthy();
    }
    if (state.matches('orderExpired')) {
      expect(alert(ui)).toMatch(/Este carregamento expirou ou não existe/);
      return void expect(ui.getByRole('button', { name: 'Começar de novo' })).toBeTruthy();
    }
    if (state.matches('paying')) {
      // the payment child shows (its own binding covers its states): the pay password, its keypad still coming
      expect(ui.getByText(SUMMARY)).toBeTruthy();
      expect(status(ui)).toMatch(/A preparar o teclado seguro/);
      return void expect(ui.getByRole('button', { name: 'Cancelar o carregamento' })).toBeTruthy();
    }
    if (state.matches('waitingForBank')) {
      // back after a reload, the summary waits for the bank's first answer
      if (c.amount || c.status) expect(ui.getByText(SUMMARY)).toBeTruthy();
      else expect(ui.queryByText(/do cartão/)).toBeNull();
      expect(status(ui)).toMatch(/À espera do banco/);
      expect(ui.getByText(/entra no saldo disponível assim que o banco confirmar/)).toBeTruthy();
      // a way to leave, or to start another: the top-up settles without this page
      expect(ui.getByRole('button', { name: 'Novo carregamento' })).toBeTruthy();
      return void expect(ui.getByRole('link', { name: 'Ir para a carteira' }).getAttribute('href')).toBe('/app/wallet');
    }
    if (state.matches('failedAtBank')) {
      expect(alert(ui)).toMatch(/O banco recusou o carregamento: saldo insuficiente na conta do cartão/);
      return void expect(ui.getByText('O cartão não foi debitado e nada entrou na carteira.')).toBeTruthy();
    }
    if (state.matches('succeeded')) {
      expect(status(ui)).toBe('Carregamento feito: 1 250,00 Kz entraram no seu saldo disponível.');
      expect(ui.getByRole('link', { name: 'Ver comprovativo' }).getAttribute('href')).toBe('/app/receipt?orderNo=TP202603140001');
      return void expect(ui.getByRole('button', { name: 'Novo carregamento' })).toBeTruthy();
    }
    throw new Error(`no assertion for ${JSON.stringify(state.value)}`);
  },
};

describe('top-up chart on its screen', () => {
  const paths = transitionCoveringPaths(topupModel);
  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_d, path) => {
    await runScreenPath(topupModel, path, binding);
  });
});

const settlementBinding: ScreenBinding<typeof bankSettlementMachine> = {
  view: (state) => (
    <WaitingForBankView
      settlement={state}
      summary={(bankStatus) => <p>{bankStatus ? `Estado do banco: ${bankStatus.state}` : 'Ainda sem estado'}</p>}
      pending="À espera do banco…"
      explanation="O carregamento entra no saldo assim que o banco confirmar."
      another={{ label: 'Novo carregamento', onStart: () => undefined }}
    />
  ),
  userEvents: {},
  states: (ui, state) => {
    // the summary follows the bank's latest answer, the only source after a reload
    const known = state.context.status;
    expect(ui.getByText(known ? `Estado do banco: ${known.state}` : 'Ainda sem estado')).toBeTruthy();
    if (state.matches('unreachable')) expect(ui.getByText(/Sem ligação ao servidor/)).toBeTruthy();
    else expect(ui.queryByText(/Sem ligação ao servidor/)).toBeNull();
    expect(status(ui)).toMatch(/À espera do banco/);
    expect(ui.getByRole('button', { name: 'Novo carregamento' })).toBeTruthy();
    expect(ui.getByRole('link', { name: 'Ir para a carteira' }).getAttribute('href')).toBe('/app/wallet');
  },
};

describe('following a payment at the bank, on its screen', () => {
  const paths = transitionCoveringPaths(bankSettlementModel);
  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_d, path) => {
    await runScreenPath(bankSettlementModel, path, settlementBinding);
  });
});

describe('a top-up with real actors', () => {
  const answer = <T,>(data: T) => fromPromise<Outcome<T>>(async () => ({ ok: true, data })) as never;

  it('resends a lost confirmation as it was, then waits for the bank until it credits', async () => {
    const sent: Application[] = [];
    const replies: Array<'lost' | 'ok'> = ['lost', 'ok'];
    const polls = [sampleTopupStatus.pending, sampleTopupStatus.pending, sampleTopupStatus.paid];
    const purposes: unknown[] = [];
    const machine = topupMachine.provide({
      actors: {
        boundCards: boundCardsMachine.provide({ actors: { loadCards: answer({ cards: [sampleCard] }) } }),
        loadRules: answer({ banks: [sampleRules] }),
        applyTopup: fromPromise(async ({ input }: { input: { cardId: string; amount: number } }) => {
          expect(input).toEqual({ cardId: '7', amount: 125_000 });
          return { ok: true as const, data: sampleOrder };
        }) as never,
        codeEntry: codeEntryWith({
          send: async () => { throw new Error('no new code is asked for'); },
          verify: async (request, _sent, code) => {
            // the code is checked for the order the bank sent it for, as typed without its spaces
            expect({ ...request, code }).toEqual({ orderNo: sampleOrder.orderNo, code: '123456' });
            return { ok: true, data: { orderNo: sampleOrder.orderNo, state: 'CODE_VERIFIED' } };
          },
        }),
        // the shared payment chart, with the pay confirmation and the confirmation call as stand-ins
        payment: paymentMachine.provide({
          actors: {
            payConfirm: fromPromise(async ({ input }: { input: { purpose: unknown } }) => {
              purposes.push(input.purpose);
              return { ok: true, data: { payToken: 'pay-token-abcdefghijklmnopqrstuvwxyz' } };
            }) as never,
            apply: fromPromise<PaymentOutput, Application>(async ({ input }) => {
              sent.push(input);
              if (replies.shift() === 'lost') throw new Error('answer lost');
              return { ok: true, data: sampleTopupStatus.pending };
            }),
          },
        }),
        bankSettlement: bankSettlementMachine.provide({
          actors: { queryStatus: fromPromise(async () => ({ ok: true as const, data: polls.shift()! })) as never },
          delays: { pollInterval: 1 },
        }),
      },
    });
    const actor = createActor(machine, { input: { language: 'pt' } }).start();
    await waitFor(actor, (s) => s.matches('choosingCard'));
    (actor.getSnapshot().children.cardChoice as ActorRefFrom<typeof cardChoiceMachine>).send({ type: 'card.chosen', cardId: '7' });
    await waitFor(actor, (s) => s.matches('enteringAmount'));
    const amountEntry = actor.getSnapshot().children.amountEntry as ActorRefFrom<typeof amountEntryMachine>;
    amountEntry.send({ type: 'amount.changed', value: '1 250' });
    amountEntry.send({ type: 'amount.submitted' });
    await waitFor(actor, (s) => s.matches('enteringCode'));
    const codeEntry = actor.getSnapshot().children.codeEntry as CodeEntryActor;
    codeEntry.send({ type: 'code.changed', value: '12 34 56' });
    codeEntry.send({ type: 'code.submitted' });
    await waitFor(actor, (s) => s.matches('paying'));
    const payment = () => actor.getSnapshot().children.payment as ActorRefFrom<typeof paymentMachine>;
    await waitFor(payment(), (s) => s.matches('uncertain'));
    // the pay password authorised exactly this payment: the top-up service, its amount, the card
    expect(purposes).toEqual([{ service: 'wallet/topup/confirmTopup', amount: 125_000, counterparty: '7' }]);
    payment().send({ type: 'payment.retry' });
    await waitFor(actor, (s) => s.matches('succeeded'));
    expect(sent).toHaveLength(2);
    expect(sent[1]).toEqual(sent[0]); // the same request, to the byte
    expect(sent[0]).toMatchObject({ service: 'wallet/topup/confirmTopup', request: { orderNo: sampleOrder.orderNo, payToken: 'pay-token-abcdefghijklmnopqrstuvwxyz' } });
    expect(sent[0]!.requestNo).toMatch(/^H5P[A-Za-z0-9]{8,61}$/);
    expect(polls).toEqual([]);
    actor.stop();
  });

  it('comes back after a reload to the top-up left at the bank, and follows it to the end', async () => {
    const asked: string[] = [];
    const polls = [sampleTopupStatus.pending, sampleTopupStatus.paid];
    const machine = topupMachine.provide({
      actors: {
        boundCards: boundCardsMachine.provide({ actors: { loadCards: fromPromise(async () => { throw new Error('a resumed top-up loads no cards'); }) as never } }),
        bankSettlement: bankSettlementMachine.provide({
          actors: { queryStatus: fromPromise(async ({ input }: { input: { reference: string } }) => { asked.push(input.reference); return { ok: true as const, data: polls.shift()! }; }) as never },
          delays: { pollInterval: 1 },
        }),
      },
    });
    const actor = createActor(machine, { input: { language: 'pt', pendingOrderNo: sampleOrder.orderNo } }).start();
    expect(actor.getSnapshot().matches('waitingForBank')).toBe(true);
    await waitFor(actor, (s) => s.matches('succeeded'));
    expect(asked).toEqual([sampleOrder.orderNo, sampleOrder.orderNo]);
    expect(actor.getSnapshot().context).toMatchObject({ pendingOrderNo: null, status: { state: 'SUCCESS', amount: 125_000 } });
    actor.stop();
  });
});

describe('the top-up confirmation call', () => {
  const adapter = http.defaults.adapter;
  afterEach(() => {
    http.defaults.adapter = adapter;
  });

  it('puts the chart’s requestNo in the envelope, not in bizContent', async () => {
    const envelopes: { requestNo: string; service: string; bizContent: unknown }[] = [];
    http.defaults.adapter = (async (config) => {
      envelopes.push(JSON.parse(config.data as string));
      return { data: { code: 'S0001', msg: '', subMsg: '', bizContent: sampleTopupStatus.pending }, status: 200, statusText: 'OK', headers: {}, config };
    }) as AxiosAdapter;
    const application = { service: 'wallet/topup/confirmTopup', request: { orderNo: sampleOrder.orderNo, payToken: 'pay-token-abcdefghijklmnopqrstuvwxyz' }, requestNo: 'H5Pretry0001' };
    expect(await sendPayment(application)).toEqual({ ok: true, data: sampleTopupStatus.pending });
    expect(envelopes[0]).toMatchObject({ requestNo: 'H5Pretry0001', service: 'wallet/topup/confirmTopup', bizContent: { orderNo: sampleOrder.orderNo } });
    expect(envelopes[0]!.bizContent).not.toHaveProperty('requestNo');
  });
});

describe('the top-up’s code entry calls', () => {
  const adapter = http.defaults.adapter;
  afterEach(() => {
    http.defaults.adapter = adapter;
  });

  it('asks the bank for a new code and checks the code under the order', async () => {
    const envelopes: { service: string; bizContent: unknown }[] = [];
    const answers: Record<string, unknown> = {
      'wallet/topup/resendTopupCode': { mobileMasked: '923***001', expiresInSeconds: 300, resendAfterSeconds: 60 },
      'wallet/topup/verifyTopupCode': { orderNo: sampleOrder.orderNo, state: 'CODE_VERIFIED' },
    };
    http.defaults.adapter = (async (config) => {
      const envelope = JSON.parse(config.data as string) as { service: string; bizContent: unknown };
      envelopes.push(envelope);
      return { data: { code: 'S0001', msg: '', subMsg: '', bizContent: answers[envelope.service] }, status: 200, statusText: 'OK', headers: {}, config };
    }) as AxiosAdapter;
    // the order's first code may be followed by another at once
    const actor = createActor(topupActors.codeEntry, { input: { request: { orderNo: sampleOrder.orderNo }, sent: { ...sampleOrder, resendAfterSeconds: 0 }, handOver: ['TOP10001'] } }).start();
    await waitFor(actor, (s) => s.matches({ enteringCode: { resend: 'available' } }));
    actor.send({ type: 'code.resendRequested' });
    await waitFor(actor, (s) => s.matches({ enteringCode: { resend: 'coolingDown' } }));
    actor.send({ type: 'code.changed', value: '654321' });
    actor.send({ type: 'code.submitted' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(actor.getSnapshot().output).toEqual({ ok: true, data: { orderNo: sampleOrder.orderNo, state: 'CODE_VERIFIED' } });
    expect(envelopes.map(({ service, bizContent }) => ({ service, bizContent }))).toEqual([
      { service: 'wallet/topup/resendTopupCode', bizContent: { orderNo: sampleOrder.orderNo } },
      { service: 'wallet/topup/verifyTopupCode', bizContent: { orderNo: sampleOrder.orderNo, code: '654321' } },
    ]);
  });
});
