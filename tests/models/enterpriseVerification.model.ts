import { enterpriseVerificationMachine, type EnterpriseVerificationEvent } from '../../machines/enterpriseVerification.machine.ts';
import { DOCUMENT_SLOTS, fromSubmitted, isComplete, withDocument, type EnterpriseValues } from '../../machines/enterpriseForm.ts';
import type { EnterpriseForm } from '../../services/contract/enterpriseVerification.ts';
import { doneEvent, errorEvent, parkInvokes, type FlowModel } from '../support/mbt.ts';

const refusal = (code: string, detail = '') => ({ ok: false, code, message: code, detail });
const fileId = (n: number) => `0b7e6f0a-3c1d-4e59-9a2b-${String(n).padStart(12, '0')}`;

/** What the enterprise sent last time (an operator refused it): a complete form. */
export const lastForm: EnterpriseForm = {
  company: { name: 'Kitanda Digital, Lda', shortName: 'Kitanda', nif: '5417038299', licenceNumber: 'AC-2024-0815', validity: { kind: 'until', date: '2029-12-31' }, registrationNumber: 'CRC-LDA-1234/24' },
  legalPerson: { name: 'Ana', surname: 'Domingos', cardNumber: '004562891LA042', taxNumber: '004562891LA042' },
  signer: { name: 'Carlos Manuel Neto', cardNumber: '001234567BE089', taxNumber: '001234567BE089' },
  basicInfo: {
    phone: '923456789', email: 'geral@kitanda.ao', address: 'Rua Rainha Ginga 12', areaOfBusiness: 'Comércio a retalho',
    province: 'luanda', city: 'Ingombota', gender: 'F', birthday: '1988-04-11', personalNif: '004562891LA042',
  },
  documents: Object.fromEntries(DOCUMENT_SLOTS.map((slot, i) => [slot, fileId(i + 1)])) as EnterpriseForm['documents'],
};

/** A draft kept before a reload: everything filled, the documents with the names they were chosen with. */
export const completeDraft: EnterpriseValues = DOCUMENT_SLOTS.reduce(
  (values, slot, i) => withDocument(values, slot, { fileId: fileId(i + 1), fileName: `${slot}.${i % 2 ? 'jpg' : 'pdf'}`, contentType: i % 2 ? 'image/jpeg' : 'application/pdf' }),
  fromSubmitted(lastForm),
);

export const enterpriseVerificationUserEvents = {
  'field.changed': { type: 'field.changed', path: 'company.nif', value: '5000123456' },
  'document.uploaded': { type: 'document.uploaded', slot: 'businessLicence', fileId: fileId(41), fileName: 'alvara.pdf', contentType: 'application/pdf' },
  'document.removed': { type: 'document.removed', slot: 'businessLicence' },
  'form.submitted': { type: 'form.submitted' },
  'status.refreshed': { type: 'status.refreshed' },
  reverify: { type: 'reverify' },
  'flow.retry': { type: 'flow.retry' },
} satisfies Record<EnterpriseVerificationEvent['type'], EnterpriseVerificationEvent>;

const advance = (status: string, extra: object = {}) => doneEvent('loadStatus', { ok: true, data: { status, reason: null, submittedAt: null, lastValues: null, ...extra } });

export const enterpriseVerificationModel: FlowModel<typeof enterpriseVerificationMachine> = {
  machine: parkInvokes(enterpriseVerificationMachine, ['loadStatus', 'submitForm']),
  variants: [
    { name: 'new enterprise', input: { draft: null } },
    { name: 'draft restored', input: { draft: completeDraft } },
  ],
  events: [
    ...Object.values(enterpriseVerificationUserEvents),
    { type: 'field.changed', path: 'company.nif', value: '54170' } as EnterpriseVerificationEvent,
    advance('unverified'),
    advance('pending', { submittedAt: '2026-03-02T09:30:00.000Z', lastValues: lastForm }),
    advance('verified', { submittedAt: '2026-03-02T09:30:00.000Z', lastValues: lastForm }),
    advance('failed', { reason: 'A certidão do registo comercial está ilegível.', submittedAt: '2026-03-02T09:30:00.000Z', lastValues: lastForm }),
    doneEvent('loadStatus', refusal('ENT10001')),
    doneEvent('loadStatus', refusal('AGW50000')),
    errorEvent('loadStatus', new Error('network down')),
    doneEvent('submitForm', { ok: true, data: { status: 'pending', requestId: '5d0c0f2e-96a1-4a4b-8d55-0e7a4c1f9b21' } }),
    doneEvent('submitForm', refusal('ENT10002')),
    doneEvent('submitForm', refusal('VER10006')),
    doneEvent('submitForm', refusal('ENT10004')),
    doneEvent('submitForm', refusal('ENT10003')),
    doneEvent('submitForm', refusal('ENT10001')),
    doneEvent('submitForm', refusal('AGW10003', 'basicInfo.city')),
    errorEvent('submitForm', new Error('network down')),
  ],
  // the form counts as one state while it stays complete (or not), with or without messages shown
  serializeState: (snapshot) => {
    const c = snapshot.context;
    return JSON.stringify([snapshot.value, isComplete(c.values), Object.keys(c.fieldErrors).length > 0, c.draftRestored, c.lastValues !== null]);
  },
};
