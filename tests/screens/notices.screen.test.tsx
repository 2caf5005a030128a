import { describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import i18next from 'i18next';
import { createActor, type AnyActorRef } from 'xstate';
import { NoticesView, NoticeItemsView, noticeWords } from '../../screens/notices/NoticesView.tsx';
import { noticeTarget } from '../../screens/notices/noticeTarget.ts';
import { NOTICE_KEY, type noticesMachine, type NoticesEvent } from '../../machines/notices.machine.ts';
import { pagedListMachine } from '../../machines/pagedList.machine.ts';
import type { NoticeItem } from '../../services/contract/notices.ts';
import { noticesModel, noticesPage, readAnnouncement, receivedNotice } from '../models/notices.model.ts';
import { doneEvent, parkInvokes, transitionCoveringPaths } from '../support/mbt.ts';
import { assertNoRawKeys, runScreenPath, type ScreenBinding, type ScreenQueries, type UserEvents } from '../support/screen-mbt.tsx';
import { createI18n } from '../../src/i18n.ts';
import { dictionary } from '../../locales/dictionary.ts';

const status = (ui: ScreenQueries) => ui.queryAllByRole('status').map((s) => s.textContent).join(' | ');
const markAll = (ui: ScreenQueries) => ui.queryByRole('button', { name: 'Marcar tudo como lido' });

// the list child's news (list.loaded) is the server's, fed to the chart as the model does
const userEvents: Omit<UserEvents<NoticesEvent>, 'list.loaded'> = {
  'notice.opened': (ui, e) => {
    const items = within(ui.getByRole('list', { name: 'Notificações' })).getAllByRole('button');
    fireEvent.click(items[e.notice.id === receivedNotice.id ? 0 : 1]!);
  },
  'notices.allRead': (ui) => void fireEvent.click(markAll(ui)!),
};

/** The head once the count is known: how many are unread, and «mark all» offered only when some are. */
const head = (ui: ScreenQueries, unread: number | null) => {
  if (unread === null) {
    expect(markAll(ui)).toBeNull();
    return;
  }
  expect(status(ui)).toMatch(unread > 0 ? /1 notificação por ler/ : /Tudo lido\./);
  expect(markAll(ui)!.hasAttribute('disabled')).toBe(unread === 0);
};

const binding: ScreenBinding<typeof noticesMachine> = {
  view: (state, send) => <NoticesView state={state} send={send as (e: NoticesEvent) => void} />,
  userEvents,
  states: {
    '{"browsing":"idle"}': (ui, state) => {
      head(ui, state.context.unread);
      expect(ui.queryByRole('alert')).toBeNull();
    },
    '{"browsing":"openFailed"}': (ui, state) => {
      // the server's reason (a notice gone), else that it could not be opened
      expect(ui.getByText(state.context.errorCode ? 'Esta notificação já não existe.' : 'Não foi possível abrir a notificação. Tente novamente.')).toBeTruthy();
    },
    '{"browsing":"markAllFailed"}': (ui, state) => {
      expect(ui.getByText(state.context.errorCode ? 'Ocorreu um erro no servidor. Tente novamente mais tarde.' : 'Não foi possível marcar tudo como lido. Tente novamente.')).toBeTruthy();
    },
    '"opening"': (ui) => {
      // every notice waits while one is marked
      for (const button of within(ui.getByRole('list', { name: 'Notificações' })).getAllByRole('button')) expect(button.hasAttribute('disabled')).toBe(true);
    },
    '"markingAllRead"': (ui) => expect(markAll(ui)!.hasAttribute('disabled')).toBe(true),
    '"opened"': (_ui, state) => {
      // the chosen notice's own screen is where the page goes
      expect(noticeTarget(state.context.chosen!)).toBe(state.context.chosen!.read ? '/anouncement/7' : '/app/receipt?transferId=9001');
    },
  },
};

describe('the notices inbox on its screen', () => {
  const paths = transitionCoveringPaths(noticesModel);
  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_d, path) => {
    await runScreenPath(noticesModel, path, binding);
  });
});

