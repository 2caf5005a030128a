import { setup, assign } from 'xstate';
import type { Outcome } from '../services/contract/outcome.ts';
import { codeDigits, isWholeCode } from '../src/lib/oneTimeCode.ts';
import { isNationalMobile } from '../src/lib/phone.ts';
import { announceAnswer, answerCode, answerData, answerDetail, provided, type AnswerEvent } from './outcome.ts';
import { sendCodeMachine } from './sendCode.machine.ts';

/**
 * Mobile-number rebinding. The login password proves who is asking; a code goes to the new number
 * (and to the old one when the member still has it). With both codes the number changes at once;
 * without the old number, photos of the ID and a selfie go to the operators' review queue and the
 * request stays "pending review" until an operator decides. Sending the codes runs the sendCode
 * child: a code to a number not yet the member's always needs a solved captcha first (CAP10001).
 */
export type PhotoSlot = 'front' | 'back' | 'selfie';

export interface ChangeMobileContext {
  maskedMobile: string | null;
  pendingNewMobile: string | null;
  password: string;
  ticket: string | null;
  newMobile: string;
  oldNumberAvailable: boolean;
  newCode: string;
  oldCode: string;
  newSentTo: string;
  oldSentTo: string | null;
  requestId: string | null;
  photos: Record<PhotoSlot, File | null>;
  triesLeft: string | null;
  waitDetail: string | null;
  errorCode: string | null;
}

export type ChangeMobileEvent =
  | { type: 'password.changed'; value: string }
  | { type: 'identity.submitted' }
  | { type: 'mobile.changed'; value: string }
  | { type: 'oldNumber.toggled' }
  | { type: 'codes.requested' }
  | { type: 'newCode.changed'; value: string }
  | { type: 'oldCode.changed'; value: string }
  | { type: 'codes.submitted' }
  | { type: 'photo.chosen'; slot: PhotoSlot; file: File }
  | { type: 'photos.submitted' }
  | { type: 'flow.retry' }
  | { type: 'flow.finished' };

type Advance = { maskedMobile: string | null; pendingRequest: { requestId: string; newMobile: string; status: string } | null };
type CodesSent = { newSentTo: string; oldSentTo: string | null; resendAfterSeconds: number };

/** What the codes are asked for with, the first time and again (the sendCode child's request). */
export type ChangeMobileCodeRequest = { ticket: string; newMobile: string; oldNumberAvailable: 'yes' | 'no' };
type Checked = { requestId: string; route: 'direct' | 'review' };

