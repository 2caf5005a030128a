import { afterEach, describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen, waitFor as waitForUi, type screen as Screen } from '@testing-library/react';
import axios, { type AxiosAdapter, type InternalAxiosRequestConfig } from 'axios';
import { I18nextProvider } from 'react-i18next';
import { useSelector } from '@xstate/react';
import { createActor, type ActorRefFrom } from 'xstate';
import { LotteryFormView } from '../../screens/common/LotteryFormView.tsx';
import { lotteryFormMachine, type LotteryFormEvent } from '../../machines/lotteryForm.machine.ts';
import { emptyFields, fieldOfRefusal, oddsPpmOf, problemsOf, requestOf } from '../../machines/lotteryFields.ts';
import { createI18n } from '../../src/i18n.ts';
import { createLotteryActivity } from '../../services/contract/platformLottery.ts';
import { lotteryFormFlow } from '../../src/flows/lotteryForm.ts';
import { http } from '../../services/http.ts';
import { LOTTERY_FORM_NOW, lotteryFormModel, lotteryFormTyping } from '../models/lotteryForm.model.ts';
import { doneEvent, errorEvent, transitionCoveringPaths } from '../support/mbt.ts';
import { runScreenPath, type ScreenBinding, type UserEvents } from '../support/screen-mbt.tsx';
import { dictionary } from '../../locales/dictionary.ts';

const pt = dictionary('pt');
type Ui = typeof Screen;
const alert = (ui: Ui) => ui.getAllByRole('alert').map((a) => a.textContent).join(' ');
const status = (ui: Ui) => ui.getAllByRole('status').map((a) => a.textContent).join(' ');

/** The pt label of each field. */
const LABELS: Record<string, string> = {
  name: 'Nome', rulesPt: 'Regras (português)', rulesEn: 'Regras (inglês)', rulesZh: 'Regras (chinês)', startsAt: 'Início', endsAt: 'Fim', entry: 'O que dá sorteios',
  threshold: 'Valor mínimo (Kz)', drawsPerEntry: 'Sorteios por carregamento ou pagamento', budget: 'Orçamento (Kz)', regulatorReference: 'Referência da autorização do regulador',
};
const PRIZE_LABELS: Record<string, string> = { name: 'Nome do prémio', amount: 'Valor (Kz)', quantity: 'Quantidade', odds: 'Probabilidade (%)' };
const type = (element: HTMLElement, value: string) => void fireEvent.change(element, { target: { value } });

const events: UserEvents<LotteryFormEvent> = {
  'field.changed': (ui, e) => type(ui.getByLabelText(LABELS[e.name]!), e.value),
  'prize.changed': (ui, e) => type(ui.getAllByLabelText(PRIZE_LABELS[e.name]!)[e.index]!, e.value),
  'prize.added': (ui) => void fireEvent.click(ui.getByRole('button', { name: 'Adicionar prémio' })),
  'prize.removed': (ui, e) => void fireEvent.click(ui.getByRole('button', { name: `Remover o prémio ${e.index + 1}` })),
  'form.submitted': (ui) => void fireEvent.click(ui.getByRole('button', { name: 'Criar atividade' })),
  'form.restarted': (ui) => void fireEvent.click(ui.getByRole('button', { name: 'Criar outra' })),
};

