import { setup, assign, fromPromise, not, stateIn } from 'xstate';
import type { Outcome } from '../services/gateway.ts';
import { MOBILE_PATTERN } from '../src/lib/phone.ts';
import { isOk, outputOf, refusalCode, refusalDetail, refusedWith } from './outcome.ts';
import { digitsOf, type BindCodeSent, type BinInfo, type BoundCard } from './bankFlow.ts';

/**
 * Binding a debit card. The number (grouped as typed, checked with Luhn) goes to the bank's BIN
 * table first: a credit card, an unknown BIN or a bank the wallet does not serve is refused there,
 * and a debit card shows its bank and the (masked) name it must be in, the member's verified one.
 * Then the mobile the bank has for the card: the bank checks card, holder and mobile and sends an
 * SMS code there (a new one after 60 s, under a new bind request). The right code binds the card.
 */
export interface BindCardContext {
  cardNo: string;
  bin: BinInfo | null;
  mobile: string;
  sent: BindCodeSent | null;
  code: string;
  resendAfterMs: number;
  triesLeft: string | null;
  waitSeconds: string | null;
  errorCode: string | null;
  card: BoundCard | null;
}

export type BindCardEvent =
  | { type: 'cardNo.changed'; value: string }
  | { type: 'cardNo.submitted' }
  | { type: 'cardNo.edit' }
  | { type: 'mobile.changed'; value: string }
  | { type: 'mobile.submitted' }
  | { type: 'mobile.edit' }
  | { type: 'code.changed'; value: string }
  | { type: 'code.submitted' }
  | { type: 'code.resendRequested' }
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

type SendInput = { cardNo: string; mobile: string };

