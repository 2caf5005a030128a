import { z } from 'zod';

/** Schemas the calls of several flows share: phone numbers, codes, money, cards, dates. */

/** decisions.md: 9 national digits, 91–97 or 99. */
export const nationalMobile = z.string().regex(/^9[1-79]\d{7}$/);
export const emailAddress = z.email().max(254);
export const smsCode = z.string().regex(/^\d{6}$/);
/** Length only: the strength rule answers its own code (PWD10001) so the screen can say why. */
export const passwordText = z.string().min(1).max(64);
export const ticket = z.string().min(20).max(128);

/** A UUID as PostgreSQL's `uuid` type reads it in this canonical form (ids of files, checks, captchas): anything else never reaches a `::uuid` cast. */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const codeSentSchema = z.object({
  sentTo: z.string(),
  expiresInSeconds: z.number().int(),
  resendAfterSeconds: z.number().int(),
});

/**
 * Money in the contracts is integer cêntimos (1 Kz = 100) as a JSON number: exact up to
 * 2^53 cêntimos, far above any balance. The server keeps it as bigint.
 */
export const cents = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);
export const positiveCents = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);

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

export const digitsOnly = (v: string) => v.replace(/[\s-]+/g, '');
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

export const limitOrNone = cents.nullable();

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

/** Spec §9 shortcut codes: 1 yesterday, 2 this week, 3 last week, 4 this month, 5 last month, 6 last 7 days, 7 today, 8 last 30 days. */
export const dateShortcut = z.enum(['1', '2', '3', '4', '5', '6', '7', '8']);
export const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
