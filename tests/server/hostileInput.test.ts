import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contractList } from '../../services/contract/index.ts';
import { engines, envelope, startTestServer, type TestServer } from '../support/server.ts';
import { operatorToken } from '../support/operator.ts';
import { numberFieldPaths, objectAt, sampleRequest, textFieldPaths, withValueAt } from '../support/contractFields.ts';

/**
 * What an outside tester sends: a NUL byte in every text field of every contract, text far longer
 * than any field, numbers past every range, on every route family. Nothing may answer 5xx; every
 * refusal is coded. The cases are generated from the contracts, so a new call is covered the day
 * it is added.
 */
const NUL_TEXT = 'a\u0000b';
const LONG_TEXT = 'x'.repeat(60_000);
const HOSTILE_NUMBERS = [2 ** 63, 1e300, -1, 0.5, Number.MAX_SAFE_INTEGER + 2];

const textCases = contractList.flatMap(({ contract }) => textFieldPaths(contract.request).map((path) => ({ contract, path })));
const numberCases = contractList.flatMap(({ contract }) => numberFieldPaths(contract.request).map((path) => ({ contract, path })));

describe('the generated cases', () => {
  it('reach every contract with a text field, and most contracts with an otherwise valid request', () => {
    const fields = new Set(textCases.map(({ contract, path }) => `${contract.name} ${path.join('.')}`));
    // the fields an outside tester found answering 500 with a NUL are among them
    for (const field of ['wechat/login/getMemberTypeAndOperators login', 'wallet/transfer/doTransfer note', 'pay/paymentCode/issue deviceId', 'fund/withdraw/queryBranches city',
      'merchant/store/save name', 'merchant/store/save address', 'merchant/store/save description', 'subMerchant/register/apply name', 'appRegisterAction/apply company.name',
      'appRegisterAction/apply basicInfo.address', 'platform/member/lookup query', 'platform/audit/query subjectId', 'platform/verification/decide reason']) {
      expect(fields, field).toContain(field);
    }
    expect(new Set(textCases.map(({ contract }) => contract.name)).size).toBeGreaterThan(85);
    expect(textCases.length).toBeGreaterThan(180);
    const sampled = contractList.filter(({ contract }) => sampleRequest(contract.request) !== undefined);
    expect(sampled.length / contractList.length).toBeGreaterThan(0.9);
  });
});

