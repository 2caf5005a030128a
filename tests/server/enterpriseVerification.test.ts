import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, envelope, startTestServer, type TestServer } from '../support/server.ts';
import { enterpriseDocumentSlots } from '../../services/contract/enterprise.ts';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');
function png(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4); length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type), data]);
    const crc = Buffer.alloc(4); crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13); header.writeUInt32BE(4, 0); header.writeUInt32BE(4, 4); header.set([8, 0, 0, 0, 0], 8);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', zlib.deflateSync(Buffer.alloc(20, 0x40))), chunk('IEND', Buffer.alloc(0))]);
}

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
  const upload = async (bytes: Buffer, name: string, type: string, as = token) => {
    const form = new FormData();
    form.append('bizType', 'EnterpriseVerification'); form.append('sysCode', 'gateway-inner'); form.append('language', 'en');
    form.append('requestBaseStr', JSON.stringify(envelope('uploadFile', {}, { token: as })));
    form.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
    const response = new Response(form);
    const res = await server.app.inject({ method: 'POST', url: '/gatewayinner/uploadFile', payload: Buffer.from(await response.arrayBuffer()), headers: { 'content-type': response.headers.get('content-type')! } });
    return res.json().bizContent.fileId as string;
  };
  const form = async () => {
    const documents: Record<string, string> = {};
    for (const slot of enterpriseDocumentSlots) documents[slot] = slot === 'registrationCertificate' ? await upload(PDF, 'registo.pdf', 'application/pdf') : await upload(png(), `${slot}.png`, 'image/png');
    return {
      company: { name: 'Loja Demo, Lda', shortName: 'Loja Demo', nif: '5417123456', licenceNumber: 'AL-2024-0017', validity: { kind: 'longTerm' }, registrationNumber: 'CRC-LDA-2231' },
      legalPerson: { name: 'Ana', surname: 'Demo', cardNumber: '004562891LA042', taxNumber: '004562891LA042' },
      signer: { name: 'Bruno Manuel Demo', cardNumber: '005771234BE039', taxNumber: '005771234BE039' },
      basicInfo: { phone: '923000001', email: 'loja@demo.ao', address: 'Rua Rainha Ginga 12, Ingombota', areaOfBusiness: 'Comércio a retalho', province: 'luanda', city: 'Ingombota', gender: 'F', birthday: '1990-04-11', personalNif: '004562891LA042' },
      documents,
    };
  };

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