export const changeMobileMachine = setup({
  types: {
    context: {} as ChangeMobileContext,
    events: {} as ChangeMobileEvent | AnswerEvent,
  },
  actors: {
    loadStatus: provided<Outcome<Advance>>('loadStatus'),
    checkIdentity: provided<Outcome<{ ticket: string }>, { password: string }>('checkIdentity'),
    sendCode: sendCodeMachine,
    checkCodes: provided<Outcome<Checked>, { ticket: string; newMobile: string; newCode: string; oldCode: string | null }>('checkCodes'),
    bindNumber: provided<Outcome<{ mobile: string }>, { requestId: string }>('bindNumber'),
    submitPhotos: provided<Outcome<{ status: 'pending_review' }>, { requestId: string; photos: File[] }>('submitPhotos'),
  },
  guards: {
    // a change asked for earlier is still under review
    hasPendingRequest: ({ event }) => answerData<Advance>(event).pendingRequest !== null,
    passwordFilled: ({ context }) => context.password.length > 0,
    mobileValid: ({ context }) => isNationalMobile(context.newMobile),
    codesComplete: ({ context }) => isWholeCode(context.newCode) && (!context.oldSentTo || isWholeCode(context.oldCode)),
    isDirect: ({ event }) => answerData<Checked>(event).route === 'direct',
    photosComplete: ({ context }) => context.photos.front !== null && context.photos.selfie !== null,
  },
  actions: {
    announceAnswer: announceAnswer<ChangeMobileContext, ChangeMobileEvent | AnswerEvent>(),
    keepStatus: assign(({ event }) => {
      const status = answerData<Advance>(event);
      return { maskedMobile: status.maskedMobile, pendingNewMobile: status.pendingRequest?.newMobile ?? null };
    }),
    setPassword: assign({ password: ({ event, context }) => (event.type === 'password.changed' ? event.value : context.password) }),
    keepTicket: assign({ ticket: ({ event }) => answerData<{ ticket: string }>(event).ticket, password: '' }),
    setMobile: assign({ newMobile: ({ event, context }) => (event.type === 'mobile.changed' ? event.value.replace(/\D/g, '').slice(0, 9) : context.newMobile) }),
    toggleOldNumber: assign({ oldNumberAvailable: ({ context }) => !context.oldNumberAvailable }),
    keepCodesSent: assign(({ event }) => {
      const sent = answerData<CodesSent>(event);
      return { newSentTo: sent.newSentTo, oldSentTo: sent.oldSentTo, newCode: '', oldCode: '' };
    }),
    setNewCode: assign({ newCode: ({ event, context }) => (event.type === 'newCode.changed' ? codeDigits(event.value) : context.newCode) }),
    setOldCode: assign({ oldCode: ({ event, context }) => (event.type === 'oldCode.changed' ? codeDigits(event.value) : context.oldCode) }),
    keepRequest: assign({ requestId: ({ event }) => answerData<Checked>(event).requestId }),
    markPending: assign({ pendingNewMobile: ({ context }) => `+244 ${context.newMobile.slice(0, 1)}** *** ${context.newMobile.slice(-3)}` }),
    choosePhoto: assign({ photos: ({ event, context }) => (event.type === 'photo.chosen' ? { ...context.photos, [event.slot]: event.file } : context.photos) }),
    keepTriesLeft: assign({ triesLeft: ({ event }) => answerDetail(event), newCode: '', oldCode: '' }),
    keepWait: assign({ waitDetail: ({ event }) => answerDetail(event) }),
    keepRefusal: assign({ errorCode: ({ event }) => answerCode(event) }),
    forgetProgress: assign({ password: '', ticket: null, newCode: '', oldCode: '', requestId: null, triesLeft: null, errorCode: null }),
    // provided by the screen
    goBack: () => {},
  },
}).createMachine({
  id: 'changeMobile',
  context: {
    maskedMobile: null, pendingNewMobile: null, password: '', ticket: null, newMobile: '', oldNumberAvailable: true, newCode: '', oldCode: '',
    newSentTo: '', oldSentTo: null, requestId: null, photos: { front: null, back: null, selfie: null }, triesLeft: null, waitDetail: null, errorCode: null,
  },
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadStatus',
        src: 'loadStatus',
        onDone: { actions: 'announceAnswer' },
        onError: { target: 'loadFailed' },
      },
      on: {
        'loadStatus.ok': [
          { guard: 'hasPendingRequest', target: 'pendingReview', actions: 'keepStatus' },
          { target: 'confirmingIdentity', actions: 'keepStatus' },
        ],
        'loadStatus.refused.*': { target: 'loadFailed', actions: 'keepRefusal' },
      },
    },
    loadFailed: { tags: ['error'], on: { 'flow.retry': { target: 'loading' } } },
    confirmingIdentity: {
      initial: 'typing',
      on: {
        'password.changed': { target: '.typing', actions: 'setPassword' },
        'identity.submitted': { guard: 'passwordFilled', target: 'checkingIdentity' },
      },
      states: { typing: {}, wrongPassword: { tags: ['error'] }, locked: { tags: ['error'] }, unreachable: { tags: ['error'] } },
    },
    checkingIdentity: {
      tags: ['busy'],
      invoke: {
        id: 'checkIdentity',
        src: 'checkIdentity',
        input: ({ context }) => ({ password: context.password }),
        onDone: { actions: 'announceAnswer' },
        onError: { target: 'confirmingIdentity.unreachable' },
      },
      on: {
        'checkIdentity.ok': { target: 'enteringNumber', actions: 'keepTicket' },
        'checkIdentity.refused.LGN10001': { target: 'confirmingIdentity.wrongPassword', actions: 'keepTriesLeft' },
        'checkIdentity.refused.LGN10002': { target: 'confirmingIdentity.locked', actions: 'keepWait' },
        'checkIdentity.refused.*': { target: 'confirmingIdentity.unreachable', actions: 'keepRefusal' },
      },
    },
    enteringNumber: {
      initial: 'typing',
      on: {
        'mobile.changed': { target: '.typing', actions: 'setMobile' },
        'oldNumber.toggled': { actions: 'toggleOldNumber' },
        'codes.requested': [{ guard: 'mobileValid', target: 'sendingCodes' }, { target: '.invalid' }],
      },
      states: {
        typing: {},
        invalid: { tags: ['error'] },
        taken: { tags: ['error'] },
        same: { tags: ['error'] },
        coolingDown: { tags: ['error'] },
        sendLimited: { tags: ['error'] },
        unreachable: { tags: ['error'] },
      },
    },
    sendingCodes: {
      invoke: {
        id: 'sendCode',
        src: 'sendCode',
        input: ({ context }) => ({ request: { ticket: context.ticket ?? '', newMobile: context.newMobile, oldNumberAvailable: context.oldNumberAvailable ? 'yes' : 'no' } satisfies ChangeMobileCodeRequest }),
        onDone: { actions: 'announceAnswer' },
        onError: { target: 'enteringNumber.unreachable' },
      },
      on: {
        'sendCode.ok': { target: 'enteringCodes', actions: 'keepCodesSent' },
        'sendCode.refused.MOB10001': { target: 'enteringNumber.taken' },
        'sendCode.refused.MOB10002': { target: 'enteringNumber.same' },
        'sendCode.refused.COD10004': { target: 'enteringNumber.coolingDown', actions: 'keepWait' },
        'sendCode.refused.COD10005': { target: 'enteringNumber.sendLimited' },
        'sendCode.refused.REG10002': { target: 'stepExpired' },
        'sendCode.refused.*': { target: 'enteringNumber.unreachable', actions: 'keepRefusal' },
        'sendCode.unreachable': { target: 'enteringNumber.unreachable' },
      },
    },
    enteringCodes: {
      initial: 'typing',
      on: {
        'newCode.changed': { actions: 'setNewCode' },
        'oldCode.changed': { actions: 'setOldCode' },
        'codes.submitted': { guard: 'codesComplete', target: 'checkingCodes' },
        'codes.requested': { target: 'sendingCodes' },
      },
      states: { typing: {}, wrongCode: { tags: ['error'] }, expired: { tags: ['error'] }, tooManyTries: { tags: ['error'] }, unreachable: { tags: ['error'] } },
    },
    checkingCodes: {
      tags: ['busy'],
      invoke: {
        id: 'checkCodes',
        src: 'checkCodes',
        input: ({ context }) => ({ ticket: context.ticket ?? '', newMobile: context.newMobile, newCode: context.newCode, oldCode: context.oldSentTo ? context.oldCode : null }),
        onDone: { actions: 'announceAnswer' },
        onError: { target: 'enteringCodes.unreachable' },
      },
      on: {
        'checkCodes.ok': [
          { guard: 'isDirect', target: 'binding', actions: 'keepRequest' },
          { target: 'choosingPhotos', actions: 'keepRequest' },
        ],
        'checkCodes.refused.COD10001': { target: 'enteringCodes.wrongCode', actions: 'keepTriesLeft' },
        'checkCodes.refused.COD10002': { target: 'enteringCodes.expired' },
        'checkCodes.refused.COD10003': { target: 'enteringCodes.tooManyTries' },
        'checkCodes.refused.REG10002': { target: 'stepExpired' },
        'checkCodes.refused.*': { target: 'enteringCodes.unreachable', actions: 'keepRefusal' },
      },
    },
    binding: {
      tags: ['busy'],
      invoke: {
        id: 'bindNumber',
        src: 'bindNumber',
        input: ({ context }) => ({ requestId: context.requestId ?? '' }),
        onDone: { actions: 'announceAnswer' },
        onError: { target: 'bindFailed' },
      },
      on: {
        'bindNumber.ok': { target: 'changed' },
        'bindNumber.refused.*': { target: 'bindFailed', actions: 'keepRefusal' },
      },
    },
    bindFailed: { tags: ['error'], on: { 'flow.retry': { target: 'binding' } } },
    choosingPhotos: {
      initial: 'choosing',
      on: {
        'photo.chosen': { target: '.choosing', actions: 'choosePhoto' },
        'photos.submitted': [{ guard: 'photosComplete', target: 'submittingPhotos' }, { target: '.incomplete' }],
      },
      states: { choosing: {}, incomplete: { tags: ['error'] }, refused: { tags: ['error'] }, uploadFailed: { tags: ['error'] } },
    },
    submittingPhotos: {
      tags: ['busy'],
      invoke: {
        id: 'submitPhotos',
        src: 'submitPhotos',
        input: ({ context }) => ({
          requestId: context.requestId ?? '',
          photos: [context.photos.front, context.photos.back, context.photos.selfie].filter((f): f is File => f !== null),
        }),
        onDone: { actions: 'announceAnswer' },
        onError: { target: 'choosingPhotos.uploadFailed' },
      },
      on: {
        'submitPhotos.ok': { target: 'pendingReview', actions: 'markPending' },
        'submitPhotos.refused.*': { target: 'choosingPhotos.refused', actions: 'keepRefusal' },
      },
    },
    stepExpired: { tags: ['error'], on: { 'flow.retry': { target: 'confirmingIdentity', actions: 'forgetProgress' } } },
    changed: { on: { 'flow.finished': { target: 'done' } } },
    pendingReview: { on: { 'flow.finished': { target: 'done' } } },
    done: { type: 'final', entry: 'goBack' },
  },
});