export const bindCardMachine = setup({
  types: { context: {} as BindCardContext, events: {} as BindCardEvent },
  actors: {
    checkBin: fromPromise<Outcome<BinInfo>, { cardNo: string }>(async () => { throw new Error('provided by the screen'); }),
    sendCode: fromPromise<Outcome<BindCodeSent>, SendInput>(async () => { throw new Error('provided by the screen'); }),
    resendCode: fromPromise<Outcome<BindCodeSent>, SendInput>(async () => { throw new Error('provided by the screen'); }),
    verifyCode: fromPromise<Outcome<{ card: BoundCard }>, { bindId: string; code: string }>(async () => { throw new Error('provided by the screen'); }),
  },
  guards: {
    isOk,
    refusedWith,
    cardNoIncomplete: ({ context }) => !cardNoComplete(context.cardNo),
    cardNoMistyped: ({ context }) => cardNoMistyped(context.cardNo),
    mobileValid: ({ context }) => MOBILE_PATTERN.test(context.mobile),
    codeComplete: ({ context }) => /^\d{6}$/.test(context.code),
    // a code being checked may be the right one: no new code meanwhile
    notVerifying: not(stateIn('#bindCard.enteringCode.entry.verifying')),
  },
  actions: {
    setCardNo: assign({ cardNo: ({ event, context }) => (event.type === 'cardNo.changed' ? digitsOf(event.value, 19) : context.cardNo) }),
    keepBin: assign({ bin: ({ event }) => { const o = outputOf<BinInfo>(event); return o.ok ? o.data : null; }, errorCode: null }),
    forgetBin: assign({ bin: null, sent: null, code: '' }),
    setMobile: assign({ mobile: ({ event, context }) => (event.type === 'mobile.changed' ? digitsOf(event.value, 9) : context.mobile) }),
    keepSent: assign(({ event, context }) => {
      const o = outputOf<BindCodeSent>(event);
      return o.ok ? { sent: o.data, code: '', triesLeft: null, errorCode: null, resendAfterMs: o.data.resendAfterSeconds * 1000 } : { sent: context.sent };
    }),
    forgetSent: assign({ sent: null, code: '', triesLeft: null }),
    setCode: assign({ code: ({ event, context }) => (event.type === 'code.changed' ? digitsOf(event.value, 6) : context.code) }),
    keepTriesLeft: assign({ triesLeft: ({ event }) => refusalDetail(event), code: '' }),
    keepWait: assign({ waitSeconds: ({ event }) => refusalDetail(event) }),
    keepRefusal: assign({ errorCode: ({ event }) => refusalCode(event) }),
    forgetRefusal: assign({ errorCode: null }),
    keepCard: assign({ card: ({ event }) => { const o = outputOf<{ card: BoundCard }>(event); return o.ok ? o.data.card : null; } }),
    startOver: assign({ cardNo: '', bin: null, mobile: '', sent: null, code: '', triesLeft: null, waitSeconds: null, errorCode: null, card: null }),
  },
  delays: { resendCooldown: ({ context }) => context.resendAfterMs },
}).createMachine({
  id: 'bindCard',
  context: { cardNo: '', bin: null, mobile: '', sent: null, code: '', resendAfterMs: 60_000, triesLeft: null, waitSeconds: null, errorCode: null, card: null },
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
        input: ({ context }) => ({ cardNo: context.cardNo, mobile: context.mobile }),
        onDone: [
          { guard: 'isOk', target: 'enteringCode', actions: 'keepSent' },
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
      type: 'parallel',
      on: {
        'code.changed': { actions: 'setCode' },
        'mobile.edit': { target: 'enteringMobile', actions: 'forgetSent' },
      },
      states: {
        resend: {
          initial: 'coolingDown',
          states: {
            coolingDown: { after: { resendCooldown: { target: 'available' } } },
            available: { on: { 'code.resendRequested': { guard: 'notVerifying', target: 'resending' } } },
            // a new code comes under a new bind request (inputMobile again)
            resending: {
              tags: ['busy'],
              invoke: {
                id: 'resendCode',
                src: 'resendCode',
                input: ({ context }) => ({ cardNo: context.cardNo, mobile: context.mobile }),
                onDone: [
                  { guard: 'isOk', target: ['coolingDown', '#bindCard.enteringCode.entry.typing'], actions: 'keepSent' },
                  { guard: { type: 'refusedWith', params: { code: 'COD10005' } }, target: 'limited' },
                  { target: 'available', actions: 'keepRefusal' },
                ],
                onError: { target: 'available', actions: 'forgetRefusal' },
              },
            },
            limited: { tags: ['error'] },
          },
        },
        entry: {
          initial: 'typing',
          states: {
            typing: { on: { 'code.submitted': { guard: 'codeComplete', target: 'verifying' } } },
            verifying: {
              tags: ['busy'],
              invoke: {
                id: 'verifyCode',
                src: 'verifyCode',
                input: ({ context }) => ({ bindId: context.sent?.bindId ?? '', code: context.code }),
                onDone: [
                  { guard: 'isOk', target: '#bindCard.bound', actions: 'keepCard' },
                  { guard: { type: 'refusedWith', params: { code: 'COD10001' } }, target: 'wrongCode', actions: 'keepTriesLeft' },
                  { guard: { type: 'refusedWith', params: { code: 'COD10002' } }, target: 'expired' },
                  // the bind request lapsed (15 min): a new code makes a new one
                  { guard: { type: 'refusedWith', params: { code: 'CRD10007' } }, target: 'expired' },
                  { guard: { type: 'refusedWith', params: { code: 'COD10003' } }, target: 'tooManyTries' },
                  { guard: { type: 'refusedWith', params: { code: 'CRD10006' } }, target: '#bindCard.enteringMobile.alreadyBound', actions: 'forgetSent' },
                  { target: 'unreachable', actions: 'keepRefusal' },
                ],
                onError: { target: 'unreachable', actions: 'forgetRefusal' },
              },
            },
            wrongCode: { tags: ['error'], on: { 'code.submitted': { guard: 'codeComplete', target: 'verifying' } } },
            // expired or voided: only a new code helps (the resend region)
            expired: { tags: ['error'] },
            tooManyTries: { tags: ['error'] },
            unreachable: { tags: ['error'], on: { 'code.submitted': { guard: 'codeComplete', target: 'verifying' } } },
          },
        },
      },
    },
    bound: { on: { 'bind.restarted': { target: 'enteringCardNo', actions: 'startOver' } } },
  },
});
