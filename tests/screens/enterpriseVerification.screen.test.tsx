import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, within, type screen as Screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { useSelector } from '@xstate/react';
import { createActor, type SnapshotFrom } from 'xstate';
import { EnterpriseVerificationView } from '../../screens/enterpriseVerification/EnterpriseVerificationView.tsx';
import { EnterpriseStatusView } from '../../screens/enterpriseVerification/EnterpriseStatusView.tsx';
import type { ProvinceOptions } from '../../screens/enterpriseVerification/EnterpriseFormView.tsx';
import type { DocumentUploader } from '../../screens/enterpriseVerification/EnterpriseDocumentSlot.tsx';
import { loadDraft, useDraftPersistence } from '../../screens/enterpriseVerification/EnterpriseDraft.ts';
import { DOCUMENT_SLOTS } from '../../machines/enterpriseForm.ts';
import { enterpriseVerificationMachine, type EnterpriseVerificationEvent } from '../../machines/enterpriseVerification.machine.ts';
import { createI18n } from '../../src/i18n.ts';
import type { Language } from '../../src/lib/language.ts';
import { storage } from '../../src/lib/storage.ts';
import { completeDraft, enterpriseVerificationModel, lastForm } from '../models/enterpriseVerification.model.ts';
import { doneEvent, transitionCoveringPaths } from '../support/mbt.ts';
import { assertNoRawKeys, runScreenPath, type ScreenBinding, type UserEvents } from '../support/screen-mbt.tsx';
import { dictionary } from '../../locales/dictionary.ts';
const pt = dictionary('pt');
const en = dictionary('en');
const zh = dictionary('zh');
const fr = dictionary('fr');

type Ui = typeof Screen;
type State = SnapshotFrom<typeof enterpriseVerificationMachine>;
const click = (ui: Ui, name: string | RegExp) => void fireEvent.click(ui.getByRole('button', { name }));
const alerts = (ui: Ui) => ui.queryAllByRole('alert').map((a) => a.textContent).join(' ');
const field = (path: string) => document.querySelector<HTMLInputElement>(`[name="${path}"]`)!;
const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

const provinces: ProvinceOptions = {
  status: 'ready',
  provinces: [{ id: 'luanda', name: 'Luanda', cities: ['Ingombota', 'Maianga'] }, { id: 'benguela', name: 'Benguela', cities: ['Lobito'] }],
};
/** The server's answer per file name, as the model's `document.uploaded` event says it. */
const stored = new Map<string, { fileId: string; contentType: string }>();
const upload: DocumentUploader = async (file, onProgress) => {
  onProgress(0.5);
  const answer = stored.get(file.name) ?? { fileId: crypto.randomUUID(), contentType: file.type };
  return { fileId: answer.fileId, fileName: file.name, contentType: answer.contentType };
};

const userEvents: UserEvents<EnterpriseVerificationEvent> = {
  'field.changed': (_ui, e) => {
    const input = field(e.path);
    if (input.type === 'radio') fireEvent.click(document.querySelector(`[name="${e.path}"][value="${e.value}"]`)!);
    else fireEvent.change(input, { target: { value: e.value } });
  },
  'document.uploaded': async (_ui, e) => {
    stored.set(e.fileName, { fileId: e.fileId, contentType: e.contentType });
    fireEvent.change(document.querySelector(`input[data-slot="${e.slot}"]`)!, { target: { files: [new File(['%PDF-1.4'], e.fileName, { type: e.contentType })] } });
    await tick();
  },
  'document.removed': (ui, e) => click(ui, `Remover: ${pt.enterpriseVerification.document[e.slot]}`),
  'form.submitted': (ui) => click(ui, 'Enviar para verificação'),
  'status.refreshed': (ui) => click(ui, 'Atualizar o estado'),
  reverify: (ui) => click(ui, 'Verificar de novo'),
  'flow.retry': (ui) => click(ui, 'Tentar novamente'),
};

