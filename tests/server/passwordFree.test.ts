/**
 * Password-free payments (pay/passwordFree/query|set, `agreement/nopwd`): off by default; switched
 * on with a limit within the cap (PASSWORD_FREE_CAP_KZ, 5 000 Kz by default), confirmed with the
 * pay password for exactly that setting; switched off without it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, envelope, startTestServer, type TestServer } from '../support/server.ts';
import { payTokenByKeypad, payTokenDirect, verifyMember } from '../support/money.ts';
import type { Answer } from '../support/merchant.ts';
import { readConfig } from '../../server/config.ts';

const SET = 'pay/passwordFree/set';
const CAP = 500_000; // 5 000 Kz

describe('the password-free cap', () => {
  it('is 5 000 Kz unless PASSWORD_FREE_CAP_KZ says otherwise', () => {
    expect(readConfig({}).merchant.passwordFreeCap).toBe(CAP);
    expect(readConfig({ PASSWORD_FREE_CAP_KZ: '2500.5' }).merchant.passwordFreeCap).toBe(250_050);
  });
});

describe.each(engines)('password-free payments on %s', (engine) => {
  let server: TestServer;
  let ana: string;
  let anaId: string;
  beforeAll(async () => {
    server = await startTestServer(engine);
    anaId = await verifyMember(server.db, '+244923000001', 'Ana Maria Demo');
    ana = await server.memberToken('+244923000001');
  });
  afterAll(() => server.close());

  const send = async (service: string, bizContent: object, token = ana): Promise<Answer> =>
    (await server.app.inject({ method: 'POST', url: '/gatewayinner/api', payload: envelope(service, bizContent, { token }, 'en') })).json();
  const query = async () => (await send('pay/passwordFree/query', {})).bizContent;
  const switchOn = async (limit: number, payToken?: string) =>
    send(SET, { enabled: true, limit, payToken: payToken ?? await payTokenDirect(server.db, anaId, { service: SET, amount: limit, counterparty: 'passwordFree' }) });

  it('is off until the member switches it on', async () => {
    expect(await query()).toEqual({ enabled: false, limit: 0, cap: CAP });
  });

  it('switches on with the pay password, for that limit', async () => {
    const payToken = await payTokenByKeypad(server, ana, { service: SET, amount: 200_000, counterparty: 'passwordFree' });
    expect((await switchOn(300_000, payToken)).code).toBe('FND10008'); // confirmed for another limit
    const on = await switchOn(200_000, payToken);
    expect(on.code).toBe('S0001');
    expect(on.bizContent).toEqual({ enabled: true, limit: 200_000, cap: CAP });
    expect(await query()).toEqual({ enabled: true, limit: 200_000, cap: CAP });
    expect((await switchOn(200_000, payToken)).code).toBe('FND10008'); // spent
  });

  it('refuses a limit above the cap (MCH10015) and limits that are not amounts (AGW10003), changing nothing', async () => {
    const over = await switchOn(CAP + 1);
    expect([over.code, over.subMsg]).toEqual(['MCH10015', String(CAP)]);
    for (const limit of [0, -1, 10.5]) expect((await send(SET, { enabled: true, limit, payToken: 'x'.repeat(30) })).code, String(limit)).toBe('AGW10003');
    expect((await send(SET, { enabled: true, limit: 1_000 })).code).toBe('AGW10003'); // no confirmation
    expect(await query()).toEqual({ enabled: true, limit: 200_000, cap: CAP });
    expect((await switchOn(CAP)).bizContent).toEqual({ enabled: true, limit: CAP, cap: CAP }); // the cap itself is allowed
  });

  it('switches off without the pay password, keeping the limit to offer next time', async () => {
    const off = await send(SET, { enabled: false });
    expect(off.bizContent).toEqual({ enabled: false, limit: CAP, cap: CAP });
    expect(await query()).toEqual({ enabled: false, limit: CAP, cap: CAP });
  });

  it('answers only the member’s own setting', async () => {
    await verifyMember(server.db, '+244943000002', 'Bruno Manuel Demo');
    expect((await send('pay/passwordFree/query', {}, await server.memberToken('+244943000002'))).bizContent).toEqual({ enabled: false, limit: 0, cap: CAP });
  });
});
