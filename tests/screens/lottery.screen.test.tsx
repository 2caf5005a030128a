import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor as waitForUi, within, type screen as Screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { createActor, fromPromise, waitFor } from 'xstate';
import { useSelector } from '@xstate/react';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import axios from 'axios';
import { LuckyAppView } from '../../screens/lotteryDraw/LuckyAppView.tsx';
import LuckyAppScreen from '../../screens/lotteryDraw/LuckyAppScreen.tsx';
import { storage } from '../../src/lib/storage.ts';
import { LotteryCheckView } from '../../screens/lotteryCheck/LotteryCheckView.tsx';
import { LuckyListView, type LuckyList } from '../../screens/lotteryDraw/LuckyListView.tsx';
import { lotteryDrawMachine, type LotteryDrawEvent } from '../../machines/lotteryDraw.machine.ts';
import { lotteryCheckMachine, type LotteryCheckEvent } from '../../machines/lotteryCheck.machine.ts';
import { lotteryDrawFlow } from '../../src/flows/lotteryDraw.ts';
import { checkDraws } from '../../src/flows/lotteryCheck.ts';
import { http } from '../../services/http.ts';
import type { LotteryActivity, LotteryDrawOutcome, RecordedDraw } from '../../services/contract/lottery.ts';
import type { Outcome } from '../../services/contract/outcome.ts';
import { replayDraws, seedCommitment } from '../../services/lotteryDraw.ts';
import { liveActivity, lotteryDrawModel } from '../models/lotteryDraw.model.ts';
import { lotteryCheckModel } from '../models/lotteryCheck.model.ts';
import { transitionCoveringPaths } from '../support/mbt.ts';
import { assertNoRawKeys, runScreenPath, type ScreenBinding, type UserEvents } from '../support/screen-mbt.tsx';
import { createI18n } from '../../src/i18n.ts';
import { dictionary } from '../../locales/dictionary.ts';

type Ui = typeof Screen;
const click = (ui: Ui, name: string | RegExp) => void fireEvent.click(ui.getByRole('button', { name }));
const alert = (ui: Ui) => ui.queryAllByRole('alert').map((a) => a.textContent).join(' ');
const status = (ui: Ui) => ui.queryAllByRole('status').map((a) => a.textContent).join(' ');
const drawButton = (ui: Ui) => ui.queryByRole('button', { name: /^(Sortear|A sortear…)$/ });
const i18n = (language: 'pt' | 'en' | 'zh' | 'fr') => createI18n(language, { pt: dictionary('pt'), en: dictionary('en'), zh: dictionary('zh'), fr: dictionary('fr') });

/** The activity as the page draws it: its name, the prize table, the regulator's reference and the commitment, the winners' link. */
const expectActivity = (ui: Ui) => {
  expect(ui.getByRole('heading', { name: 'Sorteio de Março' })).toBeTruthy();
  expect(ui.getByRole('rowheader', { name: 'Prémio maior' })).toBeTruthy();
  expect(ui.getByText('ISJ/2026/0042')).toBeTruthy();
  expect(ui.getByText('a'.repeat(64))).toBeTruthy();
  expect(ui.getByText('Carregue 1 000 Kz ou mais e ganhe 2 sorteios.')).toBeTruthy();
  expect(ui.getByRole('link', { name: 'Ver os vencedores' }).getAttribute('href')).toBe('/app/luckyList?activityId=7');
};
const drawsLeft = (ui: Ui) => within(ui.getByText('Sorteios restantes').closest('section')!).getByText(/^\d+$/).textContent;

const drawEvents: UserEvents<LotteryDrawEvent> = {
  'lottery.retry': (ui) => click(ui, 'Tentar novamente'),
  'draw.requested': (ui) => click(ui, 'Sortear'),
  'check.retry': (ui) => click(ui, 'Confirmar o resultado'),
  'result.closed': (ui) => click(ui, /^(Continuar|Fechar)$/),
};

