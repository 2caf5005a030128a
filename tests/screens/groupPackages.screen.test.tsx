import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, type screen as Screen } from '@testing-library/react';
import { createActor, fromPromise, waitFor, type ActorRefFrom, type AnyActorRef } from 'xstate';
import { GroupPackagesView, PackageShareNotice, PackageStatusChange } from '../../screens/groupPackages/GroupPackagesView.tsx';
import type { linkShareMachine } from '../../machines/linkShare.machine.ts';
import type { statusChangeMachine, StatusChangeEvent } from '../../machines/statusChange.machine.ts';
import { statusChangeModel } from '../models/statusChange.model.ts';
import { listLineShareModel } from '../models/linkShare.model.ts';
import { groupPackagesMachine, type GroupPackageLine, type GroupPackagesEvent } from '../../machines/groupPackages.machine.ts';
import { groupPackagesActors } from '../../src/flows/groupPackages.ts';
import type { Outcome } from '../../services/contract/outcome.ts';
import { groupPackagesModel, samplePackages } from '../models/groupPackages.model.ts';
import { transitionCoveringPaths } from '../support/mbt.ts';
import { runScreenPath, type ScreenBinding, type UserEvents } from '../support/screen-mbt.tsx';

type Ui = typeof Screen;
const click = (ui: Ui, name: string | RegExp) => void fireEvent.click(ui.getByRole('button', { name }));
const alert = (ui: Ui) => ui.getAllByRole('alert').map((a) => a.textContent).join(' ');
const status = (ui: Ui) => ui.getAllByRole('status').map((a) => a.textContent).join(' ');
const PAGE = `${window.location.origin}/s/group/31/41`;

const events: UserEvents<GroupPackagesEvent> = {
  'list.retry': (ui) => click(ui, 'Tentar novamente'),
  'list.refresh': (ui) => click(ui, 'Atualizar'),
  'package.paused': (ui) => click(ui, 'Pausar Pizza para dois'),
  'package.resumed': (ui) => click(ui, 'Retomar Jantar de família'),
  'package.ended': (ui) => click(ui, 'Terminar Pizza para dois'),
  'package.shared': (ui) => click(ui, 'Partilhar Pizza para dois'),
};

const binding: ScreenBinding<typeof groupPackagesMachine> = {
  view: (state, send) => <GroupPackagesView state={state} send={send as (e: GroupPackagesEvent) => void} />,
  userEvents: events,
  states: (ui, state) => {
    const c = state.context;
    if (state.matches('loading')) return void expect(status(ui)).toMatch(/A carregar/);
    if (state.matches('failed')) {
      expect(alert(ui)).toMatch(c.errorCode ? /erro no servidor/ : /Não foi possível carregar os pacotes/);
      return void expect(ui.getByRole('button', { name: 'Tentar novamente' })).toBeTruthy();
    }
    if (state.matches('notOwner')) {
      if (c.errorCode === 'STF10010') {
        expect(alert(ui)).toMatch(/Só o comerciante/);
        return void expect(ui.getByRole('link', { name: 'Ir para a caixa' }).getAttribute('href')).toBe('/app/cashier');
      }
      return void expect(ui.getByRole('link', { name: 'Abrir conta de cobrança' }).getAttribute('href')).toBe('/app/open');
    }
    // the status change child (its own binding below goes through its states): the question takes the list's place
    const change = (state.children.statusChange as ActorRefFrom<typeof statusChangeMachine> | undefined)?.getSnapshot();
    // the share child (its own binding below goes through its states): on its way while the list waits
    const share = (state.children.linkShare as ActorRefFrom<typeof linkShareMachine> | undefined)?.getSnapshot();
    if (change?.matches('confirmingEnd')) return void expect(ui.getByRole('alertdialog').textContent).toMatch(/Terminar Pizza para dois\? .*não pode ser retomado/);
    if (c.packages.length === 0) {
      expect(status(ui)).toMatch(/Ainda não tem pacotes/);
      expect(ui.getByRole('link', { name: 'Criar um pacote' }).getAttribute('href')).toBe('/app/grouppackages/new');
    } else {
      expect(ui.getByText('Pizza para dois')).toBeTruthy();
      expect(ui.getAllByText(/Loja Central/).length).toBeGreaterThan(0);
      expect(ui.getByText(/^8\s?000,00 Kz$/)).toBeTruthy();
      expect(ui.getByText(/^12\s?000,00 Kz$/).tagName).toBe('S');
      expect(ui.getByText('vendidos 12 · restam 38 · usados 7 · reembolsados 1')).toBeTruthy();
      expect(ui.getAllByText(/^até /).length).toBe(3);
      // an ended one has nothing left to do
      expect(ui.queryByRole('button', { name: 'Terminar Almoço de Natal' })).toBeNull();
      const first = c.packages[0]!.status;
      expect(ui.queryByRole('button', { name: 'Pausar Pizza para dois' }) !== null).toBe(first === 'active');
      expect(ui.queryByRole('button', { name: 'Partilhar Pizza para dois' }) !== null).toBe(first === 'active');
      expect(ui.getByRole('link', { name: 'Novo pacote' }).getAttribute('href')).toBe('/app/grouppackages/new');
    }
    const notices: Array<[boolean, () => string, RegExp]> = [
      [!!change?.matches('settingStatus'), () => status(ui), /A guardar/],
      [!!share?.matches('sharing'), () => status(ui), /A preparar o link/],
      [state.matches({ list: 'alreadyEnded' }), () => alert(ui), /terminou e já não pode ser alterado/],
    ];
    for (const [shown, text, pattern] of notices) if (shown) expect(text()).toMatch(pattern);
    if (state.matches({ list: 'idle' })) expect(ui.queryByRole('alert')).toBeNull();
    // while it saves, the list's buttons wait
    if (change?.matches('settingStatus')) expect(ui.getByRole('button', { name: 'Atualizar' }).hasAttribute('disabled')).toBe(true);
  },
};

