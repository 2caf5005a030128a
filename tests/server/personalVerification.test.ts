import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, envelope, startTestServer, type TestServer } from '../support/server.ts';

describe.each(engines)('personal verification on %s', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine);
  });
  afterAll(() => server.close());
  const call = async (service: string, bizContent: object, token: string) =>
    (await server.app.inject({ method: 'POST', url: '/gatewayinner/api', payload: envelope(service, bizContent, { token }, 'pt') })).json() as { code: string; msg: string; subMsg: string; bizContent: any }; // eslint-disable-line @typescript-eslint/no-explicit-any

  it('verifies by B.I. number and full name, raising the account to level III', async () => {
    const token = await server.memberToken('+244923000001');
    expect((await call('common/setting/main', {}, token)).bizContent).toMatchObject({ verificationStatus: 'unverified', accountLevel: 'I' });
    for (const nif of ['12345', '004562891la04', "004562891LA042' OR '1'='1", 'x'.repeat(10_000)]) expect((await call('common/certification/identityAuth', { nif }, token)).code).toBe('AGW10003');
    expect((await call('common/certification/identityAuth', { nif: '009999999LA001' }, token)).code).toBe('VER10001');
    expect((await call('common/certification/identityAuth', { nif: '001112223LA099' }, token)).code).toBe('VER10003');
    const started = await call('common/certification/identityAuth', { nif: '004562891 la 042' }, token);
    expect(started.bizContent.nifMasked).toBe('004******LA**2');
    expect(await call('wallet/card/getRealName', { checkId: started.bizContent.checkId, fullName: 'Ana Demo' }, token)).toMatchObject({ code: 'VER10004', subMsg: '2' });
    const verified = await call('wallet/card/getRealName', { checkId: started.bizContent.checkId, fullName: '  ANA  maria demo ' }, token);
    expect(verified.bizContent).toEqual({ status: 'verified', accountLevel: 'III', realName: 'Ana Maria Demo' });
    expect((await call('common/setting/main', {}, token)).bizContent).toMatchObject({ verificationStatus: 'verified', accountLevel: 'III', profile: { displayName: 'Ana Maria Demo' } });
    expect((await call('common/certification/identityAuth', { nif: '004562891LA042' }, token)).code).toBe('VER10006');
    // the same B.I. cannot verify a second account
    const other = await server.memberToken('+244943000002');
    expect((await call('common/certification/identityAuth', { nif: '004562891LA042' }, other)).code).toBe('VER10002');
  });

  it('fails after three wrong names and lets the member re-verify', async () => {
    const token = await server.memberToken('+244943000002');
    const first = await call('common/certification/identityAuth', { nif: '005771234BE039' }, token);
    for (const left of ['2', '1']) expect((await call('wallet/card/getRealName', { checkId: first.bizContent.checkId, fullName: 'Someone Else' }, token)).subMsg).toBe(left);
    expect((await call('wallet/card/getRealName', { checkId: first.bizContent.checkId, fullName: 'Someone Else' }, token)).code).toBe('VER10005');
    expect((await call('common/setting/main', {}, token)).bizContent.verificationStatus).toBe('failed');
    expect((await call('wallet/card/getRealName', { checkId: first.bizContent.checkId, fullName: 'Bruno Manuel Demo' }, token)).code).toBe('REG10002');
    const again = await call('common/certification/identityAuth', { nif: '005771234BE039' }, token);
    expect((await call('wallet/card/getRealName', { checkId: again.bizContent.checkId, fullName: 'Bruno Manuel Demo' }, token)).bizContent.status).toBe('verified');
  });

  it('is for individuals only', async () => {
    const token = await server.memberToken('loja@demo.ao');
    expect((await call('common/certification/identityAuth', { nif: '006123456LA048' }, token)).code).toBe('VER10007');
  });
});