const drawBinding: ScreenBinding<typeof lotteryDrawMachine> = {
  view: (state, send) => <LuckyAppView state={state} send={send as (e: LotteryDrawEvent) => void} />,
  userEvents: drawEvents,
  states: {
    '"loading"': (ui) => expect(status(ui)).toMatch(/A carregar/),
    '"loadFailed"': (ui) => {
      expect(alert(ui)).toMatch(/Não foi possível carregar a lotaria/);
      expect(ui.getByRole('button', { name: 'Tentar novamente' })).toBeTruthy();
    },
    // no activity now, or not the address's (LOT10005)
    '"none"': (ui) => {
      expect(status(ui)).toMatch(/^(Não há nenhuma lotaria a decorrer agora\.|Esta lotaria não existe\.)$/);
      expect(drawButton(ui)).toBeNull();
    },
    '"ended"': (ui) => {
      expectActivity(ui);
      expect(status(ui)).toMatch(/Esta lotaria terminou/);
      expect(ui.queryByText('Sorteios restantes')).toBeNull();
      expect(drawButton(ui)).toBeNull();
    },
    // a company: only individuals; no draw count, no button
    '"notAllowed"': (ui) => {
      expectActivity(ui);
      expect(alert(ui)).toMatch(/Só clientes particulares podem participar/);
      expect(ui.queryByText('Sorteios restantes')).toBeNull();
      expect(drawButton(ui)).toBeNull();
    },
    '"upcoming"': (ui) => {
      expectActivity(ui);
      expect(status(ui)).toMatch(/A lotaria começa a 1 mar 2026/);
      expect(drawButton(ui)).toBeNull();
    },
    // 'Lottery draw times have been consumed', and how more are earned
    '"noDrawsLeft"': (ui, state) => {
      expectActivity(ui);
      expect(drawsLeft(ui)).toBe('0');
      expect(status(ui)).toMatch(state.context.drawsUsed > 0 ? /Já usou todos os seus sorteios/ : /Ainda não tem sorteios nesta lotaria/);
      expect(ui.getAllByText(/^Cada carregamento de 1.000,00 Kz ou mais dá 2 sorteios\.$/).length).toBeGreaterThan(0);
      expect(drawButton(ui)).toBeNull();
    },
    '{"ready":"idle"}': (ui, state) => {
      expectActivity(ui);
      expect(drawsLeft(ui)).toBe(String(state.context.drawsLeft));
      expect(drawButton(ui)!.hasAttribute('disabled')).toBe(false);
      expect(alert(ui)).toBe('');
    },
    '{"ready":"refused"}': (ui) => {
      expect(alert(ui)).toMatch(/./);
      expect(drawButton(ui)!.hasAttribute('disabled')).toBe(false);
    },
    // one draw at a time
    '"drawing"': (ui) => expect(ui.getByRole('button', { name: 'A sortear…' }).hasAttribute('disabled')).toBe(true),
    // the answer was lost: asked about, no button to draw
    '"checking"': (ui) => {
      expect(status(ui)).toMatch(/A confirmar o resultado com o servidor/);
      expect(drawButton(ui)).toBeNull();
    },
    '"checkFailed"': (ui) => {
      expect(alert(ui)).toMatch(/Não sorteie de novo/);
      expect(ui.getByRole('button', { name: 'Confirmar o resultado' })).toBeTruthy();
      expect(drawButton(ui)).toBeNull();
    },
    '{"drawn":"won"}': (ui, state) => {
      expect(status(ui)).toMatch(/Parabéns! Ganhou: Cashback de 100 Kz/);
      expect(status(ui)).toMatch(/100,00 Kz de cashback/);
      expect(status(ui)).toMatch(/dentro de 2 horas/);
      expect(ui.getByRole('button', { name: state.context.drawsLeft > 0 ? 'Continuar' : 'Fechar' })).toBeTruthy();
      expect(drawButton(ui)).toBeNull();
    },
    // 'Sorry, get no prize'
    '{"drawn":"noPrize"}': (ui, state) => {
      expect(status(ui)).toMatch(/Lamentamos, desta vez não ganhou nenhum prémio/);
      expect(ui.getByRole('button', { name: state.context.drawsLeft > 0 ? 'Continuar' : 'Fechar' })).toBeTruthy();
    },
  },
};

