import { setup, assign } from 'xstate';
import type { Outcome } from '../services/contract/outcome.ts';
import type { EnterpriseForm } from '../services/contract/enterpriseVerification.ts';
import { announceAnswer, answerCode, answerData, provided, type AnswerEvent } from './outcome.ts';
import {
  emptyValues, fromSubmitted, isComplete, toApplyRequest, validate, withDocument, withField,
  type DocumentSlot, type EnterpriseValues, type FieldErrors, type FieldPath,
} from './enterpriseForm.ts';

/**
 * Enterprise verification (spec §3/§4): the status first (not verified, pending review, verified,
 * failed with the operator's reason). Not verified shows the form: enterprise, legal person, signer,
 * basic info and the seven documents (uploaded by the screen, recorded here by file id). A complete
 * form is sent for review and the status becomes pending; after a failure the member re-verifies
 * from the last values. The screen keeps the draft in session storage and hands it back as input.
 */
export type EnterpriseStatus = 'unverified' | 'pending' | 'verified' | 'failed';
type Advance = { status: EnterpriseStatus; reason: string | null; submittedAt: string | null; lastValues: EnterpriseForm | null };

export interface EnterpriseVerificationInput {
  /** The form as it was before a reload, if the member was editing one. */
  draft: EnterpriseValues | null;
}

export interface EnterpriseVerificationContext {
  values: EnterpriseValues;
  draftRestored: boolean;
  fieldErrors: FieldErrors;
  reason: string | null;
  submittedAt: string | null;
  lastValues: EnterpriseValues | null;
  errorCode: string | null;
}

export type EnterpriseVerificationEvent =
  | { type: 'field.changed'; path: FieldPath; value: string }
  | { type: 'document.uploaded'; slot: DocumentSlot; fileId: string; fileName: string; contentType: string }
  | { type: 'document.removed'; slot: DocumentSlot }
  | { type: 'form.submitted' }
  | { type: 'status.refreshed' }
  | { type: 'reverify' }
  | { type: 'flow.retry' };

const withoutError = (errors: FieldErrors, key: keyof FieldErrors): FieldErrors => {
  const { [key]: _gone, ...rest } = errors;
  return rest;
};