describe.each(engines)('hostile input on %s', (engine) => {
  let server: TestServer;
  let operator: string;
  beforeAll(async () => {
    server = await startTestServer(engine);
    operator = await operatorToken(server);
  }, 120_000);
  afterAll(() => server.close());

  /** A fresh session per call: a call such as `common/logout` must not spoil the next one. */
  const tokenFor = async (audience: string, name: string) => {
    if (audience === 'operator') return { token: operator, type: 'SSO-AUTH' };
    if (audience === 'public') return {};
    return { token: await server.memberToken(name.startsWith('merchant/') || name.startsWith('subMerchant') ? 'loja@demo.ao' : '+244923000001'), type: 'LOGIN_TOKEN' };
  };
  const gateway = (payload: object) => server.app.inject({ method: 'POST', url: '/gatewayinner/api', payload });

  it('refuses a NUL in every text field of every contract as invalid parameters, naming the field', async () => {
    const answered: string[] = [];
    for (const { contract, path } of textCases) {
      const auth = await tokenFor(contract.audience, contract.name);
      const base = sampleRequest(contract.request) ?? {};
      const res = await gateway(envelope(contract.name, withValueAt(base, path, NUL_TEXT) as object, auth));
      answered.push(`${contract.name} ${path.join('.')} → ${res.statusCode} ${res.json().code}`);
      expect.soft(res.statusCode, answered.at(-1)).toBeLessThan(500);
      expect.soft(res.json(), answered.at(-1)).toMatchObject({ code: 'AGW10003', subMsg: path.join('.'), bizContent: null });
    }
  }, 300_000);

  it('refuses a NUL through the legacy transport, in its query string and its body', async () => {
    const viaQuery = await server.app.inject({ method: 'GET', url: '/api/ccservice/wechat/login/getMemberTypeAndOperators?login=9230%0000001' });
    expect(viaQuery.statusCode).toBe(400);
    expect(viaQuery.json()).toMatchObject({ status: 'AGW10003', body: null });
    const viaBody = await server.app.inject({ method: 'POST', url: '/api/ccservice/wechat/merchantCooperation/checkCaptchaCode', payload: { captchaId: crypto.randomUUID(), answer: 'ab\u0000c' } });
    expect(viaBody.json()).toMatchObject({ status: 'AGW10003' });
    // a NUL in a key is as bad as one in a value
    const inKey = await gateway(envelope('wallet/transfer/doTransfer', { ['no\u0000te']: 'x' }, await tokenFor('member', 'x')));
    expect(inKey.json()).toMatchObject({ code: 'AGW10003' });
  });

  it('refuses a NUL in the tracker, the uploads and a platform file id without reaching the database', async () => {
    const before = Number((await server.db.query<{ n: string }>('SELECT (SELECT count(*) FROM tracker_page_views) + (SELECT count(*) FROM tracker_clicks) AS n')).rows[0]!.n);
    expect((await server.app.inject({ method: 'GET', url: '/track/pv.gif?title=a%00b' })).statusCode).toBe(400);
    expect((await server.app.inject({ method: 'POST', url: '/track/click', payload: { key: 'a\u0000b' } })).statusCode).toBe(400);
    const after = Number((await server.db.query<{ n: string }>('SELECT (SELECT count(*) FROM tracker_page_views) + (SELECT count(*) FROM tracker_clicks) AS n')).rows[0]!.n);
    expect(after).toBe(before);

    const form = new FormData();
    form.append('bizType', 'Photo\u0000copies');
    form.append('sysCode', 'gateway-inner');
    form.append('requestBaseStr', JSON.stringify(envelope('uploadFile', {}, { token: await server.memberToken('loja@demo.ao') })));
    form.append('file', new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], { type: 'image/png' }), 'a.png');
    const response = new Response(form);
    const upload = await server.app.inject({ method: 'POST', url: '/gatewayinner/uploadFile', payload: Buffer.from(await response.arrayBuffer()), headers: { 'content-type': response.headers.get('content-type')! } });
    expect(upload.statusCode).toBe(400);
    expect(upload.json()).toMatchObject({ code: 'AGW10003', subMsg: 'bizType' });

    const file = await server.app.inject({ method: 'GET', url: '/platform/files/a%00b', headers: { 'sso-auth-token': operator } });
    expect(file.statusCode).toBe(400);
  });

  it('answers every contract given text far longer than any field without a 5xx', async () => {
    for (const { contract, path } of textCases) {
      const base = sampleRequest(contract.request);
      if (base === undefined) continue;
      const res = await gateway(envelope(contract.name, withValueAt(base, path, LONG_TEXT) as object, await tokenFor(contract.audience, contract.name)));
      expect.soft(res.statusCode, `${contract.name} ${path.join('.')}: ${res.body.slice(0, 200)}`).toBeLessThan(500);
    }
  }, 300_000);

  it('answers every contract given numbers past every range without a 5xx', async () => {
    for (const { contract, path } of numberCases) {
      const base = sampleRequest(contract.request);
      if (base === undefined) continue;
      for (const value of HOSTILE_NUMBERS) {
        const res = await gateway(envelope(contract.name, withValueAt(base, path, value) as object, await tokenFor(contract.audience, contract.name)));
        expect.soft(res.statusCode, `${contract.name} ${path.join('.')} = ${value}: ${res.body.slice(0, 200)}`).toBeLessThan(500);
      }
    }
  }, 300_000);

  it('refuses a platform file id that is not a UUID, however it is shaped, with a 404 and no 500', async () => {
    for (const id of ['-'.repeat(36), 'f'.repeat(36), '0-0-0-0-0-0-0-0-0-0-0-0-0-0-0-0-0-0-0', '{00000000-0000-0000-0000-000000000000}', '00000000000000000000000000000000', 'zzzzzzzz-zzzz-zzzz-zzzz-zzzzzzzzzzzz']) {
      const res = await server.app.inject({ method: 'GET', url: `/platform/files/${encodeURIComponent(id)}`, headers: { 'sso-auth-token': operator } });
      expect(res.statusCode, id).toBe(404);
    }
    const unknown = await server.app.inject({ method: 'GET', url: `/platform/files/${crypto.randomUUID()}`, headers: { 'sso-auth-token': operator } });
    expect(unknown.statusCode).toBe(404);
  });

  it('refuses an alerts cursor past the range of a payment id as invalid parameters', async () => {
    const auth = await tokenFor('member', 'merchant/alerts/wait');
    for (const after of [`v1.${Date.now().toString(36)}.zzzzzzzzzzzzz`, `v1.${Date.now().toString(36)}.1y2p0ij32e8e7.1`, 'v1.zzzzzzzzzzzz.1']) {
      const res = await gateway(envelope('merchant/alerts/wait', { after }, auth));
      expect(res.statusCode, after).toBeLessThan(500);
      // an id past 2^63 - 1 (13 base-36 digits reach 1.7e20); a time past the clock is only clamped
      if (!after.startsWith('v1.zzz')) expect(res.json(), after).toMatchObject({ code: 'AGW10003', subMsg: 'after' });
    }
  });

  it('reads 1e3 in JSON as the number 1000 (it is one), and refuses amounts written as text or with a fraction of a cêntimo', async () => {
    const auth = await tokenFor('member', 'wallet/transfer/doTransfer');
    const raw = (amount: string) => {
      const body = JSON.stringify(envelope('wallet/transfer/doTransfer', { mobile: '943000002', amount: 0, note: '', payToken: 'x'.repeat(24) }, auth)).replace('"amount":0', `"amount":${amount}`);
      return server.app.inject({ method: 'POST', url: '/gatewayinner/api', payload: body, headers: { 'content-type': 'application/json' } }).then((r) => r.json());
    };
    // past the amount, the made-up pay token is what refuses: the amount itself was read
    expect((await raw('1e3')).code).toBe('FND10008');
    expect((await raw('1000')).code).toBe('FND10008');
    for (const amount of ['"1000"', '1000.5', '1e-3', '-1000', '"1e3"']) expect(await raw(amount), amount).toMatchObject({ code: 'AGW10003', subMsg: 'amount' });
  });

  it('keeps an object nested deep in a request from hiding a NUL', async () => {
    // the contract would drop the unknown key and answer: the guard must find the NUL first
    const deep = { slug: 'helpdoc', ...(objectAt(Array.from({ length: 20 }, (_, i) => `k${i}`), NUL_TEXT) as object) };
    expect((await gateway(envelope('common/content/getDocument', { slug: 'helpdoc', k0: 'plain' }))).json().code).toBe('S0001');
    const res = await gateway(envelope('common/content/getDocument', deep));
    expect(res.json()).toMatchObject({ code: 'AGW10003' });
  });
});
