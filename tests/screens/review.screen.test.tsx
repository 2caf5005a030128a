import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor, type screen as Screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createActor } from 'xstate';
import { useSelector } from '@xstate/react';
import { ReviewView } from '../../screens/review/ReviewView.tsx';
import { DocumentPreview } from '../../screens/common/DocumentPreview.tsx';
import AuditLogScreen, { changesOf } from '../../screens/platform/AuditLogScreen.tsx';
import QueueScreen from '../../screens/platform/QueueScreen.tsx';
import MemberLookupScreen from '../../screens/platform/MemberLookupScreen.tsx';
import { fetchOperatorFile } from '../../services/platformFiles.ts';
import { reviewFlow } from '../../src/flows/review.ts';
import { onSessionExpired, resetSessionSignal } from '../../services/session-signal.ts';
import { storage } from '../../src/lib/storage.ts';
import { createI18n } from '../../src/i18n.ts';
import { rebindingDetail, reviewModel, reviewModelFor, reviewUserEvents, verificationDetail, REVIEW_ID } from '../models/review.model.ts';
import { doneEvent, transitionCoveringPaths } from '../support/mbt.ts';
import { runScreenPath, type ScreenBinding, type UserEvents } from '../support/screen-mbt.tsx';
import type { reviewMachine, ReviewEvent, ReviewSubject } from '../../machines/review.machine.ts';
import type { ReviewKind } from '../../screens/common/reviewKinds.ts';
import { dictionary } from '../../locales/dictionary.ts';
const pt = dictionary('pt');

const router = vi.hoisted(() => ({ navigate: vi.fn(async () => {}), search: {} as Record<string, unknown> }));
const gateway = vi.hoisted(() => ({ requestGateway: vi.fn() }));
vi.mock('@tanstack/react-router', async (original) => ({
  ...(await original<typeof import('@tanstack/react-router')>()),
  useRouter: () => router,
  useNavigate: () => router.navigate,
  useSearch: () => router.search,
}));
vi.mock('../../services/gateway.ts', () => gateway);

type Ui = typeof Screen;
const click = (ui: Ui, name: string | RegExp) => void fireEvent.click(ui.getByRole('button', { name }));
const alerts = (ui: Ui) => ui.queryAllByRole('alert').map((a) => a.textContent).join(' ');

/** How a reviewer causes each event on the screen (typed: a new event fails to compile until it is here). */
const userEvents: UserEvents<ReviewEvent> = {
  'approve.requested': (ui) => click(ui, 'Aprovar'),
  'approve.confirmed': (ui) => click(ui, 'Confirmar aprovação'),
  'reject.requested': (ui) => click(ui, 'Recusar'),
  'reason.changed': (ui, e) => void fireEvent.change(ui.getByLabelText('Motivo da recusa'), { target: { value: e.value } }),
  'reject.confirmed': (ui) => click(ui, 'Confirmar recusa'),
  'decision.cancelled': (ui) => click(ui, 'Cancelar'),
  'review.reload': (ui) => click(ui, 'Recarregar o pedido'),
  'review.retry': (ui) => click(ui, /Tentar novamente|Recarregar o pedido/),
};

const DETAILS: Record<ReviewKind, { title: string; facts: RegExp[] }> = {
  verification: { title: 'Mercearia Kianda, Lda', facts: [/ALV-2024-0042/, /Joana Kianda/, /Paulo Mateus/, /Rua da Missão 12/, /Certidão de registo caducada/, /Alvará comercial/] },
  rebinding: { title: 'Ana Maria Demo', facts: [/\+244 923 000 001/, /\+244 934 000 002/, /Fotografia 2/] },
};

