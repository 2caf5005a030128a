import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, type screen as Screen } from '@testing-library/react';
import { createActor, fromPromise, waitFor, type ActorRefFrom } from 'xstate';
import type { AxiosAdapter } from 'axios';
import { WithdrawalView } from '../../screens/withdrawal/WithdrawalView.tsx';
import { sendPayment } from '../../src/flows/payment.ts';
import { loadWithdrawInfo } from '../../src/flows/withdrawal.ts';
import { withdrawalMachine, type WithdrawalEvent } from '../../machines/withdrawal.machine.ts';
import { paymentMachine, type Application, type PaymentOutput } from '../../machines/payment.machine.ts';
import { bankSettlementMachine } from '../../machines/bankSettlement.machine.ts';
import { boundCardsMachine } from '../../machines/boundCards.machine.ts';
import type { amountEntryMachine } from '../../machines/amountEntry.machine.ts';
import type { cardChoiceMachine } from '../../machines/cardChoice.machine.ts';
import { branchPickerMachine, type BranchPickerEvent } from '../../machines/branchPicker.machine.ts';
import { BranchPickerView } from '../../screens/common/BranchPickerView.tsx';
import { branchPickerModel } from '../models/branchPicker.model.ts';
import { withdrawalModel, sampleCharge, sampleInfo, sampleLimits, sampleReceipt, sampleStatus } from '../models/withdrawal.model.ts';
import { transitionCoveringPaths } from '../support/mbt.ts';
import { runScreenPath, type ScreenBinding, type UserEvents } from '../support/screen-mbt.tsx';
import { http } from '../../services/http.ts';
import type { Outcome } from '../../services/contract/outcome.ts';
import { dictionary } from '../../locales/dictionary.ts';
const pt = dictionary('pt');

type Ui = typeof Screen;
const click = (ui: Ui, name: string | RegExp) => void fireEvent.click(ui.getByRole('button', { name }));
const alert = (ui: Ui) => ui.getAllByRole('alert').map((a) => a.textContent).join(' ');
const status = (ui: Ui) => ui.getAllByRole('status').map((a) => a.textContent).join(' ');
const errorText = (code: string | null) => (pt.errors as Record<string, unknown>)[code ?? 'AGW50000'] as string;

const CARD = 'BAI 6004 00** **** 0011';
const CARD_BUTTON = /6004 00\*\* \*\*\*\* 0011/;

const events: UserEvents<WithdrawalEvent> = {
  'card.change': (ui) => click(ui, 'Mudar cartão'),
  'amount.edit': (ui) => click(ui, 'Mudar o valor'),
  'branch.change': (ui) => click(ui, 'Mudar de agência'),
  'withdrawal.confirmed': (ui) => click(ui, 'Confirmar levantamento'),
  'payment.cancelled': (ui) => click(ui, 'Voltar ao resumo'),
  'withdrawal.restarted': (ui) => click(ui, 'Novo levantamento'),
};

/** Amount, charge and total of the summary, before and after the server's new charge (WDR10004). */
function expectSummary(ui: Ui, charge: number) {
  expect(ui.getByText('1 250,00 Kz')).toBeTruthy();
  expect(ui.getByText(charge === 6_000 ? '60,00 Kz' : '50,00 Kz')).toBeTruthy();
  expect(ui.getByText(charge === 6_000 ? '1 310,00 Kz' : '1 300,00 Kz')).toBeTruthy();
}