/** What the status states show, on either page. */
function statusShown(ui: Ui, state: State): boolean {
  if (state.matches('loading')) return void expect(ui.getByRole('status').textContent).toBe('A carregar…'), true;
  if (state.matches('unavailable')) return void expect(alerts(ui)).toMatch(/Erro de rede|erro no servidor/), true;
  if (state.matches('notEnterprise')) {
    expect(alerts(ui)).toMatch(/para contas de empresa/);
    return void expect(ui.getByRole('link', { name: 'Ir para a verificação de identidade' }).getAttribute('href')).toBe('/app/personalcert'), true;
  }
  if (state.matches('pending')) {
    expect(ui.getByRole('status').textContent).toBe('Em análise');
    return void expect(ui.getByRole('heading', { name: 'Pedido em análise' })).toBeTruthy(), true;
  }
  if (state.matches('verified')) {
    expect(ui.getByRole('heading', { name: 'Empresa verificada' })).toBeTruthy();
    return void expect(ui.getByRole('link', { name: 'Ir para a carteira' }).getAttribute('href')).toBe('/'), true;
  }
  if (state.matches('failed')) {
    expect(ui.getByRole('heading', { name: 'A verificação falhou' })).toBeTruthy();
    return void expect(ui.getByText(/A certidão do registo comercial está ilegível\./)).toBeTruthy(), true;
  }
  return false;
}

const REFUSALS: Record<string, RegExp> = {
  invalid: /Há campos por preencher ou corrigir \(\d+\)/,
  nifTaken: /NIF de empresa já está associado a outra conta/,
  documentsInvalid: /Falta algum documento/,
  refused: /Dados inválidos/,
  unreachable: /Erro de rede/,
};

function formShown(ui: Ui, state: State) {
  const { values, fieldErrors } = state.context;
  expect(ui.getByRole('heading', { name: 'Dados da empresa' })).toBeTruthy();
  expect(ui.getByLabelText('NIF da empresa')).toHaveProperty('value', values.company.nif);
  expect(ui.getByLabelText('Província')).toHaveProperty('value', values.basicInfo.province);
  for (const slot of DOCUMENT_SLOTS) {
    const document = values.documents[slot];
    const box = within(ui.getByTestId(`slot-${slot}`));
    expect(box.getByText(pt.enterpriseVerification.document[slot])).toBeTruthy();
    if (document) expect(box.getByText(document.fileName || 'Documento enviado')).toBeTruthy();
    if (fieldErrors[`documents.${slot}`]) expect(box.getByText('Envie este documento.')).toBeTruthy();
  }
  if (fieldErrors['company.nif'] === 'invalid') expect(ui.getByText('O NIF da empresa tem 10 algarismos.')).toBeTruthy();
  if (fieldErrors['company.name'] === 'required') expect(ui.getByText('Indique o nome da empresa.')).toBeTruthy();
  if (fieldErrors['basicInfo.areaOfBusiness'] === 'required') expect(ui.getByText('Indique a área de atividade.')).toBeTruthy();
  if (state.context.reason) expect(ui.getByText('Motivo da recusa anterior:')).toBeTruthy();
  for (const [sub, text] of Object.entries(REFUSALS)) {
    if (state.matches({ unverified: sub as 'editing' })) expect(alerts(ui)).toMatch(text);
  }
  if (state.matches({ unverified: 'editing' })) expect(alerts(ui)).toBe('');
  if (state.matches('submitting')) expect(ui.getByRole('button', { name: /A enviar/ })).toHaveProperty('disabled', true);
}

const formBinding: ScreenBinding<typeof enterpriseVerificationMachine> = {
  view: (state, send) => <EnterpriseVerificationView state={state} send={send as (e: EnterpriseVerificationEvent) => void} provinces={provinces} upload={upload} />,
  userEvents,
  states: (ui, state) => {
    if (!statusShown(ui, state)) formShown(ui, state);
  },
};