const checkEvents: UserEvents<LotteryCheckEvent> = {
  'check.retry': (ui) => click(ui, 'Tentar novamente'),
  'draw.picked': (ui, event) => {
    fireEvent.change(ui.getByLabelText('Número do sorteio'), { target: { value: String(event.seq) } });
    click(ui, 'Mostrar');
  },
};

/** The draw shown: its number, its signed message and the recorded outcome. */
const expectDrawShown = (ui: Ui, seq: number | null) => {
  expect(ui.getByRole('heading', { name: `Sorteio n.º ${seq}` })).toBeTruthy();
  expect(ui.getByText(seq === 1 ? '7:4:1' : '7:5:1')).toBeTruthy();
};

const checkBinding: ScreenBinding<typeof lotteryCheckMachine> = {
  view: (state, send) => <LotteryCheckView state={state} send={send as (e: LotteryCheckEvent) => void} />,
  userEvents: checkEvents,
  states: {
    '"loading"': (ui) => expect(status(ui)).toMatch(/A ler os sorteios… \(\d+ lidos?\)/),
    '"loadFailed"': (ui) => {
      expect(alert(ui)).toMatch(/Não foi possível ler os sorteios/);
      expect(ui.getByRole('button', { name: 'Tentar novamente' })).toBeTruthy();
    },
    '"unknown"': (ui) => expect(alert(ui)).toMatch(/Esta lotaria não existe/),
    '{"loaded":"notRevealed"}': (ui, state) => {
      expect(status(ui)).toMatch(/A semente ainda é secreta/);
      expect(ui.getByText('a'.repeat(64))).toBeTruthy();
      expect(ui.getByText(/^Revelada quando a lotaria terminar/)).toBeTruthy();
      expectDrawShown(ui, state.context.seq);
      expect(ui.queryByText('Bilhete')).toBeNull();
    },
    '{"loaded":"checking"}': (ui) => expect(status(ui)).toMatch(/A recalcular 2 sorteios com a semente/),
    '{"loaded":"verified"}': (ui, state) => {
      expect(status(ui)).toMatch(/Os 2 sorteios registados correspondem/);
      expect(ui.getByText('b'.repeat(64))).toBeTruthy();
      expectDrawShown(ui, state.context.seq);
      expect(ui.getByText('Corresponde')).toBeTruthy();
    },
    '{"loaded":"mismatch"}': (ui, state) => {
      expect(alert(ui)).toMatch(/1 dos 2 sorteios não corresponde ao que a semente dá/);
      const list = ui.getByRole('list', { name: 'Sorteios que não correspondem' });
      expect(within(list).getByRole('button').textContent).toBe('Sorteio n.º 2: registado Cashback de 100 Kz, a semente dá Prémio maior');
      expectDrawShown(ui, state.context.seq);
    },
    '{"loaded":"tampered"}': (ui) => expect(alert(ui)).toMatch(/A semente revelada não corresponde ao compromisso/),
    '{"loaded":"cannotCheck"}': (ui) => expect(alert(ui)).toMatch(/não consegue calcular SHA-256/),
  },
};

describe('lucky draw chart on its screen', () => {
  const paths = transitionCoveringPaths(lotteryDrawModel);
  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_d, path) => {
    await runScreenPath(lotteryDrawModel, path, drawBinding);
  });
});

describe('lottery check chart on its screen', () => {
  const paths = transitionCoveringPaths(lotteryCheckModel);
  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_d, path) => {
    await runScreenPath(lotteryCheckModel, path, checkBinding);
  });
});