const binding: ScreenBinding<typeof withdrawalMachine> = {
  view: (state, send) => <WithdrawalView state={state} send={send as (e: WithdrawalEvent) => void} />,
  userEvents: events,
  states: (ui, state) => {
    const c = state.context;
    // the balances and cards (boundCards child: its own screen test goes through its states), asked
    // for; after the child failed (never the server's doing), at its failure, to be asked again by hand
    if (state.matches('loadingInfo')) {
      if (c.infoInterrupted) return void expect(alert(ui)).toMatch(/Não foi possível carregar o seu saldo e os seus cartões/);
      return void expect(status(ui)).toMatch(/A carregar/);
    }
    if (state.matches('notVerified')) {
      expect(alert(ui)).toMatch(/Verifique a sua identidade/);
      return void expect(ui.getByRole('link', { name: 'Verificar identidade' }).getAttribute('href')).toBe('/app/personalcert');
    }
    if (state.matches('choosingCard') || state.matches('loadingCard') || state.matches('checkingBranchNeed')) {
      expect(ui.getByText('Para que cartão quer levantar?')).toBeTruthy();
      expect(ui.getByText('Disponível: 50 000,00 Kz')).toBeTruthy();
      const button = ui.getByRole('button', { name: CARD_BUTTON }) as HTMLButtonElement;
      expect(button.disabled).toBe(state.hasTag('busy'));
      // back at the choice (cardChoice child) when the card's limits could not be read
      if (state.matches('choosingCard') && c.cardTrouble) {
        if (c.cardTrouble.code) expect(alert(ui)).toBe(errorText(c.cardTrouble.code));
        else expect(alert(ui)).toMatch(/Erro de rede/);
      } else expect(ui.queryByRole('alert')).toBeNull();
      if (state.hasTag('busy')) expect(status(ui)).toMatch(/A carregar os limites deste cartão/);
      return;
    }
    if (state.matches('enteringAmount') || state.matches('quoting')) {
      expect(ui.getByText('Quanto quer levantar?')).toBeTruthy();
      expect(ui.getByText(`Para o cartão: ${CARD}`)).toBeTruthy();
      // the amount child starts with the amount asked before (its own screen test goes through its states)
      expect((ui.getByLabelText('Valor a levantar (Kz)') as HTMLInputElement).value).toBe(c.amountText);
      // both ceilings are in view before anything is typed: the balance and the most allowed now
      expect(ui.getByText('Disponível: 50 000,00 Kz')).toBeTruthy();
      expect(ui.getByText(/^Máximo agora: 49 750,00 Kz/)).toBeTruthy();
      expect(ui.getByText('Mínimo: 100,00 Kz')).toBeTruthy();
      // the server's refusal of the amount asked before, shown by the amount child until it changes
      const refusals: Record<string, RegExp> = {
        FND10001: /Saldo disponível insuficiente/, FND10003: /limite diário da sua conta/, CRD10010: /limite por levantamento deste banco/, CRD10008: /Cartão não encontrado/,
      };
      if (state.matches('enteringAmount') && c.amountRefusal) expect(alert(ui)).toMatch(c.amountRefusal.code ? refusals[c.amountRefusal.code]! : /Erro de rede/);
      else expect(ui.queryByRole('alert')).toBeNull();
      if (state.matches('quoting')) expect(status(ui)).toMatch(/A calcular a taxa de serviço/);
      return;
    }
    if (state.matches('pickingBranch')) {
      expectSummary(ui, c.charge);
      // the picker child shows, its provinces still coming; the notice says why it is asked again
      expect(status(ui)).toMatch(/A carregar as agências/);
      if (c.branchNotice === 'WDR10002') expect(alert(ui)).toMatch(/exige uma agência/);
      if (c.branchNotice === 'WDR10003') expect(alert(ui)).toMatch(/Escolha uma agência do banco deste cartão/);
      return void expect(ui.getByRole('button', { name: 'Mudar o valor' })).toBeTruthy();
    }
    if (state.matches('reviewing')) {
      expect(ui.getByText('Confirme o levantamento')).toBeTruthy();
      expectSummary(ui, c.charge);
      expect(ui.getByText('Cartão')).toBeTruthy();
      expect(ui.getByText(CARD)).toBeTruthy();
      if (c.needBranch) {
        expect(ui.getByText('BAI Mutamba')).toBeTruthy();
        expect(ui.getByRole('button', { name: 'Mudar de agência' })).toBeTruthy();
      } else expect(ui.queryByRole('button', { name: 'Mudar de agência' })).toBeNull();
      if (state.matches({ reviewing: 'chargeChanged' })) expect(alert(ui)).toMatch(/A taxa de serviço mudou de 50,00 Kz para 60,00 Kz/);
      else expect(ui.queryByRole('alert')).toBeNull();
      return void expect(ui.getByRole('button', { name: 'Confirmar levantamento' })).toBeTruthy();
    }
    if (state.matches('paying')) {
      // the payment child shows (its own binding covers its states): the pay password, its keypad still coming
      expectSummary(ui, c.charge);
      expect(status(ui)).toMatch(/A preparar o teclado seguro/);
      return void expect(ui.getByRole('button', { name: 'Voltar ao resumo' })).toBeTruthy();
    }
    if (state.matches('pending')) {
      // back after a reload, the summary is the bank's status, and waits for its first answer
      if (c.amount || c.status) expectSummary(ui, c.status?.charge ?? c.charge);
      else expect(ui.queryByText('Total a debitar')).toBeNull();
      expect(status(ui)).toMatch(/À espera do banco/);
      expect(ui.getByText(/pode ser o processamento do banco/)).toBeTruthy();
      expect(ui.getByRole('button', { name: 'Novo levantamento' })).toBeTruthy();
      // its receipt already (state "À espera do banco") once the withdrawal is known by its number
      const withdrawNo = c.receipt?.withdrawNo ?? c.status?.withdrawNo;
      if (withdrawNo) expect(ui.getByRole('link', { name: 'Ver comprovativo' }).getAttribute('href')).toBe(`/app/receipt?withdrawNo=${withdrawNo}`);
      else expect(ui.queryByRole('link', { name: 'Ver comprovativo' })).toBeNull();
      return void expect(ui.getByRole('link', { name: 'Ir para a carteira' }).getAttribute('href')).toBe('/app/wallet');
    }
    if (state.matches('failedAtBank')) {
      expect(alert(ui)).toMatch(/O banco recusou o levantamento: operação recusada pelo banco/);
      return void expect(ui.getByText('1 300,00 Kz voltaram ao seu saldo disponível.')).toBeTruthy();
    }
    if (state.matches('succeeded')) {
      expect(status(ui)).toBe(`Levantamento concluído: 1 250,00 Kz enviados para ${CARD}.`);
      expect(ui.getByRole('link', { name: 'Ver comprovativo' }).getAttribute('href')).toBe('/app/receipt?withdrawNo=WD202603140001');
      return void expect(ui.getByRole('button', { name: 'Novo levantamento' })).toBeTruthy();
    }
    throw new Error(`no assertion for ${JSON.stringify(state.value)}`);
  },
};

