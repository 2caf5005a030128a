/**
 * A database that goes away under a call (a failover: issue 27). The gateway cannot know whether a
 * COMMIT landed, so it answers AGW50300 (503, Retry-After) instead of AGW50000, and the app sends the
 * same request again; a money call's requestNo then answers what was done, once. Another error is
 * still AGW50000.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, envelope, startTestServer, type TestServer } from '../support/server.ts';
import { fund, payTokenDirect, verifyMember } from '../support/money.ts';
import { isConnectionLoss } from '../../server/db/index.ts';

type Answer = { code: string; bizContent: { transferId?: string } | null };
const lost = () => Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });

describe('what counts as the database gone away', () => {
  it('connection exceptions, shutdowns, a read-only standby and lost sockets; not a constraint or a syntax error', () => {
    for (const code of ['08006', '08001', '57P01', '57P02', '57P03', '25006', 'ECONNREFUSED', 'ECONNRESET']) expect(isConnectionLoss({ code }), code).toBe(true);
    expect(isConnectionLoss(new Error('Connection terminated unexpectedly'))).toBe(true);
    for (const code of ['23505', '42601', '40001', 'P0001']) expect(isConnectionLoss({ code }), code).toBe(false);
    expect(isConnectionLoss(new Error('boom'))).toBe(false);
    expect(isConnectionLoss(undefined)).toBe(false);
  });
});

describe.each(engines)('the database gone away under a call on %s', (engine) => {
  let server: TestServer;
  let ana: string, anaId: string;
  beforeAll(async () => {
    server = await startTestServer(engine);
    anaId = await verifyMember(server.db, '+244923000001', 'Ana Maria Demo');
    await verifyMember(server.db, '+244943000002', 'Bruno Manuel Demo');
    ana = await server.memberToken('+244923000001');
    await fund(server.db, anaId, 10_000n * 100n);
  }, 60_000);
  afterAll(() => server.close());

  const post = (service: string, bizContent: object, requestNo?: string) => {
    const payload = envelope(service, bizContent, { token: ana }, 'en');
    if (requestNo) payload.requestNo = requestNo;
    return server.app.inject({ method: 'POST', url: '/gatewayinner/api', payload });
  };
  const available = async () =>
    Number((await server.db.query<{ balance: string }>("SELECT balance::text FROM ledger_accounts WHERE member_id = $1 AND kind = 'available'", [anaId])).rows[0]!.balance);

  it('answers AGW50300 with 503 and Retry-After; any other failure stays AGW50000', async () => {
    const query = server.db.query;
    try {
      server.db.query = async () => { throw lost(); };
      const gone = await post('wallet/transfer/queryPayee', { mobile: '943000002' });
      expect(gone.statusCode).toBe(503);
      expect(gone.headers['retry-after']).toBe('1');
      expect(gone.json()).toMatchObject({ code: 'AGW50300', msg: 'The service is briefly unavailable. Please try again in a moment.', bizContent: null });
      server.db.query = async () => { throw new Error('a bug'); };
      const broken = await post('wallet/transfer/queryPayee', { mobile: '943000002' });
      expect(broken.statusCode).toBe(500);
      expect(broken.json()).toMatchObject({ code: 'AGW50000' });
    } finally {
      server.db.query = query;
    }
  });

  it('a transfer whose answer was lost after it was made: AGW50300, then the same requestNo answers it, the money moved once', async () => {
    const before = await available();
    const payToken = await payTokenDirect(server.db, anaId, { service: 'wallet/transfer/doTransfer', amount: 12_300, counterparty: '943000002' });
    const requestNo = `R${Date.now()}lost`;
    const query = server.db.query;
    let cut = false;
    // the statement runs and commits; the connection is lost before its result comes back
    server.db.query = (async (sql: string, params?: unknown[], options?: unknown) => {
      const result = await query(sql, params, options as never);
      if (!cut && sql.includes('wallet_transfer_in_session')) {
        cut = true;
        throw lost();
      }
      return result;
    }) as typeof query;
    try {
      const first = await post('wallet/transfer/doTransfer', { mobile: '943000002', amount: 12_300, payToken }, requestNo);
      expect(first.statusCode).toBe(503);
      expect((first.json() as Answer).code).toBe('AGW50300');
    } finally {
      server.db.query = query;
    }
    expect(cut).toBe(true);
    const again = (await post('wallet/transfer/doTransfer', { mobile: '943000002', amount: 12_300, payToken }, requestNo)).json() as Answer;
    expect(again.code).toBe('S0001');
    const third = (await post('wallet/transfer/doTransfer', { mobile: '943000002', amount: 12_300, payToken }, requestNo)).json() as Answer;
    expect(third.bizContent!.transferId).toBe(again.bizContent!.transferId);
    expect(await available()).toBe(before - 12_300);
  });
});
