import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, envelope, startTestServer, type TestServer } from '../support/server.ts';
import { enterpriseForm, png, uploadAs } from '../support/enterprise.ts';

describe.each(engines)('enterprise verification on %s', (engine) => {
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    server = await startTestServer(engine);
    token = await server.memberToken('loja@demo.ao');
  });
  afterAll(() => server.close());
  const call = async (service: string, bizContent: object, as = token) =>
    (await server.app.inject({ method: 'POST', url: '/gatewayinner/api', payload: envelope(service, bizContent, { token: as }, 'en') })).json() as { code: string; subMsg: string; bizContent: any }; // eslint-disable-line @typescript-eslint/no-explicit-any
  const upload = async (bytes: Buffer, name: string, type: string, as = token) => uploadAs(server, as, bytes, name, type);
  const form = () => enterpriseForm(server, token);

  it('lists the 21 provinces with their municipalities', async () => {
    const { provinces } = (await call('subMerchant/register/queryAllProvCities', {})).bizContent;
    expect(provinces).toHaveLength(21);
    expect(provinces.find((p: { id: string }) => p.id === 'luanda').cities).toContain('Ingombota');
  });

  it('submits the form with real image and PDF documents and waits for review', async () => {
    expect((await call('appRegisterAction/advance', {})).bizContent).toEqual({ status: 'unverified', reason: null, submittedAt: null, lastValues: null });
    const values = await form();
    expect((await call('appRegisterAction/apply', { ...values, company: { ...values.company, nif: '12345' } })).code).toBe('AGW10003');
    expect((await call('appRegisterAction/apply', { ...values, basicInfo: { ...values.basicInfo, city: 'Paris' } })).subMsg).toBe('basicInfo.city');
    const strangers = await upload(png(), 'x.png', 'image/png', await server.memberToken('+244923000001'));
    expect((await call('appRegisterAction/apply', { ...values, documents: { ...values.documents, companyNifPhoto: strangers } })).code).toBe('ENT10003');
    expect((await call('appRegisterAction/apply', values)).bizContent.status).toBe('pending');
    expect((await call('appRegisterAction/apply', values)).code).toBe('ENT10002');
    const status = (await call('appRegisterAction/advance', {})).bizContent;
    expect(status).toMatchObject({ status: 'pending', reason: null });
    expect(status.lastValues.company.name).toBe('Loja Demo, Lda');
    expect((await call('common/setting/main', {})).bizContent.verificationStatus).toBe('pending');
  });

  it('is for enterprises only', async () => {
    expect((await call('appRegisterAction/advance', {}, await server.memberToken('+244943000002'))).code).toBe('ENT10001');
  });
});