describe('withdrawal chart on its screen', () => {
  const paths = transitionCoveringPaths(withdrawalModel);
  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_d, path) => {
    await runScreenPath(withdrawalModel, path, binding);
  });
});

const pickerEvents: UserEvents<BranchPickerEvent> = {
  'province.chosen': (ui) => click(ui, 'Luanda'),
  'province.change': (ui) => click(ui, 'Mudar de província'),
  'branch.chosen': (ui) => click(ui, /BAI Mutamba/),
  'branches.retry': (ui) => click(ui, 'Tentar novamente'),
};

const pickerBinding: ScreenBinding<typeof branchPickerMachine> = {
  view: (state, send) => <BranchPickerView state={state} send={send as (e: BranchPickerEvent) => void} />,
  userEvents: pickerEvents,
  states: (ui, state) => {
    const c = state.context;
    if (c.notice && !state.matches('failed')) expect(alert(ui)).toMatch(/Escolha uma agência do banco deste cartão/);
    if (state.hasTag('busy')) return void expect(status(ui)).toMatch(/A carregar as agências/);
    if (state.matches('choosingProvince')) {
      expect(ui.getByText('Este banco paga numa agência. Em que província?')).toBeTruthy();
      return void expect(ui.getByRole('button', { name: 'Bengo' })).toBeTruthy();
    }
    if (state.matches('choosingBranch')) {
      expect(ui.getByText('Agências em Luanda')).toBeTruthy();
      if (c.branches.length === 0) expect(status(ui)).toMatch(/não tem agências nesta província/);
      else expect(ui.getByRole('button', { name: /BAI Mutamba Balcão simulado, Luanda/ })).toBeTruthy();
      return void expect(ui.getByRole('button', { name: 'Mudar de província' })).toBeTruthy();
    }
    if (state.matches('failed')) {
      expect(alert(ui)).toMatch(c.errorCode ? /erro no servidor/ : /Não foi possível carregar as agências/);
      return void expect(ui.getByRole('button', { name: 'Tentar novamente' })).toBeTruthy();
    }
    if (state.matches('chosen')) return void expect(ui.queryByRole('button')).toBeNull();
    throw new Error(`no assertion for ${JSON.stringify(state.value)}`);
  },
};

