import type { Queryable } from '../db/index.ts';

export interface OutgoingMessage {
  channel: 'sms' | 'email';
  destination: string;
  language: string;
  body: string;
}

/**
 * Sends SMS and e-mail. Every message is first written to `outbox_messages` in the caller's
 * transaction, so a rolled-back change never sends anything. The local provider delivers by
 * printing to the server log (`logProvider`, logMessageProvider.ts; the dev-only /dev/outbox page
 * reads the table); a real SMS or mail gateway implements `deliver`. The provider is given to the
 * outbox job (jobs/outbox.ts), never to a handler.
 */
export interface MessageProvider {
  name: string;
  deliver(message: OutgoingMessage): Promise<void>;
}

export async function enqueueMessage(tx: Queryable, message: OutgoingMessage): Promise<string> {
  const { rows } = await tx.query<{ id: string }>(
    'INSERT INTO outbox_messages (channel, destination, language, body) VALUES ($1, $2, $3, $4) RETURNING id',
    [message.channel, message.destination, message.language, message.body],
  );
  return rows[0]!.id;
}

/** How long a claimed message is another gateway's to leave alone; after a failed try, when it is tried again. */
export const OUTBOX_CLAIM_SECONDS = 30;

/**
 * Delivers what is waiting. A batch is claimed in one statement (SKIP LOCKED, then a lease of
 * OUTBOX_CLAIM_SECONDS), so several gateways take different messages; each message is marked
 * delivered as soon as the provider took it, so a crash resends at most the one in hand. A message
 * the provider refuses keeps its lease as its wait and its error, and the others go on.
 */
export async function deliverPending(db: Queryable, provider: MessageProvider, limit = 50): Promise<number> {
  const { rows } = await db.query<{ id: string; channel: 'sms' | 'email'; destination: string; language: string; body: string }>(
    `UPDATE outbox_messages SET claimed_until = now() + make_interval(secs => $2), attempts = attempts + 1
      WHERE id IN (SELECT id FROM outbox_messages
                    WHERE delivered_at IS NULL AND (claimed_until IS NULL OR claimed_until <= now())
                    ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED)
      RETURNING id, channel, destination, language, body`,
    [limit, OUTBOX_CLAIM_SECONDS],
  );
  let delivered = 0;
  for (const row of rows.sort((a, b) => Number(a.id) - Number(b.id))) {
    try {
      await provider.deliver(row);
    } catch (error) {
      await db.query('UPDATE outbox_messages SET last_error = $2 WHERE id = $1', [row.id, String((error as Error)?.message ?? error).slice(0, 500)]);
      continue;
    }
    await db.query('UPDATE outbox_messages SET delivered_at = now(), provider = $2, claimed_until = NULL, last_error = NULL WHERE id = $1', [row.id, provider.name]);
    delivered++;
  }
  return delivered;
}