const binding: ScreenBinding<typeof lotteryFormMachine> = {
  view: (state, send) => <LotteryFormView state={state} send={send as (e: LotteryFormEvent) => void} listHref="/plateform/lottery" />,
  userEvents: events,
  states: (ui, state) => {
    const c = state.context;
    expect(ui.getByRole('link', { name: 'Ver as atividades' }).getAttribute('href')).toBe('/plateform/lottery');
    if (state.matches('created')) {
      expect(status(ui)).toMatch(/^Atividade «Sorteio de Maio» criada\.$/);
      expect(ui.getByLabelText('Compromisso com a semente').textContent).toBe('a'.repeat(64));
      return void expect(ui.getByRole('button', { name: 'Criar outra' })).toBeTruthy();
    }
    // what was typed stays, whatever happened to the form
    expect((ui.getByLabelText('Nome') as HTMLInputElement).value).toBe(c.fields.name);
    expect((ui.getByLabelText('O que dá sorteios') as HTMLSelectElement).value).toBe(c.fields.entry);
    expect(ui.getAllByLabelText('Probabilidade (%)').map((input) => (input as HTMLInputElement).value)).toEqual(c.prizes.map((p) => p.odds));
    expect(ui.getByText(/^Probabilidades somadas: [\d,]+ % \(no máximo 100 %\) · Os prémios podem pagar até [\d ,]+ Kz$/)).toBeTruthy();
    if (state.matches('submitting')) return void expect(status(ui)).toMatch(/A criar/);
    if (state.matches({ editing: 'invalid' })) {
      expect(alert(ui)).toMatch(/Corrija os campos assinalados/);
      // each problem once, under its field
      expect(ui.getAllByRole('alert')).toHaveLength(Object.keys(c.problems).length + 1);
      if (c.problems.name) expect(ui.getByLabelText('Nome').closest('.kw-field')!.textContent).toContain('Preencha este campo.');
      if (c.problems['prize.0.odds'] === 'unreadable') expect(ui.getAllByLabelText('Probabilidade (%)')[0]!.closest('.kw-field')!.textContent).toContain('Não é um valor válido.');
      return;
    }
    if (state.matches({ editing: 'refused' })) {
      const message = (pt.errors as Record<string, string>)[c.errorCode!]!;
      expect(alert(ui)).toContain(message);
      const field = fieldOfRefusal(c.errorCode, c.errorDetail);
      if (field) expect(ui.getByLabelText(LABELS[field]!).closest('.kw-field')!.textContent).toContain(message);
      return void expect(ui.getAllByRole('alert')).toHaveLength(1);
    }
    if (state.matches({ editing: 'unreachable' })) return void expect(alert(ui)).toMatch(/Sem resposta do servidor/);
    expect(ui.queryByRole('alert')).toBeNull();
  },
};

describe('lottery form chart on its screen', () => {
  const paths = transitionCoveringPaths(lotteryFormModel);
  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_d, path) => {
    await runScreenPath(lotteryFormModel, path, binding);
  });
});

function Harness({ actor }: { actor: ActorRefFrom<typeof lotteryFormMachine> }) {
  const state = useSelector(actor, (s) => s);
  return <LotteryFormView state={state} send={(e) => actor.send(e)} listHref="/plateform/lottery" />;
}

const filled = {
  ...emptyFields(), name: 'Sorteio', rulesPt: 'Regras', rulesEn: 'Rules', rulesZh: '规则', startsAt: '2099-05-01T09:00', endsAt: '2099-05-31T23:00',
  threshold: '1 000', drawsPerEntry: '2', budget: '10 000', regulatorReference: 'ISJ/2026/041',
};
const NOW = '2026-05-01T08:00:00.000Z';

