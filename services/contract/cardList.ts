import { z } from 'zod';
import { defineService } from './define.ts';
import { nationalMobile, smsCode } from './signUp.ts';
import { cents } from './walletAssets.ts';

/** The Luhn check every payment card number passes (the client checks it before sending too). */
export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return digits.length > 0 && sum % 10 === 0;
}

const digitsOnly = (v: string) => v.replace(/[\s-]+/g, '');
/** A whole card number: 16–19 digits (spaces allowed), Luhn-valid. */
export const cardNumber = z.string().transform(digitsOnly).pipe(z.string().regex(/^\d{16,19}$/).refine(luhnValid, 'luhn'));
/** Enough of a card number to read its BIN (the first six digits) while it is being typed. */
export const cardNumberPrefix = z.string().transform(digitsOnly).pipe(z.string().regex(/^\d{6,19}$/));
/** A bound card's id, as `getAllBankCard` gives it. */
export const cardId = z.string().regex(/^\d{1,18}$/);
export const bankCode = z.string().regex(/^\d{4}$/);

/** A bound card as the member may see it: never the whole number. */
export const boundCard = z.object({
  cardId,
  bankCode,
  bankShort: z.string(),
  bankName: z.string(),
  /** "6004 00** **** 1234" */
  maskedCardNo: z.string(),
  last4: z.string(),
  cardType: z.literal('debit'),
  /** The mobile the bank has for the card, masked: "923***001". SMS codes for paying with the card go there. */
  mobileMasked: z.string(),
  /** Withdrawals to this card's bank need a branch (fund/withdraw/queryBranches). */
  needBranch: z.boolean(),
  boundAt: z.string(),
});
export type BoundCard = z.infer<typeof boundCard>;

/**
 * Binding step 1: the card's BIN. Only a verified member may bind (FND10004); an unknown BIN is
 * CRD10001, a credit card CRD10002 (spec §5: only debit/savings cards), a bank the wallet does
 * not work with CRD10009. The answer names the holder the card must belong to: the member's own
 * verified name, masked (the card flow's "real name" step: a card binds only in the member's name).
 */
export const checkCardBin = defineService({
  name: 'wallet/card/checkCardBin',
  audience: 'member',
  request: z.object({ cardNo: cardNumberPrefix }),
  response: z.object({
    bin: z.string(),
    bankCode,
    bankShort: z.string(),
    bankName: z.string(),
    cardType: z.literal('debit'),
    bindable: z.literal(true),
    holderName: z.string(),
  }),
});

/**
 * Binding step 2: the whole number and the mobile the bank has for the card. The bank checks that
 * the card is the member's (holder = verified name, else CRD10003) and that the mobile is the
 * card's (else CRD10004); then an SMS code goes to that mobile (code limits as everywhere: COD…).
 * Calling it again sends a new code under a new bindId.
 */
export const inputMobile = defineService({
  name: 'wallet/card/inputMobile',
  audience: 'member',
  request: z.object({ cardNo: cardNumber, mobile: nationalMobile }),
  response: z.object({ bindId: z.string().uuid(), mobileMasked: z.string(), expiresInSeconds: z.number().int(), resendAfterSeconds: z.number().int() }),
});

/** Binding step 3: the SMS code (five tries, COD… answers); binds the card. */
export const verifyAuthCode = defineService({
  name: 'wallet/card/verifyAuthCode',
  audience: 'member',
  request: z.object({ bindId: z.string().uuid(), code: smsCode }),
  response: z.object({ card: boundCard }),
});

export const getAllBankCard = defineService({
  name: 'wallet/card/getAllBankCard',
  audience: 'member',
  request: z.object({}),
  response: z.object({ cards: z.array(boundCard) }),
});

export const removeBankCard = defineService({
  name: 'wallet/card/removeBankCard',
  audience: 'member',
  request: z.object({ cardId }),
  response: z.object({ removed: z.literal(true) }),
});

const limitOrNone = cents.nullable();

/** A bank's rules in the wallet: top-up and withdrawal limits (cêntimos, null = none), branch, withdrawal charge. */
export const bankRules = z.object({
  bankCode,
  bankShort: z.string(),
  bankName: z.string(),
  needBranch: z.boolean(),
  topup: z.object({ perTransaction: limitOrNone, daily: limitOrNone }),
  withdraw: z.object({ min: cents, perTransaction: limitOrNone, daily: limitOrNone }),
  /** Withdrawal service charge: amount × rateBp / 10 000, at least min, at most max (rounded up to the cêntimo). */
  charge: z.object({ rateBp: z.number().int(), min: cents, max: limitOrNone }),
});
export type BankRules = z.infer<typeof bankRules>;

export const getBankLimit = defineService({
  name: 'common/setting/getBankLimit',
  audience: 'member',
  request: z.object({ bankCode: bankCode.optional() }),
  response: z.object({ banks: z.array(bankRules) }),
});

/** The banks whose debit cards can pay (top up) in the cashier, with the single and daily limits. */
export const getSupportBankAndLimit = defineService({
  name: 'cashier/merchantConf/getSupportBankAndLimit',
  audience: 'public',
  request: z.object({}),
  response: z.object({
    banks: z.array(z.object({ bankCode, bankShort: z.string(), bankName: z.string(), cardTypes: z.array(z.literal('debit')), singleLimit: limitOrNone, dailyLimit: limitOrNone })),
  }),
});