describe('branch picker chart on its screen', () => {
  const paths = transitionCoveringPaths(branchPickerModel);
  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_d, path) => {
    await runScreenPath(branchPickerModel, path, pickerBinding);
  });
});

describe('a withdrawal with real actors', () => {
  const refusal = (code: string, detail = '') => ({ ok: false as const, code, message: code, detail });
  // typed as the chart's actors are: an answer or a refusal
  const answer = <T,>(data: T) => fromPromise<Outcome<T>>(async () => ({ ok: true, data })) as never;

  it('resends a lost request as it was; a changed charge is confirmed again under a new requestNo; it polls until paid', async () => {
    const sent: Application[] = [];
    const replies: Array<'lost' | 'charge' | 'ok'> = ['lost', 'charge', 'ok'];
    const polls = [sampleStatus.pending, sampleStatus.paid];
    let tokens = 0;
    const machine = withdrawalMachine.provide({
      actors: {
        boundCards: boundCardsMachine.provide({ actors: { loadCards: answer(sampleInfo) } }),
        loadLimits: answer(sampleLimits),
        checkBranchNeed: answer({ bankCode: '0040', needBranch: false }),
        quoteCharge: answer(sampleCharge),
        // the shared payment chart, with the pay confirmation and the withdrawal call as stand-ins
        payment: paymentMachine.provide({
          actors: {
            payConfirm: fromPromise(async () => ({ ok: true, data: { payToken: `pay-token-${++tokens}-abcdefghijklmnopqrstuvwxyz` } })) as never,
            apply: fromPromise<PaymentOutput, Application>(async ({ input }) => {
              sent.push(input);
              const reply = replies.shift();
              if (reply === 'lost') throw new Error('answer lost');
              return reply === 'charge' ? refusal('WDR10004', '6000') : { ok: true, data: { ...sampleReceipt, charge: 6_000 } };
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
    await waitFor(actor, (s) => s.matches('reviewing'));
    actor.send({ type: 'withdrawal.confirmed' });
    const payment = actor.getSnapshot().children.payment as ActorRefFrom<typeof paymentMachine>;
    await waitFor(payment, (s) => s.matches('uncertain'));
    payment.send({ type: 'payment.retry' });
    await waitFor(actor, (s) => s.matches({ reviewing: 'chargeChanged' }));
    expect(actor.getSnapshot().context).toMatchObject({ charge: 6_000, previousCharge: 5_000 });
    actor.send({ type: 'withdrawal.confirmed' });
    await waitFor(actor, (s) => s.matches('succeeded'));
    expect(sent).toHaveLength(3);
    expect(sent[0]).toMatchObject({ service: 'wallet/withdraw/applyWithdraw', request: { cardId: '7', amount: 125_000, charge: 5_000 } });
    expect(sent[0]!.request).not.toHaveProperty('branchCode');
    expect(sent[1]).toEqual(sent[0]); // the same request, to the byte
    expect(sent[2]!.request).toMatchObject({ amount: 125_000, charge: 6_000 });
    expect(sent[2]!.requestNo).not.toBe(sent[0]!.requestNo); // confirmed again: a new payment request
    expect(sent[2]!.request.payToken).not.toBe(sent[0]!.request.payToken);
    expect(actor.getSnapshot().context.status?.state).toBe('SUCCESS');
    actor.stop();
  });

  it('sends the branch picked for a bank that pays out at one', async () => {
    const sent: Application[] = [];
    const machine = withdrawalMachine.provide({
      actors: {
        boundCards: boundCardsMachine.provide({ actors: { loadCards: answer(sampleInfo) } }),
        loadLimits: answer(sampleLimits),
        checkBranchNeed: answer({ bankCode: '0040', needBranch: true }),
        quoteCharge: answer(sampleCharge),
        branchPicker: branchPickerMachine.provide({
          actors: {
            loadProvinces: answer({ provinces: [{ id: 'LUA', name: 'Luanda', cities: ['Luanda'] }] }),
            loadBranches: fromPromise(async ({ input }: { input: { bankCode: string; provinceId: string } }) => {
              expect(input).toEqual({ bankCode: '0040', provinceId: 'LUA' });
              return { ok: true as const, data: { branches: [{ branchCode: '0101', name: 'BAI Mutamba', address: 'Luanda', provinceId: 'LUA', city: 'Luanda' }] } };
            }) as never,
          },
        }),
        payment: paymentMachine.provide({
          actors: {
            payConfirm: fromPromise(async () => ({ ok: true, data: { payToken: 'pay-token-abcdefghijklmnopqrstuvwxyz' } })) as never,
            apply: fromPromise<PaymentOutput, Application>(async ({ input }) => { sent.push(input); return { ok: true, data: sampleReceipt }; }),
          },
        }),
        bankSettlement: bankSettlementMachine.provide({
          actors: { queryStatus: fromPromise(async () => ({ ok: true as const, data: sampleStatus.refused })) as never },
          delays: { pollInterval: 1 },
        }),
      },
    });
    const actor = createActor(machine, { input: { language: 'pt' } }).start();
    await waitFor(actor, (s) => s.matches('choosingCard'));
    (actor.getSnapshot().children.cardChoice as ActorRefFrom<typeof cardChoiceMachine>).send({ type: 'card.chosen', cardId: '7' });
    await waitFor(actor, (s) => s.matches('enteringAmount'));
    const amountEntry = actor.getSnapshot().children.amountEntry as ActorRefFrom<typeof amountEntryMachine>;
    amountEntry.send({ type: 'amount.changed', value: '1250' });
    amountEntry.send({ type: 'amount.submitted' });
    await waitFor(actor, (s) => s.matches('pickingBranch'));
    const picker = actor.getSnapshot().children.branchPicker as ActorRefFrom<typeof branchPickerMachine>;
    await waitFor(picker, (s) => s.matches('choosingProvince'));
    picker.send({ type: 'province.chosen', provinceId: 'LUA' });
    await waitFor(picker, (s) => s.matches('choosingBranch'));
    picker.send({ type: 'branch.chosen', branchCode: '0101' });
    await waitFor(actor, (s) => s.matches('reviewing'));
    expect(actor.getSnapshot().context.branch?.name).toBe('BAI Mutamba');
    actor.send({ type: 'withdrawal.confirmed' });
    await waitFor(actor, (s) => s.matches('failedAtBank'));
    expect(sent[0]!.request).toMatchObject({ branchCode: '0101', amount: 125_000, charge: 5_000 });
    actor.stop();
  });
});

describe('the withdrawal call', () => {
  const adapter = http.defaults.adapter;
  afterEach(() => {
    http.defaults.adapter = adapter;
  });

  it('answers a member not verified yet as the withdrawal refuses them (FND10004), cards or none, for the cards’ child to hand over', async () => {
    const answers = [{ ...sampleInfo, verified: false, cards: [] }, sampleInfo];
    http.defaults.adapter = (async (config) => ({ data: { code: 'S0001', msg: '', subMsg: '', bizContent: answers.shift() }, status: 200, statusText: 'OK', headers: {}, config })) as AxiosAdapter;
    expect(await loadWithdrawInfo()).toMatchObject({ ok: false, code: 'FND10004' });
    expect(await loadWithdrawInfo()).toEqual({ ok: true, data: sampleInfo });
  });

  it('puts the chart’s requestNo in the envelope, not in bizContent', async () => {
    const envelopes: { requestNo: string; service: string; bizContent: unknown }[] = [];
    http.defaults.adapter = (async (config) => {
      envelopes.push(JSON.parse(config.data as string));
      return { data: { code: 'S0001', msg: '', subMsg: '', bizContent: sampleReceipt }, status: 200, statusText: 'OK', headers: {}, config };
    }) as AxiosAdapter;
    const application = { service: 'wallet/withdraw/applyWithdraw', request: { cardId: '7', amount: 125_000, charge: 5_000, payToken: 'pay-token-abcdefghijklmnopqrstuvwxyz' }, requestNo: 'H5Wretry0001' };
    expect(await sendPayment(application)).toEqual({ ok: true, data: sampleReceipt });
    expect(envelopes[0]).toMatchObject({ requestNo: 'H5Wretry0001', service: 'wallet/withdraw/applyWithdraw', bizContent: { cardId: '7', amount: 125_000, charge: 5_000 } });
    expect(envelopes[0]!.bizContent).not.toHaveProperty('requestNo');
  });
});
