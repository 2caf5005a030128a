import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, envelope, startTestServer, type TestServer } from '../support/server.ts';
import { PDF, png, zipBomb } from '../support/files.ts';

async function multipart(fields: Record<string, string>, file: { field: string; name: string; bytes: Buffer; type: string }) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append(file.field, new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  const response = new Response(form);
  return { payload: Buffer.from(await response.arrayBuffer()), headers: { 'content-type': response.headers.get('content-type')! } };
}

describe.each(engines)('uploads on %s', (engine) => {
  let server: TestServer;
  let token: string;
  let memberId: string;
  beforeAll(async () => {
    server = await startTestServer(engine, { MAX_UPLOAD_MB: '2' });
    token = await server.memberToken('loja@demo.ao');
    memberId = (await server.db.query<{ id: string }>("SELECT id FROM members WHERE email = 'loja@demo.ao'")).rows[0]!.id;
  });
  afterAll(() => server.close());

  const gatewayUpload = async (bytes: Buffer, name: string, type = 'image/jpeg', auth = token) => {
    const body = await multipart(
      { bizType: 'Photocopies', sysCode: 'gateway-inner', language: 'en', requestBaseStr: JSON.stringify(envelope('uploadFile', {}, { token: auth }, 'en')) },
      { field: 'file', name, bytes, type },
    );
    return server.app.inject({ method: 'POST', url: '/gatewayinner/uploadFile', ...body });
  };
  const ordinaryUpload = async (bytes: Buffer, name: string, asMember = memberId) => {
    const body = await multipart({}, { field: 'file_select', name, bytes, type: 'application/octet-stream' });
    return server.app.inject({ method: 'POST', url: `/gatewayinner/common/file/uploadFile?language=pt&memberId=${asMember}`, ...body, headers: { ...body.headers, 'user-auth-token': token, 'x-kjt-agent': 'H5' } });
  };
  const storedFiles = async () => Number((await server.db.query<{ n: string }>('SELECT count(*)::text AS n FROM uploaded_files')).rows[0]!.n);

  it('stores a real image and a PDF through the gateway upload', async () => {
    const image = await gatewayUpload(png(40, 30), 'licence.png', 'image/png');
    expect(image.json()).toMatchObject({ code: 'S0001', bizContent: { contentType: 'image/png', fileName: 'licence.png' } });
    const pdf = await gatewayUpload(PDF, 'registo.pdf', 'application/pdf');
    expect(pdf.json()).toMatchObject({ code: 'S0001', bizContent: { contentType: 'application/pdf' } });
    const row = await server.db.query<{ storage_key: string; size_bytes: number }>('SELECT storage_key, size_bytes FROM uploaded_files WHERE id = $1', [pdf.json().bizContent.fileId]);
    const onDisk = await fs.readFile(path.join(server.filesDir, row.rows[0]!.storage_key));
    expect(onDisk.equals(PDF)).toBe(true);
  });

  it('stores through the ordinary upload with the legacy answer shape', async () => {
    const res = await ordinaryUpload(png(10, 10), 'front.png');
    expect(res.json()).toMatchObject({ status: 0, body: { contentType: 'image/png' } });
  });

  it('refuses a non-image renamed .jpg, a file over the limit and a decompression bomb, saving nothing', async () => {
    const before = await storedFiles();
    const fake = await gatewayUpload(Buffer.from('MZ this is an executable, not a photo'.repeat(20)), 'photo.jpg');
    expect(fake.json()).toMatchObject({ code: 'UPL10002', msg: expect.stringMatching(/File type not accepted/) });
    const big = await gatewayUpload(Buffer.concat([png(8, 8), Buffer.alloc(3 * 1024 * 1024)]), 'big.png', 'image/png');
    expect(big.statusCode).toBe(413);
    expect(big.json().code).toBe('UPL10003');
    const bomb = await gatewayUpload(png(60_000, 60_000, false), 'bomb.png', 'image/png');
    expect(bomb.json().code).toBe('UPL10002');
    const zip = await gatewayUpload(zipBomb(), 'photo.jpg');
    expect(zip.json().code).toBe('UPL10002');
    const svg = await gatewayUpload(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), 'x.svg', 'image/svg+xml');
    expect(svg.json().code).toBe('UPL10002');
    expect(await storedFiles()).toBe(before);
    const leftovers = await fs.readdir(server.filesDir, { recursive: true });
    expect(leftovers.filter((f) => String(f).endsWith('.part'))).toEqual([]);
  });

  it('refuses uploads without a session, or for another member', async () => {
    expect((await gatewayUpload(png(4, 4), 'a.png', 'image/png', 'bogus-token-000000')).json().code).toBe('AGW20001');
    expect((await ordinaryUpload(png(4, 4), 'a.png', '999')).json().status).toBe('AGW10005');
  });
});

describe.each(engines)('tracker on %s', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine);
  });
  afterAll(() => server.close());

  it('stores page views from the image beacon and clicks with the Finger-Print header', async () => {
    const pv = await server.app.inject({ method: 'GET', url: '/track/pv.gif?pageType=home&duration=1200&resolution=390x844&title=Início&pageId=p1&sessionId=s1&fingerprint=abc' });
    expect(pv.headers['content-type']).toBe('image/gif');
    const click = await server.app.inject({ method: 'POST', url: '/track/click', headers: { 'finger-print': 'fp-1' }, payload: { elementType: 'button', key: 'help', title: 'Ajuda', pageId: 'p1', sessionId: 's1' } });
    expect(click.statusCode).toBe(204);
    const views = await server.db.query<{ page_type: string; duration_ms: number }>('SELECT page_type, duration_ms FROM tracker_page_views');
    expect(views.rows).toEqual([{ page_type: 'home', duration_ms: 1200 }]);
    const clicks = await server.db.query<{ fingerprint: string; element_key: string }>('SELECT fingerprint, element_key FROM tracker_clicks');
    expect(clicks.rows).toEqual([{ fingerprint: 'fp-1', element_key: 'help' }]);
  });
});
