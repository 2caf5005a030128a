import type { Database } from '../db/index.ts';
import { deliverPending, type MessageProvider } from '../adapters/messages.ts';

/** Delivers queued SMS and e-mail every half second; rows wait in Postgres across restarts. */
export function startOutboxDelivery(db: Database, provider: MessageProvider, log: { error(obj: unknown, msg: string): void }, everyMs = 500): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    deliverPending(db, provider)
      .catch((error) => log.error({ err: error }, 'outbox delivery failed; will retry'))
      .finally(() => (running = false));
  }, everyMs);
  return () => clearInterval(timer);
}
