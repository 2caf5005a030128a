import { LEDGER_CODES } from '../../services/contract/answerCodes.ts';
import type { Queryable } from '../db/index.ts';
import { DomainError } from '../errors.ts';

/**
 * Payee look-ups: every answer that tells a member whose name is behind a number or a code (the
 * transfer's payee check, a star, a scanned receive code) is counted here, in one budget, so names
 * cannot be scraped by going through another door.
 */

/** Payee lookups a member may make within an hour of their first: plenty to pay people, too few to scrape names. */
export const PAYEE_LOOKUPS_PER_HOUR = 30;

/** Counts one lookup; refuses with the minutes left in the window once the hour's lookups are spent. */
export async function countPayeeLookup(db: Queryable, memberId: string): Promise<void> {
  const { rows } = await db.query<{ lookups: number; minutes_left: number }>(
    `INSERT INTO payee_lookup_usage AS u (member_id, window_start, lookups) VALUES ($1, now(), 1)
     ON CONFLICT (member_id) DO UPDATE SET
       lookups = CASE WHEN u.window_start > now() - interval '1 hour' THEN u.lookups + 1 ELSE 1 END,
       window_start = CASE WHEN u.window_start > now() - interval '1 hour' THEN u.window_start ELSE now() END
     RETURNING lookups, ceil(extract(epoch FROM window_start + interval '1 hour' - now()) / 60)::int AS minutes_left`,
    [memberId],
  );
  const usage = rows[0]!;
  if (usage.lookups > PAYEE_LOOKUPS_PER_HOUR) throw new DomainError(LEDGER_CODES.payeeLookupsExhausted, 200, String(usage.minutes_left));
}
