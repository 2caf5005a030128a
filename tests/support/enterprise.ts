import { enterpriseDocumentSlots } from '../../services/contract/enterpriseVerification.ts';
import { envelope, type TestServer } from './server.ts';
import { PDF, png } from './files.ts';

export { PDF, png };

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
