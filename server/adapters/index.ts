import type { BankAdapter } from './bank.ts';
import type { IdentityRegistry } from './identityRegistry.ts';
import type { FileStorage } from './storage.ts';

/**
 * The outside world the handlers reach, as interfaces: chosen once where the server is started
 * (server/main.ts, tests/support/server.ts: `localAdapters`, simulators with their own tables and
 * disk storage) and passed in `AppDeps`, so a production provider replaces a simulator without a
 * domain changing. SMS and e-mail are not here on purpose: a handler only queues a message in the
 * outbox, in its own transaction, so a rolled-back change sends nothing (adapters/messages.ts); the
 * message provider that delivers it is given to the outbox job (jobs/outbox.ts) by server/main.ts.
 */
export interface Adapters {
  bank: BankAdapter;
  identityRegistry: IdentityRegistry;
  storage: FileStorage;
}
