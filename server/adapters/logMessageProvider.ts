import type { MessageProvider } from './messages.ts';

/**
 * The local provider: prints each message to the server log. In production mode codes never reach
 * the log (digit runs are masked): a production deployment configures a real gateway instead.
 */
export function logProvider(log: { info(message: string): void }, options: { redactCodes: boolean }): MessageProvider {
  return {
    name: 'log',
    async deliver(message) {
      const body = options.redactCodes ? message.body.replace(/\d{4,}/g, (digits) => '•'.repeat(digits.length)) : message.body;
      log.info(`[outbox] ${message.channel} to ${message.destination}: ${body}`);
    },
  };
}
