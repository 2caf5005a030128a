import crypto from 'node:crypto';
import type { Queryable } from '../../db/index.ts';
import { DomainError } from '../../errors.ts';
import { ACCOUNT_CODES } from '../../../services/contract/answerCodes.ts';

export const KEYPAD_LIFETIME_SECONDS = 300;

/** A one-time RSA-OAEP key pair and a shuffled 0–9 map; the private key waits in the database for one use. */
export async function issueKeypad(tx: Queryable, memberId: string) {
  const { publicKey, privateKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
  const map = Array.from({ length: 10 }, (_, i) => i);
  for (let i = map.length - 1; i > 0; i--) {
    const j = crypto.randomInt(0, i + 1);
    [map[i], map[j]] = [map[j]!, map[i]!];
  }
  const id = crypto.randomUUID();
  await tx.query(
    `INSERT INTO keypad_keys (id, member_id, private_key, digit_map, expires_at)
     VALUES ($1, $2, $3, $4, now() + make_interval(secs => $5))`,
    [id, memberId, privateKey.export({ type: 'pkcs8', format: 'pem' }), map.join(''), KEYPAD_LIFETIME_SECONDS],
  );
  return {
    randKey: id,
    rsaPublicKey: publicKey.export({ type: 'spki', format: 'der' }).toString('base64'),
    mapArr: map,
    expiresInSeconds: KEYPAD_LIFETIME_SECONDS,
  };
}

/**
 * Decrypts an entry with its one-time key and maps the pressed positions back to digits. The key
 * is burnt in the same statement that reads it, so a replayed cipher finds nothing.
 */
export async function readKeypadEntry(tx: Queryable, memberId: string, entry: { randKey: string; cipher: string }): Promise<string> {
  const { rows } = await tx.query<{ private_key: string; digit_map: string }>(
    `UPDATE keypad_keys k SET used_at = now(), private_key = NULL
       FROM (SELECT id, private_key AS key_pem FROM keypad_keys WHERE id = $1 FOR UPDATE) old
      WHERE k.id = old.id AND k.member_id = $2 AND k.used_at IS NULL AND k.expires_at > now()
      RETURNING old.key_pem AS private_key, k.digit_map`,
    [entry.randKey, memberId],
  );
  const key = rows[0];
  if (!key?.private_key) throw new DomainError(ACCOUNT_CODES.keypadExpired);
  let positions: string;
  try {
    positions = crypto
      .privateDecrypt({ key: key.private_key, padding: crypto.constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(entry.cipher, 'base64'))
      .toString('utf8');
  } catch {
    throw new DomainError(ACCOUNT_CODES.keypadExpired);
  }
  if (!/^\d{6}$/.test(positions)) throw new DomainError(ACCOUNT_CODES.keypadExpired);
  return [...positions].map((p) => key.digit_map[Number(p)]).join('');
}

/** Too easy to guess (one digit six times, a straight run, a repeated half/third): the rule the client checks too, from one module. */
export { isWeakPin } from '../../../src/lib/payPin.ts';