function bindingFor(kind: ReviewKind): ScreenBinding<typeof reviewMachine> {
  return {
    view: (state, send) => <ReviewView state={state} send={send as (e: ReviewEvent) => void} kind={kind} />,
    userEvents,
    states: (ui, state) => {
      const back = ui.getByRole('link', { name: kind === 'verification' ? /Voltar às verificações/ : /Voltar aos pedidos de mudança/ });
      expect(back.getAttribute('href')).toBe(kind === 'verification' ? '/plateform/verifications' : '/plateform/rebinding');
      const shown = state.context.detail !== null;
      if (shown) {
        expect(ui.getByRole('heading', { level: 1 }).textContent).toBe(DETAILS[kind].title);
        for (const fact of DETAILS[kind].facts) expect(document.body.textContent).toMatch(fact);
      }
      // the decision buttons are there only while a decision can start
      const decidable = state.matches('reviewing');
      expect(ui.queryByRole('button', { name: 'Aprovar' }) !== null).toBe(decidable);
      expect(ui.queryByRole('button', { name: 'Recusar' }) !== null).toBe(decidable);
      if (state.matches('loading')) return void expect(ui.getByRole('status').textContent).toMatch(/A carregar o pedido/);
      if (state.matches('failed')) {
        expect(alerts(ui)).toMatch(shown ? /não se sabe se a decisão ficou registada/ : /Não foi possível carregar/);
        return void expect(ui.getByRole('button', { name: shown ? 'Recarregar o pedido' : 'Tentar novamente' })).toBeTruthy();
      }
      if (state.matches('unavailable')) return void expect(alerts(ui)).toMatch(/Pedido não encontrado/);
      if (state.matches({ reviewing: 'idle' })) return void expect(alerts(ui)).toBe('');
      if (state.matches({ reviewing: 'refused' })) return void expect(alerts(ui)).toMatch(/Este número já pertence a outra conta/);
      if (state.matches('confirmingApproval')) {
        expect(ui.getByText(kind === 'verification' ? /Aprovar a verificação desta empresa/ : /Aprovar a mudança de número/)).toBeTruthy();
        return void expect(ui.getByRole('button', { name: 'Confirmar aprovação' })).toBeTruthy();
      }
      if (state.matches('enteringReason')) {
        expect((ui.getByLabelText('Motivo da recusa') as HTMLTextAreaElement).value).toBe(state.context.reason);
        expect(ui.getByRole('button', { name: 'Confirmar recusa' })).toBeTruthy();
        return void expect(alerts(ui)).toMatch(state.matches({ enteringReason: 'tooShort' }) ? /pelo menos 5 caracteres/ : /^$/);
      }
      if (state.matches('deciding')) return void expect(ui.getByRole('status').textContent).toMatch(/A registar a decisão/);
      if (state.matches('decided') || state.matches('returning')) {
        return void expect(ui.getByRole('status').textContent).toBe(state.context.decision === 'reject' ? 'Pedido recusado.' : 'Pedido aprovado.');
      }
      if (state.matches('stale')) {
        expect(alerts(ui)).toMatch(/já foi decidido por outro operador/);
        return void expect(ui.getByRole('button', { name: 'Recarregar o pedido' })).toBeTruthy();
      }
      if (state.matches('closed')) {
        expect(ui.getByRole('status').textContent).toBe('Este pedido já foi decidido: Aprovado.');
        return void expect(ui.getByText(/Decidido em .* por Operadora Demo/)).toBeTruthy();
      }
      throw new Error(`no UI assertion for ${JSON.stringify(state.value)}`);
    },
  };
}

/** Member documents never load in these runs: the previews stay "loading" (the preview has its own tests). */
function parkFileFetches() {
  vi.stubGlobal('fetch', vi.fn((_url: string, init: RequestInit) => new Promise((_resolve, reject) => init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))))));
}

describe('review chart on the enterprise verification screen', () => {
  beforeEach(parkFileFetches);
  afterEach(() => vi.unstubAllGlobals());
  const paths = transitionCoveringPaths(reviewModel);
  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_d, path) => {
    await runScreenPath(reviewModel, path, bindingFor('verification'));
  });
});

describe('review chart on the mobile rebinding screen', () => {
  beforeEach(parkFileFetches);
  afterEach(() => vi.unstubAllGlobals());
  const model = reviewModelFor(rebindingDetail as (status: ReviewSubject['status']) => ReviewSubject);
  const paths = transitionCoveringPaths(model);
  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_d, path) => {
    await runScreenPath(model, path, bindingFor('rebinding'));
  });
});

