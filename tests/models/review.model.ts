import { reviewMachine, REASON_MIN, type ReviewEvent, type ReviewSubject } from '../../machines/review.machine.ts';
import { afterEvent, doneEvent, errorEvent, parkInvokes, type FlowModel } from '../support/mbt.ts';

const refusal = (code: string) => ({ ok: false, code, message: code, detail: '' });

export const REVIEW_ID = '3f0c2a9e-7b1d-4c55-9e0a-5d2f8c1b7a44';

/** Every event a reviewer can cause; `satisfies` makes a new event fail until it is modelled. */
export const reviewUserEvents = {
  'approve.requested': { type: 'approve.requested' },
  'approve.confirmed': { type: 'approve.confirmed' },
  'reject.requested': { type: 'reject.requested' },
  'reason.changed': { type: 'reason.changed', value: 'O alvará está ilegível; envie uma cópia nítida.' },
  'reject.confirmed': { type: 'reject.confirmed' },
  'decision.cancelled': { type: 'decision.cancelled' },
  'review.reload': { type: 'review.reload' },
  'review.retry': { type: 'review.retry' },
} satisfies Record<ReviewEvent['type'], ReviewEvent>;

const member = {
  id: '100000000042',
  memberType: 'enterprise' as const,
  displayName: 'Mercearia Kianda, Lda',
  mobile: '+244923456789',
  email: 'geral@kianda-demo.ao',
  status: 'active',
  verificationStatus: 'pending' as const,
  accountLevel: 'I' as const,
  createdAt: '2025-03-02T09:15:00.000Z',
};
const undecided = { decidedAt: null, decidedBy: null, reason: null };
const decidedBefore = { decidedAt: '2025-05-02T10:00:00.000Z', decidedBy: 'Operadora Demo', reason: null };
const fileId = (n: number) => `0b7c6f0e-1a2b-4c3d-8e9f-00000000000${n}`;
const slots = ['businessLicence', 'registrationCertificate', 'legalPersonIdFront', 'legalPersonIdBack', 'signerIdFront', 'signerIdBack', 'companyNifPhoto'] as const;

/** An enterprise verification as `platform/verification/detail` answers it. */
export function verificationDetail(status: ReviewSubject['status']) {
  return {
    id: REVIEW_ID,
    memberId: member.id,
    companyName: 'Mercearia Kianda, Lda',
    companyNif: '5417000042',
    email: member.email,
    status,
    submittedAt: '2025-05-01T08:30:00.000Z',
    ...(status === 'pending' ? undecided : decidedBefore),
    member,
    form: {
      company: { name: 'Mercearia Kianda, Lda', shortName: 'Kianda', nif: '5417000042', licenceNumber: 'ALV-2024-0042', validity: { kind: 'until', date: '2027-12-31' }, registrationNumber: 'CRC-LDA-0042' },
      legalPerson: { name: 'Joana', surname: 'Kianda', cardNumber: '004562891LA042', taxNumber: '004562891LA042' },
      signer: { name: 'Paulo Mateus', cardNumber: '003456789LA011', taxNumber: '003456789LA011' },
      basicInfo: { phone: '923456789', email: member.email, address: 'Rua da Missão 12, Luanda', areaOfBusiness: 'Comércio a retalho', province: 'luanda', city: 'Luanda', gender: 'F', birthday: '1985-04-12', personalNif: '004562891LA042' },
      documents: Object.fromEntries(slots.map((slot, i) => [slot, fileId(i)])),
    },
    provinceName: 'Luanda',
    documents: slots.map((slot, i) => ({ fileId: fileId(i), fileName: i === 0 ? 'alvara.pdf' : `foto-${i}.jpg`, contentType: i === 0 ? 'application/pdf' : 'image/jpeg', size: 180_000 + i, slot })),
    history: [
      { id: '9a1b2c3d-0000-4000-8000-000000000001', status: 'rejected', submittedAt: '2025-04-01T08:00:00.000Z', decidedAt: '2025-04-02T09:00:00.000Z', decidedBy: 'Operador Anterior', reason: 'Certidão de registo caducada.' },
    ],
  };
}

/** A rebinding request as `platform/mobileChange/detail` answers it. */
export function rebindingDetail(status: ReviewSubject['status']) {
  return {
    id: REVIEW_ID,
    memberId: '100000000007',
    displayName: 'Ana Maria Demo',
    oldMobile: '+244923000001',
    newMobile: '+244934000002',
    status,
    submittedAt: '2025-05-01T08:30:00.000Z',
    ...(status === 'pending' ? undecided : decidedBefore),
    member: { ...member, id: '100000000007', memberType: 'individual' as const, displayName: 'Ana Maria Demo', mobile: '+244923000001', verificationStatus: 'verified' as const, accountLevel: 'III' as const },
    documents: [0, 1].map((i) => ({ fileId: fileId(i), fileName: `bi-${i + 1}.jpg`, contentType: 'image/jpeg', size: 240_000 })),
  };
}

/** The review chart fed with one kind of request (the gate and the bare-machine runs use verifications). */
export function reviewModelFor(detail: (status: ReviewSubject['status']) => ReviewSubject): FlowModel<typeof reviewMachine> {
  return {
    machine: parkInvokes(reviewMachine, ['loadDetail', 'decide']),
    variants: [{ name: 'one request', input: { id: REVIEW_ID } }],
    events: [
      ...Object.values(reviewUserEvents),
      { type: 'reason.changed', value: 'Não' } as ReviewEvent,
      doneEvent('loadDetail', { ok: true, data: detail('pending') }),
      doneEvent('loadDetail', { ok: true, data: detail('approved') }),
      doneEvent('loadDetail', refusal('PLT10004')),
      errorEvent('loadDetail', new Error('network down')),
      doneEvent('decide', { ok: true, data: { id: REVIEW_ID, status: 'approved' } }),
      doneEvent('decide', refusal('PLT10002')),
      doneEvent('decide', refusal('PLT10003')),
      doneEvent('decide', refusal('MOB10001')),
      errorEvent('decide', new Error('network down')),
      afterEvent('outcomeShown', 'review.decided'),
    ],
    serializeState: (snapshot) => {
      // what the guards and the screen tell apart: the state, whether a reason is long enough, whether a request is shown
      const facts = [snapshot.context.detail !== null, snapshot.matches('enteringReason') ? snapshot.context.reason.trim().length >= REASON_MIN : null];
      return JSON.stringify([snapshot.value, facts]);
    },
  };
}

export const reviewModel = reviewModelFor(verificationDetail as (status: ReviewSubject['status']) => ReviewSubject);
