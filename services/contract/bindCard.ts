import { z } from 'zod';
import { defineService } from './define.ts';
import { bankCode, boundCard, cardNumber, cardNumberPrefix, nationalMobile, smsCode } from './shared.ts';

/**
 * Binding step 1: the card's BIN. Only a verified member may bind (FND10004); an unknown BIN is
 * CRD10001, a credit card CRD10002 (spec §5: only debit/savings cards), a bank the wallet does
 * not work with CRD10009. The answer names no holder: nothing has checked yet whose card it is
 * (a card binds only in the member's verified name, which the bank confirms at `inputMobile`).
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
  }),
});

/**
 * Binding step 2: the whole number and the mobile the bank has for the card. The bank checks that
 * the card is the member's (holder = verified name, else CRD10003) and that the mobile is the
 * card's (else CRD10004); then an SMS code goes to that mobile (code limits as everywhere: COD…).
 * The answer names the holder as the bank has the card (masked). Calling it again sends a new
 * code under a new bindId.
 */
export const inputMobile = defineService({
  name: 'wallet/card/inputMobile',
  audience: 'member',
  request: z.object({ cardNo: cardNumber, mobile: nationalMobile }),
  response: z.object({ bindId: z.string().uuid(), mobileMasked: z.string(), holderName: z.string(), expiresInSeconds: z.number().int(), resendAfterSeconds: z.number().int() }),
});

/** Binding step 3: the SMS code (five tries, COD… answers); binds the card. */
export const verifyAuthCode = defineService({
  name: 'wallet/card/verifyAuthCode',
  audience: 'member',
  request: z.object({ bindId: z.string().uuid(), code: smsCode }),
  response: z.object({ card: boundCard }),
});