const changeEvents: UserEvents<StatusChangeEvent> = {
  'end.confirmed': (ui) => click(ui, 'Terminar de vez'),
  'end.cancelled': (ui) => click(ui, 'Manter'),
};

/** The status change child on the packages' page: the question, saving, why it was not saved (its line named as the first package). */
const changeBinding: ScreenBinding<typeof statusChangeMachine> = {
  view: (change, send) => <PackageStatusChange change={change} send={send as (e: StatusChangeEvent) => void} packages={[{ ...samplePackages[0]!, packageId: change.context.line.id }]} />,
  userEvents: changeEvents,
  states: (ui, change) => {
    if (change.matches('confirmingEnd')) return void expect(ui.getByRole('alertdialog').textContent).toMatch(/Terminar Pizza para dois\? .*não pode ser retomado/);
    if (change.matches('settingStatus')) return void expect(status(ui)).toMatch(/A guardar/);
    if (change.matches('refused')) return void expect(alert(ui)).toMatch(/não existe ou não é seu/);
    if (change.matches('unreachable')) return void expect(alert(ui)).toMatch(/Sem resposta do servidor/);
    // starting (never rests there) or done: the list takes over
    expect(ui.queryByRole('alert')).toBeNull();
    expect(ui.queryByRole('alertdialog')).toBeNull();
  },
};

describe('groupPackages chart on its screen', () => {
  const paths = transitionCoveringPaths(groupPackagesModel);
  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_d, path) => {
    await runScreenPath(groupPackagesModel, path, binding);
  });
});

/** The share child on the packages' page: on its way, shared, copied, or the link to copy by hand. */
const shareBinding: ScreenBinding<typeof linkShareMachine> = {
  view: (share) => <PackageShareNotice share={share} />,
  userEvents: {},
  states: (ui, share) => {
    if (share.matches('sharing')) return void expect(status(ui)).toMatch(/A preparar o link/);
    if (share.matches('shared')) return void expect(status(ui)).toMatch(/Link do pacote partilhado/);
    if (share.matches('copied')) return void expect(status(ui)).toMatch(new RegExp(`Link copiado: ${PAGE}`));
    if (share.matches('unavailable')) {
      expect(alert(ui)).toMatch(/Copie-o daqui/);
      return void expect((ui.getByLabelText('Link do pacote') as HTMLInputElement).value).toBe(PAGE);
    }
    // closed by the person: nothing to say
    expect(ui.queryByRole('alert')).toBeNull();
    expect(ui.queryByRole('status')).toBeNull();
  },
};

describe('link share chart on the group packages screen', () => {
  const paths = transitionCoveringPaths(listLineShareModel);
  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_d, path) => {
    await runScreenPath(listLineShareModel, path, shareBinding);
  });
});

describe('status change chart on the group packages screen', () => {
  const paths = transitionCoveringPaths(statusChangeModel);
  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_d, path) => {
    await runScreenPath(statusChangeModel, path, changeBinding);
  });
});

describe('sharing a package', () => {
  afterEach(() => void Reflect.deleteProperty(navigator, 'clipboard'));

  it('copies the package page of its own store when the browser cannot share', async () => {
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const flow = groupPackagesMachine.provide({
      actors: {
        loadList: fromPromise<Outcome<{ packages: GroupPackageLine[] }>>(async () => ({ ok: true, data: { packages: samplePackages } })),
        statusChange: groupPackagesActors.statusChange,
        linkShare: groupPackagesActors.linkShare,
      },
    });
    const actor = createActor(flow).start();
    await waitFor(actor, (s) => s.matches('list'));
    // a paused package is not for sale: not shared
    actor.send({ type: 'package.shared', packageId: '42' });
    expect(actor.getSnapshot().matches({ list: 'idle' })).toBe(true);
    actor.send({ type: 'package.shared', packageId: '41' });
    await waitFor(actor, (s) => s.matches({ list: 'sharing' }));
    await waitFor(actor.getSnapshot().children.linkShare as AnyActorRef, (s) => s.value === 'copied');
    expect(writeText).toHaveBeenCalledWith(PAGE);
    actor.stop();
  });
});