/** A gateway that answers by service from `answers`, and records each envelope (service, requestNo, bizContent). */
function fakeGateway(answers: (service: string, bizContent: Record<string, unknown>, n: number) => unknown) {
  const sent: { service: string; requestNo: string; bizContent: Record<string, unknown> }[] = [];
  const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
    const envelope = JSON.parse(config.data as string) as { service: string; requestNo: string; bizContent: Record<string, unknown> };
    sent.push({ service: envelope.service, requestNo: envelope.requestNo, bizContent: envelope.bizContent });
    // a promise that never settles: the page goes away before the answer comes
    const answer = await answers(envelope.service, envelope.bizContent, sent.filter((s) => s.service === envelope.service).length);
    if (answer instanceof Error) throw answer;
    return { data: { code: 'S0001', msg: 'Success', subMsg: '', bizContent: answer }, status: 200, statusText: 'OK', headers: {}, config };
  };
  http.defaults.adapter = adapter;
  return sent;
}

const outcome = (prize: boolean, drawsLeft: number, seq = 12): LotteryDrawOutcome => ({
  activityId: '7', seq, participant: 4, drawNo: seq, drawsLeft,
  prize: prize ? { id: '2', name: 'Cashback de 100 Kz', amount: 10_000 } : null, winningId: prize ? '31' : null,
});
const livePage = { activity: liveActivity, eligible: true, drawsLeft: 3, drawsUsed: 0 };

describe('a draw whose answer is lost', () => {
  afterEach(() => {
    http.defaults.adapter = axios.getAdapter('fetch');
  });

  it('asks lottery/drawResult under the draw’s requestNo, never draws again; none made: the next draw goes under the same requestNo', async () => {
    const sent = fakeGateway((service, _body, n) => {
      if (service === 'lottery/activity') return livePage;
      if (service === 'lottery/draw') return n === 1 ? new Error('the answer was lost on the way back') : outcome(false, 2);
      if (service === 'lottery/drawResult') return { draw: null };
      throw new Error(`unexpected ${service}`);
    });
    const actor = createActor(lotteryDrawFlow, { input: { activityId: null } }).start();
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'draw.requested' });
    // the lost answer: asked about, nothing spent
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }) && sent.length === 3);
    expect(sent.map((s) => s.service)).toEqual(['lottery/activity', 'lottery/draw', 'lottery/drawResult']);
    const requestNo = sent[1]!.requestNo;
    expect(requestNo).toMatch(/^H5L[0-9a-z]+$/);
    expect(sent[1]!.bizContent).toEqual({ activityId: '7' });
    expect(sent[2]!.bizContent).toEqual({ activityId: '7', requestNo });
    expect(actor.getSnapshot().context.drawsLeft).toBe(3);
    // drawn again: the same requestNo (a draw the server made late is answered, not made twice)
    actor.send({ type: 'draw.requested' });
    await waitFor(actor, (s) => s.matches({ drawn: 'noPrize' }));
    expect(sent[3]).toMatchObject({ service: 'lottery/draw', requestNo });
    // answered: the next draw is a new request
    actor.send({ type: 'result.closed' });
    actor.send({ type: 'draw.requested' });
    await waitFor(actor, (s) => s.matches('drawn'));
    expect(sent[4]!.service).toBe('lottery/draw');
    expect(sent[4]!.requestNo).not.toBe(requestNo);
    actor.stop();
  });

  it('a draw made before the answer was lost is shown from lottery/drawResult: the prize, no second draw', async () => {
    const sent = fakeGateway((service) => {
      if (service === 'lottery/activity') return livePage;
      if (service === 'lottery/draw') return new Error('network down');
      if (service === 'lottery/drawResult') return { draw: outcome(true, 0) };
      throw new Error(`unexpected ${service}`);
    });
    const actor = createActor(lotteryDrawFlow, { input: { activityId: '7' } }).start();
    function Live() {
      const state = useSelector(actor, (s) => s);
      return <LuckyAppView state={state} send={(e) => actor.send(e)} />;
    }
    const { container, unmount } = render(<I18nextProvider i18n={i18n('en')}><Live /></I18nextProvider>);
    fireEvent.click(await screen.findByRole('button', { name: 'Draw' }));
    await waitForUi(() => expect(screen.getByRole('status').textContent).toMatch(/Congratulations! You won: Cashback de 100 Kz/));
    expect(sent.map((s) => s.service)).toEqual(['lottery/activity', 'lottery/draw', 'lottery/drawResult']);
    expect(sent[0]!.bizContent).toEqual({ activityId: '7' });
    expect(sent[2]!.bizContent.requestNo).toBe(sent[1]!.requestNo);
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.getByText('Lottery draw times have been consumed.')).toBeTruthy();
    assertNoRawKeys(container);
    unmount();
    actor.stop();
  });
});

