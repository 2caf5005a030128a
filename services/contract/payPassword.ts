import { z } from 'zod';
import { defineService } from './define.ts';
import { cardNumber, nationalMobile, smsCode } from './shared.ts';

/**
 * The secure keypad: a one-time RSA public key and a shuffled digit map. The keypad shows the
 * digits in `mapArr` order; the client encrypts the positions pressed (never the digits) with
 * RSA-OAEP SHA-256 and the server maps them back with the map it kept, then discards the key.
 */
export const getRandomKey = defineService({
  name: 'common/getRandomKey',
  audience: 'member',
  request: z.object({}),
  response: z.object({
    randKey: z.string(),
    rsaPublicKey: z.string(),
    mapArr: z.array(z.number().int().min(0).max(9)).length(10),
    expiresInSeconds: z.number().int(),
  }),
});

/** Base64 RSA-OAEP ciphertext of the pressed positions, e.g. "305112". */
export const encryptedEntry = z.object({ randKey: z.string().uuid(), cipher: z.string().min(16).max(1024) });

/** Sets the 6-digit pay password: the first time, or with a ticket from `forgetPayPassword`. */
export const setPayPwd = defineService({
  name: 'wallet/password/setPayPwd',
  audience: 'member',
  request: encryptedEntry.extend({ resetTicket: z.string().min(20).max(128).optional() }),
  response: z.object({ set: z.literal(true) }),
});

/**
 * What a pay password is confirming: the money call, the amount in cêntimos and the counterparty
 * (a payee's mobile, a card id). The answer's `payToken` authorises that payment only, once,
 * for five minutes.
 */
export const paymentPurpose = z.object({
  service: z.string().min(3).max(80),
  amount: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  counterparty: z.string().min(1).max(80),
});
export type PaymentPurpose = z.infer<typeof paymentPurpose>;

/** Checks the pay password; five wrong entries lock paying for a while. With a purpose, authorises that payment. */
export const checkPayPwd = defineService({
  name: 'wallet/paypassword/checkPayPwd',
  audience: 'member',
  request: encryptedEntry.extend({ purpose: paymentPurpose.optional() }),
  response: z.object({ valid: z.literal(true), payToken: z.string().optional() }),
});

/** Whether a chosen pay password is acceptable (not 123456, 111111, the birthday pattern and so on). */
export const validatePayPwd = defineService({
  name: 'wallet/paypassword/validatePayPwd',
  audience: 'member',
  request: encryptedEntry,
  response: z.object({ acceptable: z.literal(true) }),
});

/** Forgot the pay password: an SMS code to the member's mobile (sent with `fund/sms/sendSMS`-like rules) gives a reset ticket. */
export const forgetPayPassword = defineService({
  name: 'wallet/paypassword/forgetPayPassword',
  audience: 'member',
  request: z.discriminatedUnion('step', [
    z.object({ step: z.literal('sendCode') }),
    z.object({ step: z.literal('verifyCode'), code: smsCode }),
  ]),
  response: z.object({ sentTo: z.string().optional(), resetTicket: z.string().optional() }),
});

/**
 * `wallet/paypassword/setShortPayPwd`: changes the six-digit ("short") pay password with the
 * current one, each typed on its own one-time keypad. A wrong current one counts towards the lock.
 */
export const setShortPayPwd = defineService({
  name: 'wallet/paypassword/setShortPayPwd',
  audience: 'member',
  request: z.object({ current: encryptedEntry, entry: encryptedEntry }),
  response: z.object({ set: z.literal(true) }),
});

/**
 * `wallet/paypassword/check-cardNo-mobile`: the pay-password reset for a member with a bound card.
 * The whole number of one of their bound cards and the mobile the bank has for it (the bank
 * confirms both) send a code to that mobile; the code gives the reset ticket `setPayPwd` takes.
 */
export const checkCardNoMobile = defineService({
  name: 'wallet/paypassword/check-cardNo-mobile',
  audience: 'member',
  request: z.discriminatedUnion('step', [
    z.object({ step: z.literal('sendCode'), cardNo: cardNumber, mobile: nationalMobile }),
    z.object({ step: z.literal('verifyCode'), cardNo: cardNumber, mobile: nationalMobile, code: smsCode }),
  ]),
  response: z.object({ sentTo: z.string().optional(), resendAfterSeconds: z.number().int().optional(), resetTicket: z.string().optional() }),
});
