/**
 * Where a caller's alert stream stands, carried by the client between calls (the server keeps no
 * state per listener): every payment the caller can see that was created at or after `since` and
 * is listed in `seen` has been delivered; everything created before `since` has too. A payment is
 * new when it is visible, created at or after `since`, and not in `seen` — whatever order the
 * payments' transactions committed in, which an id or a time alone cannot tell (a payment with a
 * lower id may commit after one with a higher id).
 *
 * `since` trails the database's clock by GRACE_MS: a payment whose transaction began more than that
 * before a call and committed after it would be missed. Payment transactions last milliseconds
 * (one statement for scan to pay); the grace is two minutes.
 *
 * Written `v1.<since ms, base 36>.<first id, base 36>.<gaps…>`: sorted ids as differences, short.
 */
export const GRACE_MS = 120_000;

export interface AlertCursor {
  since: number;
  seen: bigint[];
}

export function encodeCursor(cursor: AlertCursor): string {
  const ids = [...cursor.seen].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const parts = ids.map((id, i) => (i === 0 ? id : id - ids[i - 1]!).toString(36));
  return ['v1', cursor.since.toString(36), ...parts].join('.');
}

/** Payment ids are PostgreSQL bigints: a cursor naming a larger one is not one of ours. */
const MAX_ID = 2n ** 63n - 1n;

/** The cursor a client sent, or null when it is not one of ours. */
export function decodeCursor(text: string): AlertCursor | null {
  const [version, since, ...parts] = text.split('.');
  if (version !== 'v1' || !since || !/^[0-9a-z]{1,12}$/.test(since)) return null;
  if (!parts.every((part) => /^[0-9a-z]{1,13}$/.test(part))) return null;
  const seen: bigint[] = [];
  let previous = 0n;
  for (const part of parts) {
    let value = 0n;
    for (const digit of part) value = value * 36n + BigInt(parseInt(digit, 36));
    previous = seen.length === 0 ? value : previous + value;
    if (previous > MAX_ID) return null;
    seen.push(previous);
  }
  return { since: parseInt(since, 36), seen };
}