describe('a draw pending when the page goes away (reloaded, or the app killed)', () => {
  afterEach(() => {
    http.defaults.adapter = axios.getAdapter('fetch');
  });
  const signIn = (memberId: string) => storage.setUserInfo({ h5Token: `token-of-${memberId}`, loginTokenType: 'LOGIN-TOKEN', memberId, memberType: 'individual' });
  // the page as the app mounts it (its header's Back needs a router)
  const mount = () => {
    const router = createRouter({ routeTree: createRootRoute({ component: () => <LuckyAppScreen /> }), history: createMemoryHistory({ initialEntries: ['/app/luckyApp'] }) });
    return render(<I18nextProvider i18n={i18n('pt')}><RouterProvider router={router} /></I18nextProvider>);
  };

  it('the page mounted again asks lottery/drawResult under the draw’s requestNo first, shows its outcome, never draws again', async () => {
    signIn('4');
    // the draw goes out and its answer never comes back: the page is left while drawing
    const first = fakeGateway((service) => {
      if (service === 'lottery/activity') return livePage;
      if (service === 'lottery/draw') return new Promise(() => {});
      throw new Error(`unexpected ${service}`);
    });
    const before = mount();
    fireEvent.click(await screen.findByRole('button', { name: 'Sortear' }));
    await waitForUi(() => expect(first.map((s) => s.service)).toEqual(['lottery/activity', 'lottery/draw']));
    const requestNo = first[1]!.requestNo;
    expect(requestNo).toMatch(/^H5L[0-9a-z]+$/);
    await waitForUi(() => expect(storage.getPendingDraw()).toEqual({ activityId: '7', requestNo }));
    before.unmount();

    // another member signed in on this device reads no pending draw
    signIn('5');
    expect(storage.getPendingDraw()).toBeNull();
    signIn('4');

    // mounted again: what that requestNo gave is asked before the draw is offered
    const again = fakeGateway((service) => {
      if (service === 'lottery/activity') return { ...livePage, drawsLeft: 2, drawsUsed: 1 };
      if (service === 'lottery/drawResult') return { draw: outcome(true, 2) };
      throw new Error(`unexpected ${service}`);
    });
    const after = mount();
    await waitForUi(() => expect(screen.getByRole('status').textContent).toMatch(/Parabéns! Ganhou: Cashback de 100 Kz/));
    expect(again.map((s) => s.service)).toEqual(['lottery/activity', 'lottery/drawResult']);
    expect(again[1]!.bizContent).toEqual({ activityId: '7', requestNo });
    // its outcome known: nothing pending any more
    await waitForUi(() => expect(storage.getPendingDraw()).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(screen.getByRole('button', { name: 'Sortear' })).toBeTruthy();
    expect(again.filter((s) => s.service === 'lottery/draw')).toEqual([]);
    assertNoRawKeys(after.container);
    after.unmount();
  });

  it('none made with it (drawResult null): nothing pending, the draw offered; a pending draw of another activity is not asked about', async () => {
    signIn('4');
    storage.setPendingDraw({ activityId: '7', requestNo: 'H5Lmq3k1z0a1b2c3d4e5f6a7b8c9d0e1f2' });
    const sent = fakeGateway((service) => {
      if (service === 'lottery/activity') return livePage;
      if (service === 'lottery/drawResult') return { draw: null };
      throw new Error(`unexpected ${service}`);
    });
    const first = mount();
    await screen.findByRole('button', { name: 'Sortear' });
    expect(sent.map((s) => s.service)).toEqual(['lottery/activity', 'lottery/drawResult']);
    await waitForUi(() => expect(storage.getPendingDraw()).toBeNull());
    first.unmount();

    storage.setPendingDraw({ activityId: '8', requestNo: 'H5Lmq3k1z0a1b2c3d4e5f6a7b8c9d0e1f2' });
    sent.length = 0;
    mount();
    await screen.findByRole('button', { name: 'Sortear' });
    expect(sent.map((s) => s.service)).toEqual(['lottery/activity']);
    expect(storage.getPendingDraw()).toEqual({ activityId: '8', requestNo: 'H5Lmq3k1z0a1b2c3d4e5f6a7b8c9d0e1f2' });
  });
});

describe('checking the draws with the revealed seed (services/lotteryDraw.ts, in the page)', () => {
  const seed = Array.from({ length: 32 }, (_, i) => i.toString(16).padStart(2, '0')).join('');
  const prizes = [
    { id: '1', name: 'Prémio maior', amount: 500_000, quantity: 1, left: 0, oddsPpm: 300_000 },
    { id: '2', name: 'Cashback de 100 Kz', amount: 10_000, quantity: 50, left: 45, oddsPpm: 300_000 },
  ];

  async function endedWith(tamper: (draws: RecordedDraw[]) => RecordedDraw[], commitment?: string) {
    const activity: LotteryActivity = { ...liveActivity, prizes, status: 'ended', seed, seedCommitment: commitment ?? (await seedCommitment(seed)) };
    const fair = (await replayDraws(seed, '7', prizes, Array.from({ length: 8 }, (_, i) => ({ seq: i + 1, participant: 10 + i, drawNo: 1, prizeId: null }))))
      .map(({ seq, participant, drawNo, expectedPrizeId }) => ({ seq, participant, drawNo, prizeId: expectedPrizeId }));
    return { activity, draws: tamper(fair), fair };
  }

  function renderCheck(activity: LotteryActivity, draws: RecordedDraw[], seq: number | null, language: 'pt' | 'zh' = 'pt') {
    const machine = lotteryCheckMachine.provide({
      actors: {
        loadVerification: fromPromise(async ({ input }: { input: { activityId: string; afterSeq: number | null } }): Promise<Outcome<{ activity: LotteryActivity; draws: RecordedDraw[]; nextAfterSeq: number | null }>> =>
          (input.afterSeq === null
            ? { ok: true, data: { activity, draws: draws.slice(0, 5), nextAfterSeq: 5 } }
            : { ok: true, data: { activity, draws: draws.filter((d) => d.seq > input.afterSeq!), nextAfterSeq: null } })),
        checkDraws: fromPromise(({ input }: { input: { activity: LotteryActivity; draws: RecordedDraw[] } }) => checkDraws(input)),
      },
    });
    const actor = createActor(machine, { input: { activityId: '7', seq } }).start();
    function Live() {
      const state = useSelector(actor, (s) => s);
      return <LotteryCheckView state={state} send={(e) => actor.send(e)} />;
    }
    return { actor, ...render(<I18nextProvider i18n={i18n(language)}><Live /></I18nextProvider>) };
  }

  it('every recorded draw, read in two pages, is what the seed gives; a draw shows its ticket, the line whose range holds it, its outcome', async () => {
    const { activity, draws } = await endedWith((d) => d);
    const { actor, container, unmount } = renderCheck(activity, draws, 3);
    await waitFor(actor, (s) => s.matches({ loaded: 'verified' }));
    expect(actor.getSnapshot().context.draws).toHaveLength(8);
    expect(screen.getByRole('status').textContent).toBe('Os 8 sorteios registados correspondem ao que a semente revelada dá.');
    const check = actor.getSnapshot().context.checked!.checks.find((c) => c.seq === 3)!;
    expect(screen.getByRole('heading', { name: 'Sorteio n.º 3' })).toBeTruthy();
    expect(screen.getByText('7:12:1')).toBeTruthy();
    const spaced = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
    const fact = (term: string) => screen.getByText(term, { selector: 'dt' }).nextElementSibling!.textContent;
    expect(fact('Bilhete')).toBe(spaced(check.ticket));
    expect(fact('Linha da tabela')).toBe(check.ticket < 300_000 ? 'Prémio maior (bilhetes 0 a 299 999)' : check.ticket < 600_000 ? 'Cashback de 100 Kz (bilhetes 300 000 a 599 999)' : 'Fora de todas as faixas (sem prémio)');
    expect(fact('Verificação')).toBe('Corresponde');
    expect(screen.getByText('Bilhetes de 600 000 a 999 999: sem prémio.')).toBeTruthy();
    assertNoRawKeys(container);
    unmount();
    actor.stop();
  });

  it('a recorded outcome the seed does not give is listed; a seed that is not the committed one is said to be', async () => {
    const { activity, draws, fair } = await endedWith((d) => d.map((x) => (x.seq === 6 ? { ...x, prizeId: x.prizeId === '2' ? null : '2' } : x)));
    const first = renderCheck(activity, draws, null);
    await waitFor(first.actor, (s) => s.matches({ loaded: 'mismatch' }));
    const list = screen.getByRole('list', { name: 'Sorteios que não correspondem' });
    expect(within(list).getAllByRole('button').map((b) => b.textContent)).toEqual([
      `Sorteio n.º 6: registado ${draws[5]!.prizeId ? 'Cashback de 100 Kz' : 'sem prémio'}, a semente dá ${fair[5]!.prizeId === null ? 'sem prémio' : fair[5]!.prizeId === '1' ? 'Prémio maior' : 'Cashback de 100 Kz'}`,
    ]);
    fireEvent.click(within(list).getByRole('button'));
    expect(screen.getByRole('heading', { name: 'Sorteio n.º 6' })).toBeTruthy();
    expect(screen.getByText('Não corresponde')).toBeTruthy();
    first.unmount();
    first.actor.stop();

    const { activity: swapped } = await endedWith((d) => d, 'c'.repeat(64));
    const second = renderCheck(swapped, draws, null, 'zh');
    await waitFor(second.actor, (s) => s.matches({ loaded: 'tampered' }));
    expect(screen.getByRole('alert').textContent).toBe('公布的种子与活动开始前发布的承诺值不符：抽奖结果不可信。');
    second.unmount();
    second.actor.stop();
  });
});

describe('the winners list', () => {
  const list: LuckyList = {
    activityId: '7', name: 'Sorteio de Março',
    winners: [{ seq: 12, participant: 4, drawNo: 2, name: 'A*** S***', prize: 'Cashback de 100 Kz', amount: 10_000, at: '2026-03-14T10:05:00.000Z' }],
    mine: [
      { id: '31', seq: 12, prize: 'Cashback de 100 Kz', amount: 10_000, status: 'sent', at: '2026-03-14T10:05:00.000Z', deliveredAt: '2026-03-14T10:35:00.000Z' },
      { id: '32', seq: 15, prize: 'Prémio maior', amount: 500_000, status: 'waiting', at: '2026-03-14T11:00:00.000Z', deliveredAt: null },
      { id: '33', seq: 18, prize: 'Cashback de 100 Kz', amount: 10_000, status: 'failed', at: '2026-03-14T12:00:00.000Z', deliveredAt: null },
    ],
  };

  it('masked winners, each with the link that checks their draw; the member’s records with their delivery in words', () => {
    const { container } = render(<I18nextProvider i18n={i18n('pt')}><LuckyListView list={list} /></I18nextProvider>);
    const winners = screen.getByRole('list', { name: 'Os últimos vencedores' });
    expect(within(winners).getByText('A*** S***')).toBeTruthy();
    expect(within(winners).getByRole('link', { name: 'Verificar o sorteio n.º 12' }).getAttribute('href')).toBe('/app/luckycheck/7?seq=12');
    const mine = screen.getByRole('list', { name: 'Os meus prémios' });
    expect(within(mine).getAllByRole('listitem').map((li) => li.querySelector('.kw-fund-meta')!.textContent!.split(' · ')[0])).toEqual([
      'Enviado para a conta de cashback', 'À espera de envio', 'O envio falhou (vai ser tentado de novo)',
    ]);
    expect(within(mine).getByText('+5 000,00 Kz', { normalizer: (s) => s.replace(/\s/g, ' ') })).toBeTruthy();
    assertNoRawKeys(container);
  });
});
