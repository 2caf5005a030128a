import { MERCHANT_CODES } from '../../services/contract/answerCodes.ts';
import { decodeCollectionCode } from '../../services/emvco.ts';
import type { Queryable } from '../db/index.ts';
import { DomainError } from '../errors.ts';
import { serialOfScanned } from '../entities/collectionCodes.ts';
import { quoteCode, type CodeQuote } from './quote.ts';

/**
 * What a scanned payload or typed serial pays, for `payer`, or the refusal paying it would give:
 * the code's quote without an amount (quote.ts; the lookup is migration 027's payable_code, the one
 * the payment itself makes), then what only the scanned payload can be refused for — MCH10006 not
 * one of this wallet's codes (the EMVCo refusal as the detail: crcWrong, currency, tooLong,
 * notOurs…) or a payload that says another kind of code than the serial is (`kind`), MCH10011 a
 * dynamic payload whose amount is not the code's. The payload's own names are never shown: the
 * payer sees the merchant the serial belongs to.
 */
export async function payableCode(db: Queryable, payer: string, scanned: string): Promise<CodeQuote> {
  const { serial, payloadKind } = serialOfScanned(scanned);
  const code = await quoteCode(db, payer, serial, null);
  // a payload must say what the code is: a printed or store code is static, a cashier's is dynamic
  if (payloadKind !== null && payloadKind !== code.method) throw new DomainError(MERCHANT_CODES.codeUnknown, 200, 'kind');
  if (code.kind === 'dynamic' && payloadKind !== null) {
    const decoded = decodeCollectionCode(scanned.trim());
    if (decoded.ok && BigInt(decoded.value.amountCents ?? -1) !== code.figures?.amount) throw new DomainError(MERCHANT_CODES.amountMismatch);
  }
  return code;
}
