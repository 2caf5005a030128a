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

  /** A provider that keeps what it sent, failing for the bodies `refuses` names while it says so. */
  const recording = (refuses: { bodies: Set<string> } = { bodies: new Set() }) => {
    const sent: string[] = [];
    return {
      sent,
      provider: {
        name: 'recording',
        async deliver(message: { body: string }) {
          await new Promise((resolve) => setTimeout(resolve, 2));
          if (refuses.bodies.has(message.body)) throw new Error(`provider refused ${message.body}`);
          sent.push(message.body);
        },
      },
    };
  };
  const queue = (bodies: string[]) => server.db.transaction(async (tx) => {
    for (const body of bodies) await enqueueMessage(tx, { channel: 'sms', destination: '+244923000009', language: 'pt', body });
  });

  it('a message the provider refuses waits its turn, with its error, without holding back the others; once due again it goes, once', async () => {
    const refuses = { bodies: new Set(['b']) };
    const { sent, provider } = recording(refuses);
    await queue(['a', 'b', 'c']);
    expect(await deliverPending(server.db, provider)).toBe(2);
    expect(sent).toEqual(['a', 'c']);
    const { rows: [waiting] } = await server.db.query<{ attempts: number; last_error: string; due: boolean }>(
      "SELECT attempts, last_error, claimed_until > now() AS due FROM outbox_messages WHERE body = 'b' AND destination = '+244923000009'",
    );
    expect(waiting).toEqual({ attempts: 1, last_error: 'provider refused b', due: true });
    // not before its wait is over
    expect(await deliverPending(server.db, provider)).toBe(0);
    refuses.bodies.clear();
    await server.db.query("UPDATE outbox_messages SET claimed_until = now() - interval '1 second' WHERE body = 'b' AND destination = '+244923000009'");
    expect(await deliverPending(server.db, provider)).toBe(1);
    expect(await deliverPending(server.db, provider)).toBe(0);
    expect(sent).toEqual(['a', 'c', 'b']);
  });

  it.runIf(engine === 'postgres')('two gateways delivering at once send each message once', async () => {
    const bodies = Array.from({ length: 60 }, (_, i) => `m${i}`);
    await queue(bodies);
    const one = recording();
    const two = recording();
    const gateways = (provider: typeof one.provider) => (async () => {
      while ((await deliverPending(server.db, provider, 7)) > 0);
    })();
    await Promise.all([gateways(one.provider), gateways(two.provider)]);
    expect([...one.sent, ...two.sent].toSorted()).toEqual(bodies.toSorted());
    expect(one.sent.length).toBeGreaterThan(0);
    expect(two.sent.length).toBeGreaterThan(0);
  });

  it('masks codes in the log in production mode', async () => {
    const lines: string[] = [];
    const provider = logProvider({ info: (line) => void lines.push(line) }, { redactCodes: true });
    await server.db.transaction(async (tx) => enqueueMessage(tx, { channel: 'sms', destination: '+244923000001', language: 'pt', body: 'o seu código é 654321' }));
    await deliverPending(server.db, provider);
    expect(lines).toEqual(['[outbox] sms to +244923000001: o seu código é ••••••']);
  });
});