describe('the lottery form', () => {
  it('reads odds as a percentage with up to 4 decimals, in parts per million', () => {
    expect(oddsPpmOf('12,3456')).toBe(123_456);
    expect(oddsPpmOf('0.0001 %')).toBe(1);
    expect(oddsPpmOf('100')).toBe(1_000_000);
    expect(oddsPpmOf('2,12345')).toBeNull();
    expect(oddsPpmOf('abc')).toBeNull();
  });

  it('says before sending what the server would refuse: odds past 100 %, prizes past the budget, an end before the start, a start already past', () => {
    const prize = (odds: string, amount = '1 000', quantity = '1') => ({ name: 'Vale', amount, quantity, odds });
    expect(problemsOf(filled, [prize('60'), prize('40')], 'pt', NOW)).toEqual({});
    expect(problemsOf(filled, [prize('60'), prize('40,0001')], 'pt', NOW)).toEqual({ prizes: 'oddsOver' });
    expect(problemsOf(filled, [prize('10', '5 000', '2'), prize('10', '1', '1')], 'pt', NOW)).toEqual({ budget: 'overBudget' });
    expect(problemsOf({ ...filled, endsAt: '2099-05-01T09:00' }, [prize('10')], 'pt', NOW)).toEqual({ endsAt: 'endBeforeStart' });
    expect(problemsOf({ ...filled, startsAt: '2020-05-01T09:00', endsAt: '2020-06-01T09:00' }, [prize('10')], 'pt', NOW)).toEqual({ startsAt: 'startPast' });
    expect(problemsOf({ ...filled, drawsPerEntry: '11', regulatorReference: 'IS' }, [prize('0'), { name: '', amount: '0', quantity: '0', odds: '' }], 'pt', NOW)).toEqual({
      drawsPerEntry: 'drawsRange', regulatorReference: 'referenceShort', 'prize.0.odds': 'oddsRange', 'prize.1.name': 'missing', 'prize.1.amount': 'notPositive', 'prize.1.quantity': 'quantityRange', 'prize.1.odds': 'missing',
    });
  });

  it('sends amounts in cêntimos and odds in ppm, as the contract takes them', () => {
    const request = requestOf({ ...filled, entry: 'consume' }, [{ name: ' Vale 5 000 Kz ', amount: '5 000,50', quantity: '5', odds: '2,5' }], 'pt');
    expect(createLotteryActivity.request.parse(request)).toEqual(request);
    expect(request).toEqual({
      name: 'Sorteio', rules: { pt: 'Regras', en: 'Rules', zh: '规则' }, startsAt: new Date('2099-05-01T09:00').toISOString(), endsAt: new Date('2099-05-31T23:00').toISOString(),
      entry: 'consume', threshold: 100_000, drawsPerEntry: 2, prizes: [{ name: 'Vale 5 000 Kz', amount: 500_050, quantity: 5, oddsPpm: 25_000 }], budget: 1_000_000, regulatorReference: 'ISJ/2026/041',
    });
  });

  it('says the odds past 100 % with their sum, keeps everything typed, and sends once corrected', () => {
    const actor = createActor(lotteryFormModel.machine, { input: { language: 'pt' } }).start();
    render(<I18nextProvider i18n={createI18n('pt', { pt })}><Harness actor={actor} /></I18nextProvider>);
    for (const [name, value] of Object.entries(filled)) if (name !== 'entry') type(screen.getByLabelText(LABELS[name]!), value);
    fireEvent.click(screen.getByRole('button', { name: 'Adicionar prémio' }));
    const prizes = (label: string) => screen.getAllByLabelText(PRIZE_LABELS[label]!);
    [['name', 'Vale A'], ['amount', '100'], ['quantity', '1'], ['odds', '70']].forEach(([name, value]) => type(prizes(name!)[0]!, value!));
    [['name', 'Vale B'], ['amount', '50'], ['quantity', '2'], ['odds', '30,5']].forEach(([name, value]) => type(prizes(name!)[1]!, value!));
    expect(screen.getByText('Probabilidades somadas: 100,5 % (no máximo 100 %) · Os prémios podem pagar até 200,00 Kz')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Criar atividade' }));
    expect(actor.getSnapshot().matches({ editing: 'invalid' })).toBe(true);
    expect(screen.getByText('As probabilidades somam 100,5 %: no máximo 100 %.')).toBeTruthy();
    type(prizes('odds')[1]!, '30');
    expect(screen.queryByText(/As probabilidades somam/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Criar atividade' }));
    expect(actor.getSnapshot().matches('submitting')).toBe(true);
    act(() => void actor.send(doneEvent('create', { ok: true, data: { activityId: '51', seedCommitment: 'f'.repeat(64) } }) as never));
    expect(screen.getByText('Atividade «Sorteio» criada.')).toBeTruthy();
    expect(screen.getByText('f'.repeat(64))).toBeTruthy();
    actor.stop();
  });
});

describe('the form sent again (platform/lottery/create, idempotent on the envelope’s requestNo)', () => {
  it('on the model: the requestNo of a send without answer is kept for the same form, dropped by an edit, a refusal, a success', () => {
    const actor = createActor(lotteryFormModel.machine, { input: { language: 'pt' } }).start();
    // the typing ends with odds that cannot be read: made readable
    for (const event of [...lotteryFormTyping, { type: 'prize.changed', index: 0, name: 'odds', value: '2,5' } as const]) actor.send(event);
    const submit = () => {
      actor.send({ type: 'form.submitted', now: LOTTERY_FORM_NOW });
      expect(actor.getSnapshot().matches('submitting')).toBe(true);
      return actor.getSnapshot().context.requestNo;
    };
    const first = submit();
    expect(first).toMatch(/^H5[0-9a-z]+$/);
    actor.send(errorEvent('create', new Error('network down')) as never);
    expect(actor.getSnapshot().context.requestNo).toBe(first);
    expect(submit()).toBe(first);
    actor.send(errorEvent('create', new Error('network down')) as never);
    actor.send({ type: 'prize.changed', index: 0, name: 'odds', value: '3' });
    expect(actor.getSnapshot().context.requestNo).toBeNull();
    const second = submit();
    expect(second).not.toBe(first);
    actor.send(doneEvent('create', { ok: false, code: 'LOT10011', message: '', detail: '' }) as never);
    expect(actor.getSnapshot().context.requestNo).toBeNull();
    const third = submit();
    expect(third).not.toBe(second);
    actor.send(doneEvent('create', { ok: true, data: { activityId: '51', seedCommitment: 'a'.repeat(64) } }) as never);
    expect(actor.getSnapshot().context.requestNo).toBeNull();
    actor.stop();
  });

  afterEach(() => {
    http.defaults.adapter = axios.getAdapter('fetch');
  });

  /** The gateway answering each send in turn (an Error: no answer), recording each envelope. */
  function fakeGateway(answers: (unknown | Error)[]) {
    const sent: { service: string; requestNo: string; bizContent: Record<string, unknown> }[] = [];
    const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
      const envelope = JSON.parse(config.data as string) as { service: string; requestNo: string; bizContent: Record<string, unknown> };
      sent.push(envelope);
      const answer = answers[sent.length - 1];
      if (answer instanceof Error) throw answer;
      const refused = answer as { code?: string } | undefined;
      if (refused?.code) return { data: { code: refused.code, msg: refused.code, subMsg: '' }, status: 200, statusText: 'OK', headers: {}, config };
      return { data: { code: 'S0001', msg: 'Success', subMsg: '', bizContent: answer }, status: 200, statusText: 'OK', headers: {}, config };
    };
    http.defaults.adapter = adapter;
    return sent;
  }

  it('a retry after no answer goes under the same requestNo; a field changed after it, under a new one; a refusal and a success drop it', async () => {
    const made = { activityId: '51', seedCommitment: 'f'.repeat(64) };
    const sent = fakeGateway([new Error('network down'), new Error('network down'), new Error('network down'), { code: 'LOT10011' }, made]);
    const actor = createActor(lotteryFormFlow, { input: { language: 'pt' } }).start();
    render(<I18nextProvider i18n={createI18n('pt', { pt })}><Harness actor={actor as never} /></I18nextProvider>);
    for (const [name, value] of Object.entries(filled)) if (name !== 'entry') type(screen.getByLabelText(LABELS[name]!), value);
    [['name', 'Vale A'], ['amount', '100'], ['quantity', '1'], ['odds', '10']].forEach(([name, value]) => type(screen.getByLabelText(PRIZE_LABELS[name!]!), value!));
    const send = async (count: number) => {
      fireEvent.click(screen.getByRole('button', { name: 'Criar atividade' }));
      await waitForUi(() => expect(sent).toHaveLength(count));
      await waitForUi(() => expect(actor.getSnapshot().matches('submitting')).toBe(false));
    };
    await send(1);
    expect(screen.getByRole('alert').textContent).toMatch(/Sem resposta do servidor/);
    expect(sent[0]!.service).toBe('platform/lottery/create');
    expect(sent[0]!.bizContent).not.toHaveProperty('requestNo');
    // sent again unchanged: the same request
    await send(2);
    expect(sent[1]!.requestNo).toBe(sent[0]!.requestNo);
    expect(sent[1]!.bizContent).toEqual(sent[0]!.bizContent);
    // a field changed: a new request
    type(screen.getByLabelText('Nome'), 'Sorteio de Maio');
    await send(3);
    expect(sent[2]!.requestNo).not.toBe(sent[0]!.requestNo);
    expect(sent[2]!.bizContent.name).toBe('Sorteio de Maio');
    // the same again, refused: the next send is a new request too
    await send(4);
    expect(sent[3]!.requestNo).toBe(sent[2]!.requestNo);
    expect(actor.getSnapshot().matches({ editing: 'refused' })).toBe(true);
    await send(5);
    expect(new Set(sent.slice(3).map((s) => s.requestNo)).size).toBe(2);
    expect(screen.getByText('Atividade «Sorteio de Maio» criada.')).toBeTruthy();
    expect(actor.getSnapshot().context.requestNo).toBeNull();
    actor.stop();
  });

  it('says FND10002 (the requestNo already used with other details) in words', () => {
    expect((pt.errors as Record<string, string>).FND10002).toBe('Este pedido já foi usado com outros dados. Tente de novo.');
  });
});
