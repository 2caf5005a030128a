import type { Database, Queryable } from '../db/index.ts';
import { DomainError } from '../errors.ts';
import { ACCOUNT_CODES } from '../../services/contract/answerCodes.ts';
import type { CaptchaPass } from './captcha.ts';

/**
 * Every call that tells a registered number or e-mail from an unregistered one (recovery's and
 * log-in's account questions, the sign-up code's REG10001, the log-in code's ACC10001, a new
 * number's MOB10001) is counted here, per address and per number over the last hour. Past the free look-ups an address needs
 * a solved captcha for each further one, then stops: mobile carriers put many subscribers behind
 * one address, so people there meet the captcha long before the stop, while a script meets both.
 * One number looked up from many addresses is being targeted: it stops without a captcha. The same
 * number asked again from the same address within the hour tells nothing new (a resend, a retry):
 * it is not counted again.
 */
export const LOOKUP_POLICY = { freePerAddress: 10, maxPerAddress: 60, maxPerSubject: 10, windowMinutes: 60 } as const;

interface LookupCounts { by_address: number; by_subject: number; address_minutes: number | null; subject_minutes: number | null }

async function lookupCounts(db: Queryable, clientIp: string, subject: string): Promise<LookupCounts> {
  const { rows } = await db.query<LookupCounts>(
    `SELECT count(*) FILTER (WHERE client_ip = $1)::int AS by_address,
            count(*) FILTER (WHERE subject = $2)::int AS by_subject,
            ceil(extract(epoch FROM min(created_at) FILTER (WHERE client_ip = $1) + make_interval(mins => $3) - now()) / 60)::int AS address_minutes,
            ceil(extract(epoch FROM min(created_at) FILTER (WHERE subject = $2) + make_interval(mins => $3) - now()) / 60)::int AS subject_minutes
       FROM security_events
      WHERE kind = 'accountLookup' AND (client_ip = $1 OR subject = $2) AND created_at > now() - make_interval(mins => $3)`,
    [clientIp, subject, LOOKUP_POLICY.windowMinutes],
  );
  return rows[0]!;
}

/** Whether this address's next look-up needs a captcha (for `preCheckCaptchaCode` with scene `lookup`). */
export async function isLookupCaptchaRequired(db: Queryable, clientIp: string): Promise<boolean> {
  return (await lookupCounts(db, clientIp, '')).by_address >= LOOKUP_POLICY.freePerAddress;
}

/**
 * Counts one look-up of `subject` (a normalised mobile or e-mail) from `clientIp`, or refuses:
 * ACC10002 (`subMsg`: minutes until the oldest counted look-up leaves the hour) at a stop,
 * CAP10001 past the free ones without an unused captcha token. A refused look-up is not counted.
 */
export async function countAccountLookup(db: Database, clientIp: string, subject: string, pass: CaptchaPass): Promise<void> {
  await db.transaction(async (tx) => {
    // one address's look-ups, and one number's, queue here, so parallel requests cannot all pass the count
    await tx.query('SELECT pg_advisory_xact_lock(hashtext($1)), pg_advisory_xact_lock(hashtext($2))', [`lookup-ip:${clientIp}`, `lookup-subject:${subject}`]);
    const again = await tx.query(
      "SELECT 1 FROM security_events WHERE kind = 'accountLookup' AND client_ip = $1 AND subject = $2 AND created_at > now() - make_interval(mins => $3) LIMIT 1",
      [clientIp, subject, LOOKUP_POLICY.windowMinutes],
    );
    if (again.rows.length > 0) return;
    const counts = await lookupCounts(tx, clientIp, subject);
    if (counts.by_subject >= LOOKUP_POLICY.maxPerSubject) throw new DomainError(ACCOUNT_CODES.accountLookupsExhausted, 200, String(Math.max(1, counts.subject_minutes ?? 1)));
    if (counts.by_address >= LOOKUP_POLICY.maxPerAddress) throw new DomainError(ACCOUNT_CODES.accountLookupsExhausted, 200, String(Math.max(1, counts.address_minutes ?? 1)));
    if (counts.by_address >= LOOKUP_POLICY.freePerAddress) await pass.spend(tx);
    await tx.query("INSERT INTO security_events (client_ip, kind, subject) VALUES ($1, 'accountLookup', $2)", [clientIp, subject]);
  });
}
