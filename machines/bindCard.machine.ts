import { setup, assign } from 'xstate';
import type { Outcome } from '../services/contract/outcome.ts';
import { announceAnswer, answerCode, answerData, provided, type AnswerEvent } from './outcome.ts';
import { digitsOf, type BinInfo, type BoundCard } from './bankFlow.ts';
import { codeEntryMachine, type CodeEntryInput } from './codeEntry.machine.ts';
import { mobileActions, mobileGuards, type MobileEntry } from './mobileEntry.ts';

/**
 * Binding a debit card. The number (grouped as typed, checked with Luhn) goes to the bank's BIN
 * table first: a credit card, an unknown BIN or a bank the wallet does not serve is refused there,
 * and a debit card shows its bank (no name: nothing has checked yet whose card it is). Then the
 * mobile the bank has for the card: the bank checks card, holder (the member's verified name) and
 * mobile and sends an SMS code there, and only its answer names the holder; the code entry child
 * takes the code (the cool-down, the hourly limit, other refusals and no answer live there; a new
 * code after 60 s comes under a new bind request whose bindId the next check uses). The bank's
 * refusals of the card, its holder or its mobile are binding's own states. The right code binds it.
 */
export interface BindCardContext extends MobileEntry {
  cardNo: string;
  bin: BinInfo | null;
  card: BoundCard | null;
  errorCode: string | null;
}

export type BindCardEvent =
  | { type: 'cardNo.changed'; value: string }
  | { type: 'cardNo.submitted' }
  | { type: 'cardNo.edit' }
  | { type: 'mobile.changed'; value: string }
  | { type: 'mobile.submitted' }
  | { type: 'mobile.edit' }
  | { type: 'bind.restarted' };

/** The Luhn check of services/contract/cardList.ts (not imported: the contracts bring zod into the chunk). */
export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return digits.length > 0 && sum % 10 === 0;
}

/** "6004000000000011" → "6004 0000 0000 0011", as the number is typed. */
export const groupCardNumber = (digits: string) => digits.replace(/(\d{4})(?=\d)/g, '$1 ');
export const cardNoComplete = (digits: string) => /^\d{16,19}$/.test(digits);
/** A whole-length number that fails Luhn: mistyped (the hint while typing, the guard on submit). */
export const cardNoMistyped = (digits: string) => cardNoComplete(digits) && !luhnValid(digits);

/** What the bank is asked to send a code for, the first time and again. */
export type BindCodeRequest = { cardNo: string; mobile: string };
const bindCodeRequest = (context: BindCardContext): BindCodeRequest => ({ cardNo: context.cardNo, mobile: context.mobile });