describe('the inbox', () => {
  const i18n = createI18n('pt', { pt: dictionary('pt'), en: dictionary('en'), zh: dictionary('zh'), fr: dictionary('fr') });
  const t = (language: 'pt' | 'en' | 'fr' | 'zh') => i18n.getFixedT(language) as typeof i18next.t;
  const notice = (over: Partial<NoticeItem>): NoticeItem => ({ ...receivedNotice, ...over });

  it('keeps the list child alive while a notice opens, and reads it again after marking all', () => {
    const actor = createActor(noticesModel.machine).start();
    const child = () => actor.getSnapshot().children.pagedList as AnyActorRef;
    const first = child();
    expect(first.getSnapshot().context).toMatchObject({ key: NOTICE_KEY });
    act(() => first.send(doneEvent('loadPage', { ok: true, data: noticesPage }) as never));
    expect(actor.getSnapshot().context.unread).toBe(1);
    actor.send({ type: 'notices.allRead' });
    expect(child()).toBe(first);
    actor.send(doneEvent('markAllRead', { ok: true, data: { unread: 0 } }) as never);
    expect(actor.getSnapshot().context.unread).toBe(0);
    expect(first.getSnapshot().value).toBe('refreshing');
    // nothing left unread: «mark all» is not taken
    actor.send({ type: 'notices.allRead' });
    expect(actor.getSnapshot().value).toEqual({ browsing: 'idle' });
    actor.stop();
  });

  it('draws each notice: unread ones marked for the eye and the screen reader, newest first as the server gives them', () => {
    const page = parkInvokes(pagedListMachine, ['loadPage']).provide({ actions: { pageLoaded: () => {} } });
    const childActor = createActor(page, { input: { query: {}, key: NOTICE_KEY } }).start();
    act(() => childActor.send(doneEvent('loadPage', { ok: true, data: noticesPage }) as never));
    const opened: NoticeItem[] = [];
    const { container } = render(<I18nextProvider i18n={i18n}><NoticeItemsView state={childActor.getSnapshot()} send={(e) => childActor.send(e)} onOpen={(n) => opened.push(n)} /></I18nextProvider>);
    const items = within(screen.getByRole('list', { name: 'Notificações' })).getAllByRole('button');
    expect(items.map((b) => b.className)).toEqual(['kw-notice kw-notice-unread', 'kw-notice']);
    expect(items[0]!.textContent).toMatch(/^Por ler: Dinheiro recebidoBruno M\*\*\* D\*\*\* enviou-lhe 1\s250,00\sKz26 nov 2026, 10:15$/);
    expect(items[1]!.textContent).toMatch(/^Manutenção programadaAviso da Kwanza Wallet/);
    fireEvent.click(items[1]!);
    expect(opened).toEqual([readAnnouncement]);
    assertNoRawKeys(container);
    childActor.stop();
  });

  it('says each kind in pt, en, fr and zh, with the amount and the other side, never a raw key', () => {
    const kinds: NoticeItem[] = [
      notice({}),
      notice({ kind: 'paymentRefunded', params: { amount: 5_000, counterpart: 'Cantina da Ana', transferId: '77' } }),
      notice({ kind: 'staffInvitation', params: { counterpart: 'Comercial Demo, Lda', store: 'Loja Central' } }),
      notice({ kind: 'moneyRequested', params: { amount: 2_000, counterpart: 'Ana M*** D***' } }),
      notice({ kind: 'moneyRequestPaid', params: { amount: 2_000, counterpart: 'Ana M*** D***' } }),
      notice({ kind: 'moneyRequestDeclined', params: { amount: 2_000 } }),
      notice({ kind: 'verificationResult', params: { subject: 'personal', outcome: 'verified' } }),
      notice({ kind: 'verificationResult', params: { subject: 'enterprise', outcome: 'failed' } }),
      readAnnouncement,
    ];
    const said = (language: 'pt' | 'en' | 'fr' | 'zh') => kinds.map((k) => noticeWords(k, t(language), language));
    expect(said('en').map((w) => `${w.title}: ${w.detail}`)).toEqual([
      expect.stringMatching(/^Money received: Bruno M\*\*\* D\*\*\* sent you Kz\s?1,250\.00$|^Money received: Bruno M\*\*\* D\*\*\* sent you 1,250\.00\sKz$/),
      expect.stringMatching(/^Refund received: Cantina da Ana refunded you .*50\.00/),
      'Staff invitation: Comercial Demo, Lda invites you to work at Loja Central',
      expect.stringMatching(/^Request for money: Ana M\*\*\* D\*\*\* asks you for .*20\.00/),
      expect.stringMatching(/^Request paid: Ana M\*\*\* D\*\*\* paid your request for .*20\.00/),
      // no name given: someone
      expect.stringMatching(/^Request declined: Someone declined your request for .*20\.00/),
      'Identity verified: Your account is now level III.',
      'Company verification rejected: See why and send it again.',
      'Manutenção programada: Kwanza Wallet announcement',
    ]);
    for (const language of ['pt', 'fr', 'zh'] as const) {
      for (const words of said(language)) expect(`${words.title} ${words.detail}`).not.toMatch(/notices\.|\{\{/);
    }
    expect(said('zh')[0]).toEqual({ title: '收到转账', detail: expect.stringMatching(/^Bruno M\*\*\* D\*\*\* 向您转账 /) });
    expect(said('fr')[2]!.detail).toBe('Comercial Demo, Lda vous invite à travailler à Loja Central');
  });

  it('opens each kind on its own screen', () => {
    expect(noticeTarget(receivedNotice)).toBe('/app/receipt?transferId=9001');
    expect(noticeTarget(notice({ kind: 'paymentRefunded', ref: '12', params: { transferId: '77' } }))).toBe('/app/receipt?transferId=77');
    // a refund that all went back to cashback has no line in the balance: the wallet shows it
    expect(noticeTarget(notice({ kind: 'paymentRefunded', ref: '12', params: { transferId: null } }))).toBe('/app/wallet');
    expect(noticeTarget(notice({ kind: 'staffInvitation', ref: '31' }))).toBe('/app/invitation/31');
    expect(noticeTarget(notice({ kind: 'verificationResult', ref: 'x', params: { subject: 'personal' } }))).toBe('/app/personalcert');
    expect(noticeTarget(notice({ kind: 'verificationResult', ref: 'x', params: { subject: 'enterprise' } }))).toBe('/app/result');
    for (const kind of ['moneyRequested', 'moneyRequestPaid', 'moneyRequestDeclined'] as const) expect(noticeTarget(notice({ kind, ref: '55' }))).toBe('/app/moneyRequest/55');
    expect(noticeTarget(readAnnouncement)).toBe('/anouncement/7');
  });
});