describe('a rejection on the screen', () => {
  beforeEach(parkFileFetches);
  afterEach(() => vi.unstubAllGlobals());
  afterEach(() => gateway.requestGateway.mockReset());
  it('sends the trimmed reason and shows the rejection', async () => {
    // the flow module's real calls, over the mocked gateway: the detail, then the decision
    gateway.requestGateway
      .mockResolvedValueOnce({ ok: true, data: verificationDetail('pending') })
      .mockImplementationOnce(async (_service: string, input: { id: string }) => ({ ok: true, data: { id: input.id, status: 'rejected' } }));
    const actor = createActor(reviewFlow.verification, { input: { id: REVIEW_ID } }).start();
    const Harness = () => <ReviewView state={useSelector(actor, (s) => s)} send={(e) => actor.send(e)} kind="verification" />;
    render(<I18nextProvider i18n={createI18n('pt', { pt })}><Harness /></I18nextProvider>);
    await screen.findByRole('button', { name: 'Recusar' });
    click(screen, 'Recusar');
    fireEvent.change(screen.getByLabelText('Motivo da recusa'), { target: { value: `  ${reviewUserEvents['reason.changed'].value}  ` } });
    click(screen, 'Confirmar recusa');
    expect((await screen.findByRole('status')).textContent).toBe('Pedido recusado.');
    expect(gateway.requestGateway).toHaveBeenNthCalledWith(1, 'platform/verification/detail', { id: REVIEW_ID }, { quiet: true });
    expect(gateway.requestGateway).toHaveBeenNthCalledWith(2, 'platform/verification/decide', { id: REVIEW_ID, decision: 'reject', reason: reviewUserEvents['reason.changed'].value });
    actor.stop();
  });
  it('sends no reason with an approval, even one typed and abandoned', () => {
    const actor = createActor(reviewModel.machine, { input: { id: REVIEW_ID } }).start();
    actor.send(doneEvent('loadDetail', { ok: true, data: verificationDetail('pending') }) as never);
    actor.send({ type: 'reject.requested' });
    actor.send({ type: 'reason.changed', value: 'Motivo abandonado' });
    actor.send({ type: 'decision.cancelled' });
    actor.send({ type: 'approve.requested' });
    actor.send({ type: 'approve.confirmed' });
    const invoked = actor.getSnapshot().children.decide as unknown as { getSnapshot(): { input: unknown } };
    expect(invoked.getSnapshot().input).toEqual({ id: REVIEW_ID, decision: 'approve', reason: '' });
    actor.stop();
  });
});