export const bindCardMachine = setup({
  types: { context: {} as BindCardContext, events: {} as BindCardEvent | AnswerEvent },
  actors: {
    checkBin: provided<Outcome<BinInfo>, { cardNo: string }>('checkBin'),
    codeEntry: codeEntryMachine,
  },
  guards: {
    cardNoIncomplete: ({ context }) => !cardNoComplete(context.cardNo),
    cardNoMistyped: ({ context }) => cardNoMistyped(context.cardNo),
    ...mobileGuards,
  },
  actions: {
    announceAnswer: announceAnswer<BindCardContext, BindCardEvent | AnswerEvent>(),
    setCardNo: assign({ cardNo: ({ event, context }) => (event.type === 'cardNo.changed' ? digitsOf(event.value, 19) : context.cardNo) }),
    keepBin: assign({ bin: ({ event }) => answerData<BinInfo>(event), errorCode: null }),
    forgetBin: assign({ bin: null }),
    ...mobileActions<BindCardContext, BindCardEvent | AnswerEvent>(),
    keepRefusal: assign({ errorCode: ({ event }) => answerCode(event) }),
    keepCard: assign({ card: ({ event }) => answerData<{ card: BoundCard }>(event).card }),
    startOver: assign({ cardNo: '', bin: null, mobile: '', errorCode: null, card: null }),
  },
}).createMachine({
  id: 'bindCard',
  context: { cardNo: '', bin: null, mobile: '', errorCode: null, card: null },
  initial: 'enteringCardNo',
  states: {
    enteringCardNo: {
      initial: 'typing',
      on: {
        'cardNo.changed': { target: '.typing', actions: 'setCardNo' },
        'cardNo.submitted': [
          { guard: 'cardNoIncomplete', target: '.incomplete' },
          { guard: 'cardNoMistyped', target: '.mistyped' },
          { target: 'checkingBin' },
        ],
      },
      states: {
        typing: {},
        incomplete: { tags: ['error'] },
        mistyped: { tags: ['error'] },
        binUnknown: { tags: ['error'] },
        // spec §5: only debit (savings) cards
        creditCard: { tags: ['error'] },
        bankNotSupported: { tags: ['error'] },
        // the member has no verified name a card could be in
        holderNotMember: { tags: ['error'] },
        refused: { tags: ['error'] },
        unreachable: { tags: ['error'] },
      },
    },
    checkingBin: {
      tags: ['busy'],
      invoke: {
        id: 'checkBin',
        src: 'checkBin',
        input: ({ context }) => ({ cardNo: context.cardNo }),
        onDone: { actions: 'announceAnswer' },
        onError: { target: 'enteringCardNo.unreachable' },
      },
      on: {
        'checkBin.ok': { target: 'enteringMobile', actions: 'keepBin' },
        'checkBin.refused.CRD10001': { target: 'enteringCardNo.binUnknown' },
        'checkBin.refused.CRD10002': { target: 'enteringCardNo.creditCard' },
        'checkBin.refused.CRD10009': { target: 'enteringCardNo.bankNotSupported' },
        'checkBin.refused.CRD10003': { target: 'enteringCardNo.holderNotMember' },
        'checkBin.refused.FND10004': { target: 'notVerified' },
        'checkBin.refused.*': { target: 'enteringCardNo.refused', actions: 'keepRefusal' },
      },
    },
    // only verified members bind cards: the screen links to the verification
    notVerified: {},
    enteringMobile: {
      initial: 'typing',
      on: {
        'mobile.changed': { target: '.typing', actions: 'setMobile' },
        'mobile.submitted': [{ guard: 'mobileValid', target: 'verifyingByCode' }, { target: '.invalid' }],
        'cardNo.edit': { target: 'enteringCardNo', actions: 'forgetBin' },
      },
      states: {
        typing: {},
        invalid: { tags: ['error'] },
        // the bank's checks of the card: its mobile, its holder, the card itself
        mobileMismatch: { tags: ['error'] },
        holderMismatch: { tags: ['error'] },
        cardUnknown: { tags: ['error'] },
        alreadyBound: { tags: ['error'] },
      },
    },
    // the bank sends a code to the card's mobile, then it is typed (codeEntry child)
    verifyingByCode: {
      on: {
        // another mobile, or another card, drops this code
        'mobile.changed': { target: 'enteringMobile', actions: 'setMobile' },
        'mobile.edit': { target: 'enteringMobile' },
        'cardNo.edit': { target: 'enteringCardNo', actions: 'forgetBin' },
        'codeEntry.ok': { target: 'bound', actions: 'keepCard' },
        'codeEntry.refused.CRD10004': { target: 'enteringMobile.mobileMismatch' },
        'codeEntry.refused.CRD10003': { target: 'enteringMobile.holderMismatch' },
        'codeEntry.refused.CRD10005': { target: 'enteringMobile.cardUnknown' },
        // bound already, or meanwhile, to this wallet or another
        'codeEntry.refused.CRD10006': { target: 'enteringMobile.alreadyBound' },
        'codeEntry.refused.CRD10002': { target: 'enteringCardNo.creditCard', actions: 'forgetBin' },
        'codeEntry.refused.FND10004': { target: 'notVerified' },
        // never: it hands over only what handOver lists, and keeps "no answer" to itself
        'codeEntry.refused.*': { target: 'enteringMobile' },
        'codeEntry.unreachable': { target: 'enteringMobile' },
      },
      invoke: {
        id: 'codeEntry',
        src: 'codeEntry',
        input: ({ context }): CodeEntryInput => ({
          request: bindCodeRequest(context),
          // the bank's checks of the card, its holder and its mobile (bound meanwhile, too, when the code is checked)
          handOver: ['CRD10004', 'CRD10003', 'CRD10005', 'CRD10006', 'CRD10002', 'FND10004'],
          // the bind request lapsed (15 min): a new code makes a new one
          expiredWith: ['CRD10007'],
        }),
        onDone: { actions: 'announceAnswer' },
        // the child itself failed (never an answer of the server): the mobile is asked again
        onError: { target: 'enteringMobile' },
      },
    },
    bound: { on: { 'bind.restarted': { target: 'enteringCardNo', actions: 'startOver' } } },
  },
});
