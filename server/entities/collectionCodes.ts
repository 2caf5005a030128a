import crypto from 'node:crypto';
import { MERCHANT_CODES } from '../../services/contract/answerCodes.ts';
import { encodeCollectionCode, namedSerial } from '../../services/emvco.ts';
import type { Queryable } from '../db/index.ts';
import { DomainError } from '../errors.ts';

/**
 * Collection-code serials and payloads. A serial is random (not a counter) so a typed serial cannot
 * be guessed from another one: stickers `KW` + 10 digits, stores' own codes `ST` + 10 upper-case
 * letters or digits, one-time dynamic codes `DY` + 12. Payloads are EMVCo merchant-presented codes
 * (services/emvco.ts) written from the database each time they are shown, so a renamed store shows
 * its new label under the same serial.
 */

const DIGITS = '0123456789';
const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
export const SERIAL_FORMS = {
  sticker: { prefix: 'KW', alphabet: DIGITS, length: 10 },
  store: { prefix: 'ST', alphabet: ALPHANUMERIC, length: 10 },
  dynamic: { prefix: 'DY', alphabet: ALPHANUMERIC, length: 12 },
} as const;
export type CodeKind = keyof typeof SERIAL_FORMS;

/** A new random serial of `kind` (uniform over the alphabet: crypto.randomInt has no modulo bias). */
export function randomSerial(kind: CodeKind): string {
  const form = SERIAL_FORMS[kind];
  let serial: string = form.prefix;
  for (let i = 0; i < form.length; i++) serial += form.alphabet[crypto.randomInt(form.alphabet.length)];
  return serial;
}

/** What a sticker says before any merchant owns it (the server resolves the serial to its store when paid). */
export const UNBOUND_STICKER = { merchantName: 'Kwanza Wallet', city: 'Luanda', mcc: '0000' } as const;

export function stickerPayload(serial: string): string {
  return encodeCollectionCode({ kind: 'static', serial, ...UNBOUND_STICKER });
}

/** A store's own static code: the merchant's (or sub-merchant's) name, category and city, the store's name as the store label. */
export function storeCodePayload(code: { serial: string; merchantName: string; mcc: string; city: string | null; storeName: string }): string {
  return encodeCollectionCode({ kind: 'static', serial: code.serial, merchantName: code.merchantName, mcc: code.mcc, city: code.city ?? 'Luanda', storeLabel: code.storeName });
}

/**
 * Inserts codes with fresh serials, drawing again for any serial that is already taken (a
 * collision is rare but possible: it must not fail the call). Answers the serials written.
 */
export async function insertCodes(tx: Queryable, kind: CodeKind, count: number, columns: { batchId?: string; storeId?: string; createdBy?: string; amount?: bigint; expiresAt?: Date }): Promise<string[]> {
  const written: string[] = [];
  for (let round = 0; written.length < count; round++) {
    if (round >= 10) throw new Error(`could not draw ${count} free ${kind} serials`);
    const wanted = Array.from({ length: count - written.length }, () => randomSerial(kind));
    const { rows } = await tx.query<{ serial: string }>(
      `INSERT INTO collection_codes (serial, kind, batch_id, store_id, created_by, amount, expires_at)
       SELECT serial, $2, $3::bigint, $4::bigint, $5::bigint, $6::bigint, $7::timestamptz FROM unnest($1::text[]) AS serial
       ON CONFLICT (serial) DO NOTHING RETURNING serial`,
      [wanted, kind, columns.batchId ?? null, columns.storeId ?? null, columns.createdBy ?? null, columns.amount?.toString() ?? null, columns.expiresAt?.toISOString() ?? null],
    );
    written.push(...rows.map((r) => r.serial));
  }
  return written;
}

/**
 * The serial a person named by scanning or typing (services/emvco.ts namedSerial, which the app
 * reads too): an EMVCo payload not of this wallet, or a typed text that is no serial, is MCH10006
 * (`subMsg` the payload's refusal).
 */
export function serialOfScanned(code: string): { serial: string; payloadKind: 'static' | 'dynamic' | null } {
  const named = namedSerial(code);
  if (!named.ok) throw new DomainError(MERCHANT_CODES.codeUnknown, 200, named.refusal);
  return { serial: named.serial, payloadKind: named.payloadKind };
}