describe('member documents for operators', () => {
  const i18n = createI18n('pt', { pt });
  const answer = (status: number, contentType = 'image/jpeg') => ({ status, ok: status >= 200 && status < 300, headers: new Headers({ 'content-type': contentType }), blob: async () => new Blob(['bytes'], { type: contentType }) });
  let created: Blob[];
  beforeEach(() => {
    created = [];
    storage.setUserInfo({ h5Token: 'member-token', token: 'operator-token' });
    vi.stubGlobal('URL', Object.assign(Object.create(URL), { createObjectURL: vi.fn((blob: Blob) => { created.push(blob); return `blob:doc-${created.length}`; }), revokeObjectURL: vi.fn() }));
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    resetSessionSignal();
  });

  it('fetches with the operator token in the sso-auth-token header and no cookies', async () => {
    const fetch = vi.fn(async () => answer(200));
    vi.stubGlobal('fetch', fetch);
    const result = await fetchOperatorFile('0b7c6f0e-1a2b-4c3d-8e9f-000000000001');
    expect(result).toEqual({ ok: true, url: 'blob:doc-1', contentType: 'image/jpeg' });
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/platform/files/0b7c6f0e-1a2b-4c3d-8e9f-000000000001');
    expect((init.headers as Record<string, string>)['sso-auth-token']).toBe('operator-token');
    expect(init.credentials).toBe('omit');
  });

  it('turns 401 into the session-expired signal, 403 into forbidden, and never renders an unexpected type', async () => {
    const expired = vi.fn();
    const stop = onSessionExpired(expired);
    vi.stubGlobal('fetch', vi.fn(async () => answer(401)));
    expect(await fetchOperatorFile('a')).toEqual({ ok: false, reason: 'expired' });
    expect(expired).toHaveBeenCalledTimes(1);
    vi.stubGlobal('fetch', vi.fn(async () => answer(403)));
    expect(await fetchOperatorFile('a')).toEqual({ ok: false, reason: 'forbidden' });
    vi.stubGlobal('fetch', vi.fn(async () => answer(200, 'text/html')));
    expect(await fetchOperatorFile('a')).toMatchObject({ ok: true, contentType: 'application/octet-stream' });
    expect(created.at(-1)?.type).toBe('application/octet-stream');
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('network down'))));
    expect(await fetchOperatorFile('a')).toEqual({ ok: false, reason: 'unreachable' });
    stop();
  });

  it('shows an image with its alt text and a PDF with a link to open it, and revokes the URLs when it goes', async () => {
    vi.stubGlobal('fetch', vi.fn(async (url: string) => answer(200, url.endsWith('1') ? 'application/pdf' : 'image/jpeg')));
    const doc = (n: number, contentType: string) => ({ fileId: `0b7c6f0e-1a2b-4c3d-8e9f-00000000000${n}`, fileName: `f${n}`, contentType, size: 2048 });
    const { unmount, container } = render(
      <I18nextProvider i18n={i18n}>
        <DocumentPreview document={doc(0, 'image/jpeg')} label="Alvará comercial" />
        <DocumentPreview document={doc(1, 'application/pdf')} label="Certidão" />
      </I18nextProvider>,
    );
    const image = await screen.findByRole('img', { name: 'Alvará comercial, enviado pelo membro' });
    expect(image.getAttribute('src')).toMatch(/^blob:doc-/);
    await waitFor(() => expect(container.querySelector('object[type="application/pdf"]')).not.toBeNull());
    expect(screen.getByRole('link', { name: 'Abrir Certidão' }).getAttribute('href')).toMatch(/^blob:doc-/);
    await act(async () => unmount());
    expect(URL.revokeObjectURL).toHaveBeenCalledTimes(2);
  });
});

describe('audit entries', () => {
  it('lists the keys that changed, before → after', () => {
    expect(changesOf({ before: { status: 'pending', reason: null, kept: 1 }, after: { status: 'rejected', reason: 'Ilegível', kept: 1 } })).toEqual([
      { key: 'reason', from: 'null', to: '"Ilegível"' },
      { key: 'status', from: '"pending"', to: '"rejected"' },
    ]);
    expect(changesOf({ before: null, after: { mobile: '+244934000002' } })).toEqual([{ key: 'mobile', from: null, to: '"+244934000002"' }]);
  });
});

