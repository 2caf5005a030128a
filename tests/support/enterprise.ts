import zlib from 'node:zlib';
import { enterpriseDocumentSlots } from '../../services/contract/enterprise.ts';
import { envelope, type TestServer } from './server.ts';

/** A minimal valid PDF and a 4×4 PNG: real documents the upload endpoint accepts. */
export const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');
export function png(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4); length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type), data]);
    const crc = Buffer.alloc(4); crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13); header.writeUInt32BE(4, 0); header.writeUInt32BE(4, 4); header.set([8, 0, 0, 0, 0], 8);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', zlib.deflateSync(Buffer.alloc(20, 0x40))), chunk('IEND', Buffer.alloc(0))]);
}

/** Uploads through the gateway upload endpoint as the member with `token`; answers the file id. */
export async function uploadAs(server: TestServer, token: string, bytes: Buffer, name: string, type: string): Promise<string> {
  const form = new FormData();
  form.append('bizType', 'EnterpriseVerification'); form.append('sysCode', 'gateway-inner'); form.append('language', 'en');
  form.append('requestBaseStr', JSON.stringify(envelope('uploadFile', {}, { token })));
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
  const response = new Response(form);
  const res = await server.app.inject({ method: 'POST', url: '/gatewayinner/uploadFile', payload: Buffer.from(await response.arrayBuffer()), headers: { 'content-type': response.headers.get('content-type')! } });
  return res.json().bizContent.fileId as string;
}

/** The demo enterprise's complete form, with seven fresh uploads (one PDF, six images). */
export async function enterpriseForm(server: TestServer, token: string) {
  const documents: Record<string, string> = {};
  for (const slot of enterpriseDocumentSlots) {
    documents[slot] = slot === 'registrationCertificate' ? await uploadAs(server, token, PDF, 'registo.pdf', 'application/pdf') : await uploadAs(server, token, png(), `${slot}.png`, 'image/png');
  }
  return {
    company: { name: 'Loja Demo, Lda', shortName: 'Loja Demo', nif: '5417123456', licenceNumber: 'AL-2024-0017', validity: { kind: 'longTerm' }, registrationNumber: 'CRC-LDA-2231' },
    legalPerson: { name: 'Ana', surname: 'Demo', cardNumber: '004562891LA042', taxNumber: '004562891LA042' },
    signer: { name: 'Bruno Manuel Demo', cardNumber: '005771234BE039', taxNumber: '005771234BE039' },
    basicInfo: { phone: '923000001', email: 'loja@demo.ao', address: 'Rua Rainha Ginga 12, Ingombota', areaOfBusiness: 'Comércio a retalho', province: 'luanda', city: 'Ingombota', gender: 'F', birthday: '1990-04-11', personalNif: '004562891LA042' },
    documents,
  };
}
