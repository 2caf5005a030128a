import { setup, assign } from 'xstate';
import type { Outcome } from '../services/contract/outcome.ts';
import type { OneTimeReceiveCode, ShownReceiveCode } from '../services/contract/receiveCode.ts';
import { RECEIVE_NOTE_MAX } from '../services/contract/values.ts';
import type { Language } from '../src/lib/language.ts';
import { parseAmount } from '../src/lib/money.ts';
import { announceAnswer, answerCode, answerData, provided, type AnswerEvent } from './outcome.ts';
import { LARGEST_AMOUNT } from './amountEntry.machine.ts';

/**
 * A person's receive code: the member's own QR code that any member scans to send them money
 * (a transfer, no charge). Only a verified person has one (a company collects with a merchant
 * account): the others are told why. The code is shown big with the masked name under it, saved as
 * a PNG or printed; a one-time code asks a fixed amount (and a note: "2 kg de peixe") and is paid
 * once within 24 hours; renewing, confirmed first, stops the old code at once (a lost sticker).
 */
export interface ReceiveCodeInput {
  language: Language;
}

/** What the saved image shows: the code, the masked name, a one-time code's amount and note (words from the screen). */
export interface CodeImage {
  payload: string;
  title: string;
  lines: string[];
  fileName: string;
}
export type CodeSavedVia = 'sheet' | 'download';

export interface ReceiveCodeContext {
  language: Language;
  standing: ShownReceiveCode | null;
  /** The one-time code on screen instead of the standing one, until closed. */
  oneTime: OneTimeReceiveCode | null;
  amountText: string;
  note: string;
  image: CodeImage | null;
  errorCode: string | null;
}

export type ReceiveCodeEvent =
  | { type: 'code.retry' }
  | { type: 'image.save'; image: CodeImage }
  | { type: 'code.print' }
  | { type: 'renewal.asked' }
  | { type: 'renewal.confirmed' }
  | { type: 'renewal.cancelled' }
  | { type: 'oneTime.started' }
  | { type: 'amount.changed'; value: string }
  | { type: 'note.changed'; value: string }
  | { type: 'oneTime.submitted' }
  | { type: 'oneTime.cancelled' }
  | { type: 'oneTime.closed' };

const typed = (context: ReceiveCodeContext) => parseAmount(context.amountText, context.language);