describe('the pages around the reviews', () => {
  const i18n = createI18n('pt', { pt });
  const show = (node: React.ReactNode) => render(<I18nextProvider i18n={i18n}>{node}</I18nextProvider>);
  const item = (n: number) => ({ ...verificationDetail('pending'), id: `3f0c2a9e-7b1d-4c55-9e0a-5d2f8c1b7a4${n}`, companyName: `Empresa ${n}` });
  afterEach(() => {
    vi.clearAllMocks();
    router.search = {};
  });

  it('lists a queue page as links named by company, and pages and filters through the address', async () => {
    gateway.requestGateway.mockResolvedValue({ ok: true, data: { items: [item(1), item(2)], total: 45 } });
    router.search = { page: 2 };
    show(<QueueScreen kind="verification" />);
    const link = await screen.findByRole('link', { name: 'Empresa 1' });
    expect(link.getAttribute('href')).toBe('/plateform/verifications/3f0c2a9e-7b1d-4c55-9e0a-5d2f8c1b7a41');
    expect(gateway.requestGateway).toHaveBeenCalledWith('platform/verification/queue', { status: 'pending', page: 2, pageSize: 20 }, { quiet: true });
    expect(screen.getByText(/Página 2 de 3/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Seguinte' }));
    expect(router.navigate).toHaveBeenLastCalledWith({ to: '/plateform/verifications', search: { page: 3 } });
    fireEvent.click(screen.getByRole('button', { name: 'Recusado' }));
    expect(router.navigate).toHaveBeenLastCalledWith({ to: '/plateform/verifications', search: { status: 'rejected' } });
    fireEvent.click(link);
    expect(router.navigate).toHaveBeenLastCalledWith({ href: '/plateform/verifications/3f0c2a9e-7b1d-4c55-9e0a-5d2f8c1b7a41' });
  });

  it('says so when a queue is empty, and offers a retry when it cannot load', async () => {
    gateway.requestGateway.mockResolvedValueOnce({ ok: true, data: { items: [], total: 0 } });
    const { unmount } = show(<QueueScreen kind="rebinding" />);
    expect(await screen.findByText('Não há pedidos neste estado.')).toBeTruthy();
    expect(gateway.requestGateway).toHaveBeenCalledWith('platform/mobileChange/queue', { status: 'pending', page: 1, pageSize: 20 }, { quiet: true });
    unmount();
    gateway.requestGateway.mockRejectedValueOnce(new Error('network down')).mockResolvedValueOnce({ ok: true, data: { items: [{ ...rebindingDetail('pending') }], total: 1 } });
    show(<QueueScreen kind="rebinding" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Tentar novamente' }));
    expect((await screen.findByRole('link', { name: 'Ana Maria Demo' })).getAttribute('href')).toBe(`/plateform/rebinding/${REVIEW_ID}`);
    expect(screen.getByText(/\+244 923 000 001 → \+244 934 000 002/)).toBeTruthy();
  });

  it('looks members up by three characters or more', async () => {
    gateway.requestGateway.mockResolvedValue({ ok: true, data: { members: [verificationDetail('pending').member] } });
    show(<MemberLookupScreen />);
    const field = screen.getByLabelText('Número de membro, telemóvel, e-mail ou nome');
    fireEvent.change(field, { target: { value: 'Ki' } });
    fireEvent.click(screen.getByRole('button', { name: 'Procurar' }));
    expect(screen.getByRole('alert').textContent).toMatch(/pelo menos 3 caracteres/);
    expect(gateway.requestGateway).not.toHaveBeenCalled();
    fireEvent.change(field, { target: { value: ' Kianda ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Procurar' }));
    expect(await screen.findByRole('heading', { name: 'Mercearia Kianda, Lda' })).toBeTruthy();
    expect(gateway.requestGateway).toHaveBeenCalledWith('platform/member/lookup', { query: 'Kianda' }, { quiet: true });
    expect(screen.getByText('Nível I')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ver no registo de auditoria' }).getAttribute('href')).toBe('/plateform/audit?subjectId=100000000042');
  });

  it('shows the audit log with who, what, about what, and what changed', async () => {
    router.search = { subjectId: REVIEW_ID };
    gateway.requestGateway.mockResolvedValue({
      ok: true,
      data: {
        items: [{ id: '1', at: '2025-05-02T10:00:00.000Z', operatorId: 'op-1', operatorName: 'Operadora Demo', action: 'verification.reject', subjectType: 'enterpriseVerification', subjectId: REVIEW_ID, before: { status: 'pending' }, after: { status: 'rejected', reason: 'Ilegível' } }],
        total: 1,
      },
    });
    show(<AuditLogScreen />);
    expect(await screen.findByText('Operadora Demo')).toBeTruthy();
    expect(gateway.requestGateway).toHaveBeenCalledWith('platform/audit/query', { subjectId: REVIEW_ID, page: 1, pageSize: 20 }, { quiet: true });
    expect(screen.getByText('verification.reject')).toBeTruthy();
    expect(screen.getByText('"pending"')).toBeTruthy();
    expect(screen.getByText('"rejected"')).toBeTruthy();
    expect((screen.getByLabelText('Assunto (identificador)') as HTMLInputElement).value).toBe(REVIEW_ID);
  });
});