export const enterpriseVerificationMachine = setup({
  types: {
    input: {} as EnterpriseVerificationInput,
    context: {} as EnterpriseVerificationContext,
    events: {} as EnterpriseVerificationEvent | AnswerEvent,
  },
  actors: {
    loadStatus: provided<Outcome<Advance>>('loadStatus'),
    submitForm: provided<Outcome<{ status: 'pending'; requestId: string }>, EnterpriseForm>('submitForm'),
  },
  guards: {
    statusIs: ({ event }, params: { status: EnterpriseStatus }) => answerData<Advance>(event).status === params.status,
    // a reload while re-verifying after a failure goes back to the form, not to the failure
    failedWithDraft: ({ event, context }) => answerData<Advance>(event).status === 'failed' && context.draftRestored,
    formComplete: ({ context }) => isComplete(context.values),
    noFieldErrors: ({ context }) => Object.keys(context.fieldErrors).length === 0,
    // only a recorded document can be removed (an empty slot shows no remove button)
    documentPresent: ({ context, event }) => event.type === 'document.removed' && context.values.documents[event.slot] !== null,
  },
  actions: {
    announceAnswer: announceAnswer<EnterpriseVerificationContext, EnterpriseVerificationEvent | AnswerEvent>(),
    keepStatus: assign(({ event }) => {
      const status = answerData<Advance>(event);
      return { reason: status.reason, submittedAt: status.submittedAt, lastValues: status.lastValues ? fromSubmitted(status.lastValues) : null };
    }),
    keepRefusal: assign({ errorCode: ({ event }) => answerCode(event) }),
    setField: assign(({ context, event }) => {
      if (event.type !== 'field.changed') return {};
      return { values: withField(context.values, event.path, event.value), fieldErrors: withoutError(context.fieldErrors, event.path) };
    }),
    setDocument: assign(({ context, event }) => {
      if (event.type !== 'document.uploaded') return {};
      const document = { fileId: event.fileId, fileName: event.fileName, contentType: event.contentType };
      return { values: withDocument(context.values, event.slot, document), fieldErrors: withoutError(context.fieldErrors, `documents.${event.slot}`) };
    }),
    removeDocument: assign({ values: ({ context, event }) => (event.type === 'document.removed' ? withDocument(context.values, event.slot, null) : context.values) }),
    showFieldErrors: assign({ fieldErrors: ({ context }) => validate(context.values) }),
    forgetErrors: assign({ fieldErrors: {}, errorCode: null }),
    prefillFromLastValues: assign({ values: ({ context }) => context.lastValues ?? emptyValues(), fieldErrors: {}, errorCode: null }),
    markSubmitted: assign({ lastValues: ({ context }) => context.values, reason: null, submittedAt: () => new Date().toISOString() }),
    forgetRestoredDraft: assign({ draftRestored: false }),
    // provided by the screen: the draft is dropped once nothing is left to edit
    discardDraft: () => {},
    // provided by the screen: after sending, the result page
    submitted: () => {},
    // provided by the screen: where the form is when it is not on this page
    formOpened: () => {},
  },
}).createMachine({
  id: 'enterpriseVerification',
  context: ({ input }) => ({
    values: input?.draft ?? emptyValues(),
    draftRestored: !!input?.draft,
    fieldErrors: {},
    reason: null,
    submittedAt: null,
    lastValues: null,
    errorCode: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadStatus',
        src: 'loadStatus',
        onDone: { actions: 'announceAnswer' },
        onError: { target: 'unavailable' },
      },
      on: {
        'loadStatus.ok': [
          { guard: { type: 'statusIs', params: { status: 'pending' } }, target: 'pending', actions: ['keepStatus', 'discardDraft'] },
          { guard: { type: 'statusIs', params: { status: 'verified' } }, target: 'verified', actions: ['keepStatus', 'discardDraft'] },
          { guard: 'failedWithDraft', target: 'unverified', actions: 'keepStatus' },
          { guard: { type: 'statusIs', params: { status: 'failed' } }, target: 'failed', actions: 'keepStatus' },
          { target: 'unverified', actions: 'keepStatus' },
        ],
        'loadStatus.refused.ENT10001': { target: 'notEnterprise' },
        'loadStatus.refused.*': { target: 'unavailable', actions: 'keepRefusal' },
      },
    },
    unavailable: { tags: ['error'], on: { 'flow.retry': { target: 'loading' } } },
    // an individual's account: personal verification is the way
    notEnterprise: { tags: ['error'] },
    unverified: {
      initial: 'editing',
      on: {
        'field.changed': { actions: 'setField' },
        'document.uploaded': { actions: 'setDocument' },
        'document.removed': { guard: 'documentPresent', actions: 'removeDocument' },
        'form.submitted': [
          { guard: 'formComplete', target: 'submitting', actions: 'forgetErrors' },
          { target: '.invalid', actions: 'showFieldErrors' },
        ],
      },
      states: {
        editing: {},
        invalid: {
          tags: ['error'],
          // each field's message goes as the field is edited; with the last one the form is plain again
          always: { guard: 'noFieldErrors', target: 'editing' },
        },
        nifTaken: { tags: ['error'], on: { 'field.changed': { target: 'editing', actions: 'setField' } } },
        documentsInvalid: {
          tags: ['error'],
          on: { 'document.uploaded': { target: 'editing', actions: 'setDocument' }, 'document.removed': { guard: 'documentPresent', target: 'editing', actions: 'removeDocument' } },
        },
        refused: { tags: ['error'], on: { 'field.changed': { target: 'editing', actions: 'setField' } } },
        unreachable: { tags: ['error'], on: { 'field.changed': { target: 'editing', actions: 'setField' } } },
      },
    },
    submitting: {
      tags: ['busy'],
      invoke: {
        id: 'submitForm',
        src: 'submitForm',
        input: ({ context }) => toApplyRequest(context.values),
        onDone: { actions: 'announceAnswer' },
        onError: { target: 'unverified.unreachable' },
      },
      on: {
        'submitForm.ok': { target: 'pending', actions: ['markSubmitted', 'submitted'] },
        // a request is under review already (sent from another tab): it is pending
        'submitForm.refused.ENT10002': { target: 'pending', actions: 'submitted' },
        'submitForm.refused.VER10006': { target: 'verified', actions: 'discardDraft' },
        'submitForm.refused.ENT10004': { target: 'unverified.nifTaken' },
        'submitForm.refused.ENT10003': { target: 'unverified.documentsInvalid' },
        'submitForm.refused.ENT10001': { target: 'notEnterprise' },
        'submitForm.refused.*': { target: 'unverified.refused', actions: 'keepRefusal' },
      },
    },
    // the draft is spent: a later failure shows the operator's reason first
    pending: { entry: 'forgetRestoredDraft', on: { 'status.refreshed': { target: 'loading' } } },
    failed: { on: { reverify: { target: 'unverified', actions: ['prefillFromLastValues', 'formOpened'] } } },
    verified: { type: 'final' },
  },
});