/** `/app/result` renders the same chart's status; the form's events reach it only from the form page. */
const resultBinding: ScreenBinding<typeof enterpriseVerificationMachine> = {
  view: (state, send) => <EnterpriseStatusView state={state} send={send as (e: EnterpriseVerificationEvent) => void} />,
  userEvents: { 'status.refreshed': userEvents['status.refreshed'], reverify: userEvents.reverify, 'flow.retry': userEvents['flow.retry'] },
  states: (ui, state) => {
    if (statusShown(ui, state)) return;
    expect(ui.getByRole('heading', { name: 'A empresa ainda não está verificada' })).toBeTruthy();
    expect(ui.getByRole('link', { name: 'Verificar a empresa' }).getAttribute('href')).toBe('/app/enterprisecert');
  },
};

describe('enterprise verification chart on its screens', () => {
  const paths = transitionCoveringPaths(enterpriseVerificationModel);
  it.each(paths.map((p) => [p.description, p] as const))('form page: %s', async (_d, path) => {
    await runScreenPath(enterpriseVerificationModel, path, formBinding);
  });
  it.each(paths.map((p) => [p.description, p] as const))('result page: %s', async (_d, path) => {
    await runScreenPath(enterpriseVerificationModel, path, resultBinding);
  });
});

describe('enterprise verification form, in detail', () => {
  // a server answer, fed to the chart as the invoked call's result
  const advance = (status: string, extra: object = {}) => doneEvent('loadStatus', { ok: true, data: { status, reason: null, submittedAt: null, lastValues: null, ...extra } }) as never;
  let created: string[] = [];
  const actors: Array<{ stop(): void }> = [];
  beforeEach(() => {
    created = [];
    URL.createObjectURL = vi.fn(() => { created.push('blob:preview'); return 'blob:preview'; });
    URL.revokeObjectURL = vi.fn();
  });
  afterEach(() => {
    for (const actor of actors.splice(0)) actor.stop();
    vi.restoreAllMocks();
  });

  function openForm(draft: typeof completeDraft | null, uploader: DocumentUploader = upload, language: Language = 'pt') {
    const actor = createActor(enterpriseVerificationModel.machine, { input: { draft } });
    actor.start();
    actors.push(actor);
    const i18n = createI18n(language, { pt, en, zh, fr });
    function Harness() {
      const state = useSelector(actor, (s) => s);
      useDraftPersistence(state);
      return <EnterpriseVerificationView state={state} send={actor.send} provinces={provinces} upload={uploader} />;
    }
    const view = render(<I18nextProvider i18n={i18n}><Harness /></I18nextProvider>);
    act(() => actor.send(advance('unverified')));
    return { actor, view };
  }

  it('every input has a label and a stable name; each upload takes images or a PDF', async () => {
    openForm(null);
    const inputs = [...document.querySelectorAll<HTMLInputElement | HTMLSelectElement>('input, select')];
    expect(inputs.length).toBeGreaterThan(30);
    for (const input of inputs) {
      expect(input.name, input.outerHTML).not.toBe('');
      expect(input.labels?.length || input.closest('label'), input.name).toBeTruthy();
    }
    for (const slot of DOCUMENT_SLOTS) {
      const input = document.querySelector<HTMLInputElement>(`input[data-slot="${slot}"]`)!;
      expect(input.accept).toBe('image/*,application/pdf');
      expect(screen.getByLabelText(`Escolher ficheiro: ${pt.enterpriseVerification.document[slot]}`)).toBe(input);
    }
  });

  it('shows the progress, then a thumbnail for an image and a badge for a PDF; remove forgets it', async () => {
    let finish: (value: { fileId: string; fileName: string; contentType: string }) => void = () => {};
    let progress: (fraction: number) => void = () => {};
    const slow: DocumentUploader = (file, onProgress) => {
      progress = onProgress;
      return new Promise((resolve) => { finish = resolve; });
    };
    const { actor } = openForm(null, slow);
    fireEvent.change(field('documents.legalPersonIdFront'), { target: { files: [new File(['jpg'], 'frente.jpg', { type: 'image/jpeg' })] } });
    act(() => progress(0.42));
    expect(screen.getByText('A enviar… 42%')).toBeTruthy();
    expect(screen.getByLabelText(`Envio: ${pt.enterpriseVerification.document.legalPersonIdFront}`)).toHaveProperty('value', 42);
    await act(async () => finish({ fileId: 'f-front', fileName: 'frente.jpg', contentType: 'image/jpeg' }));
    expect(actor.getSnapshot().context.values.documents.legalPersonIdFront).toEqual({ fileId: 'f-front', fileName: 'frente.jpg', contentType: 'image/jpeg' });
    expect(screen.getByRole('img', { name: `Pré-visualização: ${pt.enterpriseVerification.document.legalPersonIdFront}` }).getAttribute('src')).toBe('blob:preview');

    fireEvent.change(field('documents.businessLicence'), { target: { files: [new File(['%PDF'], 'alvara.pdf', { type: 'application/pdf' })] } });
    await act(async () => finish({ fileId: 'f-pdf', fileName: 'alvara.pdf', contentType: 'application/pdf' }));
    const licence = within(screen.getByTestId('slot-businessLicence'));
    expect(licence.getByText('PDF')).toBeTruthy();
    expect(licence.getByText('alvara.pdf')).toBeTruthy();
    expect(licence.getByText('Substituir')).toBeTruthy();
    expect(created).toHaveLength(1); // no preview for a PDF

    fireEvent.click(screen.getByRole('button', { name: `Remover: ${pt.enterpriseVerification.document.businessLicence}` }));
    expect(actor.getSnapshot().context.values.documents.businessLicence).toBeNull();
  });

  it('a refused upload shows the server’s reason in the slot and records nothing', async () => {
    const refusing: DocumentUploader = async () => { throw new Error('UPL10002'); };
    const { actor } = openForm(null, refusing);
    fireEvent.change(field('documents.companyNifPhoto'), { target: { files: [new File(['x'], 'nif.png', { type: 'image/png' })] } });
    await act(tick);
    const slot = within(screen.getByTestId('slot-companyNifPhoto'));
    expect(slot.getByRole('alert').textContent).toMatch(/Tipo de ficheiro não aceite/);
    expect(field('documents.companyNifPhoto').getAttribute('aria-invalid')).toBe('true');
    expect(actor.getSnapshot().context.values.documents.companyNifPhoto).toBeNull();
  });

  it('a file that is neither an image nor a PDF is refused before it is sent', async () => {
    const sent = vi.fn(upload);
    const { actor } = openForm(null, sent);
    fireEvent.change(field('documents.signerIdBack'), { target: { files: [new File(['MZ'], 'programa.exe', { type: 'application/x-msdownload' })] } });
    await act(tick);
    expect(sent).not.toHaveBeenCalled();
    expect(within(screen.getByTestId('slot-signerIdBack')).getByRole('alert').textContent).toMatch(/Tipo de ficheiro não aceite/);
    expect(actor.getSnapshot().context.values.documents.signerIdBack).toBeNull();
  });

  it('a network failure during an upload says so in the slot', async () => {
    openForm(null, async () => { throw new Error('upload failed'); });
    fireEvent.change(field('documents.signerIdFront'), { target: { files: [new File(['x'], 'b.jpg', { type: 'image/jpeg' })] } });
    await act(tick);
    expect(within(screen.getByTestId('slot-signerIdFront')).getByRole('alert').textContent).toBe('O envio falhou');
  });

  it('the city list follows the province, and the date appears for "until a date"', async () => {
    openForm(null);
    expect(field('basicInfo.city')).toHaveProperty('disabled', true);
    fireEvent.change(field('basicInfo.province'), { target: { value: 'luanda' } });
    expect([...(field('basicInfo.city') as unknown as HTMLSelectElement).options].map((o) => o.value)).toEqual(['', 'Ingombota', 'Maianga']);
    expect(document.querySelector('[name="company.validityDate"]')).toBeNull();
    fireEvent.click(document.querySelector('[name="company.validityKind"][value="until"]')!);
    expect(field('company.validityDate').type).toBe('date');
  });

  it('the draft survives a reload: values and uploaded files come back from session storage', async () => {
    const { actor, view } = openForm(null);
    fireEvent.change(field('company.name'), { target: { value: 'Kitanda Digital, Lda' } });
    fireEvent.change(field('company.nif'), { target: { value: '541 703 8299' } });
    fireEvent.change(field('documents.businessLicence'), { target: { files: [new File(['%PDF'], 'alvara.pdf', { type: 'application/pdf' })] } });
    await act(tick);
    const draft = loadDraft()!;
    expect(draft.company).toMatchObject({ name: 'Kitanda Digital, Lda', nif: '5417038299' });
    expect(draft.documents.businessLicence).toMatchObject({ fileName: 'alvara.pdf', contentType: 'application/pdf' });
    view.unmount();
    actor.stop();

    openForm(loadDraft());
    expect(field('company.name').value).toBe('Kitanda Digital, Lda');
    expect(field('company.nif').value).toBe('5417038299');
    expect(within(screen.getByTestId('slot-businessLicence')).getByText('alvara.pdf')).toBeTruthy();
    expect(screen.getByText('Recuperámos os dados que estava a preencher.')).toBeTruthy();
  });

  it('after a failure, a reload while re-verifying goes back to the form with the draft', () => {
    storage.setEnterpriseDraft(completeDraft);
    const actor = createActor(enterpriseVerificationModel.machine, { input: { draft: loadDraft() } });
    actor.start();
    actor.send(advance('failed', { reason: 'Ilegível', lastValues: lastForm }));
    expect(actor.getSnapshot().value).toEqual({ unverified: 'editing' });
    expect(actor.getSnapshot().context.reason).toBe('Ilegível');
    const fresh = createActor(enterpriseVerificationModel.machine, { input: { draft: null } });
    fresh.start();
    fresh.send(advance('failed', { reason: 'Ilegível', lastValues: lastForm }));
    expect(fresh.getSnapshot().value).toBe('failed');
    fresh.send({ type: 'reverify' });
    expect(fresh.getSnapshot().context.values.company.nif).toBe(lastForm.company.nif);
  });

  it('a refused submit points at each field to fix, and focuses the first', async () => {
    openForm(null);
    fireEvent.change(field('company.nif'), { target: { value: '12345' } });
    click(screen, 'Enviar para verificação');
    expect(screen.getByText('Indique o nome da empresa.')).toBeTruthy();
    expect(screen.getByText('O NIF da empresa tem 10 algarismos.')).toBeTruthy();
    expect(screen.getByText('Escolha o município.')).toBeTruthy();
    expect(screen.getAllByText('Envie este documento.')).toHaveLength(7);
    expect(field('company.nif').getAttribute('aria-describedby')).toContain('ent-company-nif-error');
    expect(document.activeElement).toBe(field('company.name'));
  });

  it.each(['pt', 'en', 'zh', 'fr'] as const)('%s: every message of the form and the result has a text', async (language) => {
    const { actor, view } = openForm(null, upload, language);
    act(() => actor.send({ type: 'form.submitted' }));
    assertNoRawKeys(view.container);
    expect(view.container.textContent).not.toMatch(/enterprise\./);
    view.unmount();
    for (const status of ['unverified', 'pending', 'verified', 'failed']) {
      const probe = createActor(enterpriseVerificationModel.machine, { input: { draft: null } });
      probe.start();
      probe.send(advance(status, { submittedAt: '2026-03-02T09:30:00.000Z' }));
      const i18n = createI18n(language, { pt, en, zh, fr });
      const { container, unmount } = render(<I18nextProvider i18n={i18n}><EnterpriseStatusView state={probe.getSnapshot()} send={probe.send} /></I18nextProvider>);
      assertNoRawKeys(container);
      expect(container.textContent).not.toMatch(/enterprise\./);
      unmount();
    }
  });
});
