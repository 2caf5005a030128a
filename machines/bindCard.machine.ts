import { setup, assign } from 'xstate';
import type { Outcome } from '../services/contract/outcome.ts';
import { MOBILE_PATTERN } from '../src/lib/phone.ts';
import { isOk, outputOf, provided, refusedWith } from './outcome.ts';
import { sendsCodeActions, type SendsCode } from './sendCode.machine.ts';
import { digitsOf, type BindCodeSent, type BinInfo, type BoundCard } from './bankFlow.ts';
import { codeEntryMachine } from './codeEntry.machine.ts';

/**
 * Binding a debit card. The number (grouped as typed, checked with Luhn) goes to the bank's BIN
 * table first: a credit card, an unknown BIN or a bank the wallet does not serve is refused there,
 * and a debit card shows its bank (no name: nothing has checked yet whose card it is). Then the
 * mobile the bank has for the card: the bank checks card, holder (the member's verified name) and
 * mobile and sends an SMS code there, and only its answer names the holder; the shared code entry
 * takes the code (a new one after 60 s, under a new bind request whose bindId the next check
 * uses). The right code binds the card.
 */
export interface BindCardContext extends SendsCode<BindCodeSent> {
  cardNo: string;
  bin: BinInfo | null;
  mobile: string;
  card: BoundCard | null;
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
  types: { context: {} as BindCardContext, events: {} as BindCardEvent },
  actors: {
    checkBin: provided<Outcome<BinInfo>, { cardNo: string }>('checkBin'),
    sendCode: provided<Outcome<BindCodeSent>, BindCodeRequest>('sendCode'),
    codeEntry: codeEntryMachine,
  },
  guards: {
    isOk,
    refusedWith,
    cardNoIncomplete: ({ context }) => !cardNoComplete(context.cardNo),
    cardNoMistyped: ({ context }) => cardNoMistyped(context.cardNo),
    mobileValid: ({ context }) => MOBILE_PATTERN.test(context.mobile),
  },
  actions: {
    setCardNo: assign({ cardNo: ({ event, context }) => (event.type === 'cardNo.changed' ? digitsOf(event.value, 19) : context.cardNo) }),
    keepBin: assign({ bin: ({ event }) => { const o = outputOf<BinInfo>(event); return o.ok ? o.data : null; }, errorCode: null }),
    forgetBin: assign({ bin: null, sent: null }),
    setMobile: assign({ mobile: ({ event, context }) => (event.type === 'mobile.changed' ? digitsOf(event.value, 9) : context.mobile) }),
    ...sendsCodeActions<BindCardContext, BindCardEvent>(),
    forgetSent: assign({ sent: null }),
    keepCard: assign({ card: ({ event }) => { const o = outputOf<{ card: BoundCard }>(event); return o.ok ? o.data.card : null; } }),
    startOver: assign({ cardNo: '', bin: null, mobile: '', sent: null, waitSeconds: null, errorCode: null, card: null }),
  },
}).createMachine({
  id: 'bindCard',
  context: { cardNo: '', bin: null, mobile: '', sent: null, waitSeconds: null, errorCode: null, card: null },
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
        onDone: [
          { guard: 'isOk', target: 'enteringMobile', actions: 'keepBin' },
          { guard: { type: 'refusedWith', params: { code: 'CRD10001' } }, target: 'enteringCardNo.binUnknown' },
          { guard: { type: 'refusedWith', params: { code: 'CRD10002' } }, target: 'enteringCardNo.creditCard' },
          { guard: { type: 'refusedWith', params: { code: 'CRD10009' } }, target: 'enteringCardNo.bankNotSupported' },
          { guard: { type: 'refusedWith', params: { code: 'CRD10003' } }, target: 'enteringCardNo.holderNotMember' },
          { guard: { type: 'refusedWith', params: { code: 'FND10004' } }, target: 'notVerified' },
          { target: 'enteringCardNo.refused', actions: 'keepRefusal' },
        ],
        onError: { target: 'enteringCardNo.unreachable' },
      },
    },
    // only verified members bind cards: the screen links to the verification
    notVerified: {},
    enteringMobile: {
      initial: 'typing',
      on: {
        'mobile.changed': { target: '.typing', actions: 'setMobile' },
        'mobile.submitted': [{ guard: 'mobileValid', target: 'sendingCode' }, { target: '.invalid' }],
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
        coolingDown: { tags: ['error'] },
        sendLimited: { tags: ['error'] },
        refused: { tags: ['error'] },
        unreachable: { tags: ['error'] },
      },
    },
    sendingCode: {
      tags: ['busy'],
      invoke: {
        id: 'sendCode',
        src: 'sendCode',
        input: ({ context }) => bindCodeRequest(context),
        onDone: [
          { guard: 'isOk', target: 'enteringCode', actions: 'keepCodeSent' },
          { guard: { type: 'refusedWith', params: { code: 'CRD10004' } }, target: 'enteringMobile.mobileMismatch' },
          { guard: { type: 'refusedWith', params: { code: 'CRD10003' } }, target: 'enteringMobile.holderMismatch' },
          { guard: { type: 'refusedWith', params: { code: 'CRD10005' } }, target: 'enteringMobile.cardUnknown' },
          { guard: { type: 'refusedWith', params: { code: 'CRD10006' } }, target: 'enteringMobile.alreadyBound' },
          { guard: { type: 'refusedWith', params: { code: 'COD10004' } }, target: 'enteringMobile.coolingDown', actions: 'keepWait' },
          { guard: { type: 'refusedWith', params: { code: 'COD10005' } }, target: 'enteringMobile.sendLimited' },
          { guard: { type: 'refusedWith', params: { code: 'CRD10002' } }, target: 'enteringCardNo.creditCard', actions: 'forgetBin' },
          { guard: { type: 'refusedWith', params: { code: 'FND10004' } }, target: 'notVerified' },
          { target: 'enteringMobile.refused', actions: 'keepRefusal' },
        ],
        onError: { target: 'enteringMobile.unreachable' },
      },
    },
    enteringCode: {
      on: { 'mobile.edit': { target: 'enteringMobile', actions: 'forgetSent' } },
      invoke: {
        id: 'codeEntry',
        src: 'codeEntry',
        input: ({ context }) => ({
          request: bindCodeRequest(context),
          sent: context.sent!,
          handOver: ['CRD10006'],
          // the bind request lapsed (15 min): a new code makes a new one
          expiredWith: ['CRD10007'],
        }),
        onDone: [
          { guard: 'isOk', target: 'bound', actions: 'keepCard' },
          // bound meanwhile, to this wallet or another
          { guard: { type: 'refusedWith', params: { code: 'CRD10006' } }, target: 'enteringMobile.alreadyBound', actions: 'forgetSent' },
        ],
        onError: { target: 'enteringMobile.unreachable' },
      },
    },
    bound: { on: { 'bind.restarted': { target: 'enteringCardNo', actions: 'startOver' } } },
  },
});
