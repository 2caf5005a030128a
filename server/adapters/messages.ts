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

/** Delivers what is waiting, once each: rows are claimed with SKIP LOCKED so several gateways can share the work. */
export async function deliverPending(db: { transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T> }, provider: MessageProvider, limit = 50): Promise<number> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ id: string; channel: 'sms' | 'email'; destination: string; language: string; body: string }>(
      `SELECT id, channel, destination, language, body FROM outbox_messages
        WHERE delivered_at IS NULL ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED`,
      [limit],
    );
    for (const row of rows) {
      await provider.deliver(row);
      await tx.query('UPDATE outbox_messages SET delivered_at = now(), provider = $2 WHERE id = $1', [row.id, provider.name]);
    }
    return rows.length;
  });
}
