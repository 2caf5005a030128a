import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliverPending, enqueueMessage } from '../../server/adapters/messages.ts';
import { logProvider } from '../../server/adapters/logMessageProvider.ts';
import { engines, startTestServer, type TestServer } from '../support/server.ts';

describe.each(engines)('message outbox on %s', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine);
  });
  afterAll(() => server.close());

  it('delivers each queued message once, and a rolled-back change sends nothing', async () => {
    const lines: string[] = [];
    const provider = logProvider({ info: (line) => void lines.push(line) }, { redactCodes: false });
    await server.db.transaction(async (tx) => enqueueMessage(tx, { channel: 'sms', destination: '+244923000001', language: 'pt', body: 'código 123456' }));
    await server.db
      .transaction(async (tx) => {
        await enqueueMessage(tx, { channel: 'sms', destination: '+244923000001', language: 'pt', body: 'never sent 999999' });
        throw new Error('the change failed');
      })
      .catch(() => undefined);
    expect(await deliverPending(server.db, provider)).toBe(1);
    expect(await deliverPending(server.db, provider)).toBe(0);
    expect(lines).toEqual(['[outbox] sms to +244923000001: código 123456']);
  });

  it('masks codes in the log in production mode', async () => {
    const lines: string[] = [];
    const provider = logProvider({ info: (line) => void lines.push(line) }, { redactCodes: true });
    await server.db.transaction(async (tx) => enqueueMessage(tx, { channel: 'sms', destination: '+244923000001', language: 'pt', body: 'o seu código é 654321' }));
    await deliverPending(server.db, provider);
    expect(lines).toEqual(['[outbox] sms to +244923000001: o seu código é ••••••']);
  });
});