export const receiveCodeMachine = setup({
  types: {
    input: {} as ReceiveCodeInput,
    context: {} as ReceiveCodeContext,
    events: {} as ReceiveCodeEvent | AnswerEvent,
  },
  actors: {
    loadCode: provided<Outcome<ShownReceiveCode>>('loadCode'),
    renewCode: provided<Outcome<ShownReceiveCode>>('renewCode'),
    makeOneTimeCode: provided<Outcome<OneTimeReceiveCode>, { amount: number; note: string }>('makeOneTimeCode'),
    saveImage: provided<Outcome<{ via: CodeSavedVia }>, CodeImage>('saveImage'),
  },
  guards: {
    amountValid: ({ context }) => { const amount = typed(context); return amount !== null && amount > 0n && amount <= BigInt(LARGEST_AMOUNT); },
    // renewing is for the standing code; a one-time code is closed instead
    standingShown: ({ context }) => context.oneTime === null,
    oneTimeShown: ({ context }) => context.oneTime !== null,
  },
  actions: {
    announceAnswer: announceAnswer<ReceiveCodeContext, ReceiveCodeEvent | AnswerEvent>(),
    keepStanding: assign({ standing: ({ event }) => answerData<ShownReceiveCode>(event) }),
    keepOneTime: assign({ oneTime: ({ event }) => answerData<OneTimeReceiveCode>(event) }),
    forgetOneTime: assign({ oneTime: null, amountText: '', note: '', errorCode: null }),
    keepRefusal: assign({ errorCode: ({ event }) => answerCode(event) }),
    forgetRefusal: assign({ errorCode: null }),
    setAmount: assign({ amountText: ({ context, event }) => (event.type === 'amount.changed' ? event.value.replace(/[^\d.,\s]/g, '').slice(0, 18) : context.amountText) }),
    setNote: assign({ note: ({ context, event }) => (event.type === 'note.changed' ? event.value.slice(0, RECEIVE_NOTE_MAX) : context.note) }),
    keepImage: assign({ image: ({ context, event }) => (event.type === 'image.save' ? event.image : context.image) }),
    // the browser's print dialog, of the code alone (the screen's print stylesheet): provided by the screen
    printCode: () => {},
  },
}).createMachine({
  id: 'receiveCode',
  context: ({ input }) => ({ language: input.language, standing: null, oneTime: null, amountText: '', note: '', image: null, errorCode: null }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadCode',
        src: 'loadCode',
        onDone: { actions: 'announceAnswer' },
        onError: { target: 'loadFailed', actions: 'forgetRefusal' },
      },
      on: {
        'loadCode.ok': { target: 'shown', actions: 'keepStanding' },
        // not verified yet, or a company: the screen says why and where to go
        'loadCode.refused.RCV10001': { target: 'notAllowed', actions: 'keepRefusal' },
        'loadCode.refused.RCV10002': { target: 'notAllowed', actions: 'keepRefusal' },
        'loadCode.refused.*': { target: 'loadFailed', actions: 'keepRefusal' },
      },
    },
    loadFailed: {
      tags: ['error'],
      on: { 'code.retry': { target: 'loading' } },
    },
    notAllowed: {},
    // the standing code, or the one-time code just made, big; saving and printing leave it there
    shown: {
      initial: 'idle',
      on: {
        'image.save': { target: '.saving', actions: 'keepImage' },
        'code.print': { actions: 'printCode' },
        'renewal.asked': { guard: 'standingShown', target: '.confirmingRenewal' },
        'oneTime.started': { guard: 'standingShown', target: 'askingAmount' },
        'oneTime.closed': { guard: 'oneTimeShown', target: '.idle', actions: 'forgetOneTime' },
      },
      states: {
        idle: {},
        saving: {
          tags: ['busy'],
          invoke: {
            id: 'saveImage',
            src: 'saveImage',
            input: ({ context }) => context.image!,
            onDone: { actions: 'announceAnswer' },
            onError: { target: 'saveFailed' },
          },
          on: {
            'saveImage.ok': { target: 'saved' },
            // the person closed the share sheet: nothing to say
            'saveImage.refused.aborted': { target: 'idle' },
            'saveImage.refused.*': { target: 'saveFailed' },
          },
        },
        saved: {},
        saveFailed: { tags: ['error'] },
        // "the old code stops working": nothing changes until the person says yes
        confirmingRenewal: {
          on: {
            'renewal.confirmed': { target: 'renewing' },
            'renewal.cancelled': { target: 'idle' },
          },
        },
        renewing: {
          tags: ['busy'],
          invoke: {
            id: 'renewCode',
            src: 'renewCode',
            onDone: { actions: 'announceAnswer' },
            onError: { target: 'renewFailed', actions: 'forgetRefusal' },
          },
          on: {
            'renewCode.ok': { target: 'renewed', actions: 'keepStanding' },
            'renewCode.refused.*': { target: 'renewFailed', actions: 'keepRefusal' },
          },
        },
        renewed: {},
        renewFailed: { tags: ['error'] },
      },
    },
    // a code for one payment: the amount (required) and the receiver's note
    askingAmount: {
      initial: 'typing',
      on: {
        'amount.changed': { target: '.typing', actions: 'setAmount' },
        'note.changed': { actions: 'setNote' },
        'oneTime.submitted': [{ guard: 'amountValid', target: 'makingOneTime' }, { target: '.invalid' }],
        'oneTime.cancelled': { target: 'shown', actions: 'forgetOneTime' },
      },
      states: {
        typing: {},
        invalid: { tags: ['error'] },
        refused: { tags: ['error'] },
        unreachable: { tags: ['error'] },
      },
    },
    makingOneTime: {
      tags: ['busy'],
      invoke: {
        id: 'makeOneTimeCode',
        src: 'makeOneTimeCode',
        input: ({ context }) => ({ amount: Number(typed(context) ?? 0n), note: context.note.trim() }),
        onDone: { actions: 'announceAnswer' },
        onError: { target: 'askingAmount.unreachable' },
      },
      on: {
        'makeOneTimeCode.ok': { target: 'shown', actions: 'keepOneTime' },
        'makeOneTimeCode.refused.*': { target: 'askingAmount.refused', actions: 'keepRefusal' },
      },
    },
  },
});
