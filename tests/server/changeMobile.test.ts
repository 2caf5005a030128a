import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { solveCaptcha } from '../support/captcha.ts';
import { engines, envelope, startTestServer, type TestServer } from '../support/server.ts';

const tinyPng = () => {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4); length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type), data]);
    const crc = Buffer.alloc(4); crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13); header.writeUInt32BE(2, 0); header.writeUInt32BE(2, 4); header.set([8, 0, 0, 0, 0], 8);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', zlib.deflateSync(Buffer.from([0, 1, 2, 0, 3, 4]))), chunk('IEND', Buffer.alloc(0))]);
};

describe.each(engines)('mobile rebinding on %s', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine);
  });
  afterAll(() => server.close());
  const call = async (service: string, bizContent: object, token: string) =>
    (await server.app.inject({ method: 'POST', url: '/gatewayinner/api', remoteAddress: '10.5.0.1', payload: envelope(service, bizContent, { token }, 'en') })).json() as { code: string; subMsg: string; bizContent: any }; // eslint-disable-line @typescript-eslint/no-explicit-any
  const lastCode = async (destination: string) => {
    const { rows } = await server.db.query<{ body: string }>('SELECT body FROM outbox_messages WHERE destination = $1 ORDER BY id DESC LIMIT 1', [destination]);
    return /\b(\d{6})\b/.exec(rows[0]!.body)![1]!;
  };
  const upload = async (token: string) => {
    const form = new FormData();
    form.append('bizType', 'Photocopies'); form.append('sysCode', 'gateway-inner'); form.append('language', 'en');
    form.append('requestBaseStr', JSON.stringify(envelope('uploadFile', {}, { token })));
    form.append('file', new Blob([new Uint8Array(tinyPng())], { type: 'image/png' }), 'id.png');
    const response = new Response(form);
    const res = await server.app.inject({ method: 'POST', url: '/gatewayinner/uploadFile', payload: Buffer.from(await response.arrayBuffer()), headers: { 'content-type': response.headers.get('content-type')! } });
    return res.json().bizContent.fileId as string;
  };

  it('changes the number at once when the old one still receives codes', async () => {
    const token = await server.memberToken('+244923000001');
    expect((await call('selfservice/changemobile/advance', {}, token)).bizContent).toMatchObject({ maskedMobile: '+244 9** *** 001', pendingRequest: null });
    expect(await call('selfservice/changemobile/identityCheck', { password: 'nope12345' }, token)).toMatchObject({ code: 'LGN10001', subMsg: '4' });
    const { ticket } = (await call('selfservice/changemobile/identityCheck', { password: 'Kwanza2026' }, token)).bizContent;
    // a code to a number not yet the member's needs a solved captcha every time: nothing is sent without one
    expect((await call('common/setting/getVerifyCode', { ticket, newMobile: '933777888', oldNumberAvailable: true }, token)).code).toBe('CAP10001');
    expect(await lastCode('+244933777888').catch(() => null)).toBeNull();
    const captcha = () => solveCaptcha(server, '10.5.0.1', 'sendCode', token);
    expect((await call('common/setting/getVerifyCode', { ticket, newMobile: '943000002', oldNumberAvailable: true, captchaToken: await captcha() }, token)).code).toBe('MOB10001');
    expect((await call('common/setting/getVerifyCode', { ticket, newMobile: '923000001', oldNumberAvailable: true, captchaToken: await captcha() }, token)).code).toBe('MOB10002');
    expect((await call('common/setting/getVerifyCode', { ticket, newMobile: '933777888', oldNumberAvailable: true, captchaToken: await captcha() }, token)).bizContent).toEqual({ newSentTo: '+244 9** *** 888', oldSentTo: '+244 9** *** 001', resendAfterSeconds: 60 });
    const newCode = await lastCode('+244933777888');
    const oldCode = await lastCode('+244923000001');
    const wrongOld = oldCode === '000000' ? '111111' : '000000';
    expect(await call('selfservice/changemobile/preCheck', { ticket, newMobile: '933777888', newCode, oldCode: wrongOld }, token)).toMatchObject({ code: 'COD10001', subMsg: '4' });
    const checked = await call('selfservice/changemobile/preCheck', { ticket, newMobile: '933777888', newCode, oldCode }, token);
    expect(checked.bizContent.route).toBe('direct');
    expect((await call('common/setting/bindingMobile', { requestId: checked.bizContent.requestId }, token)).bizContent).toEqual({ mobile: '+244933777888' });
    expect((await call('common/setting/bindingMobile', { requestId: checked.bizContent.requestId }, token)).code).toBe('MOB10003');
    expect((await call('oauth/passwordLogin', { login: '933777888', password: 'Kwanza2026' }, '')).code).toBe('S0001');
  });

  it('sends the request to review with photos when the old number is lost', async () => {
    const token = await server.memberToken('+244943000002');
    const { ticket } = (await call('selfservice/changemobile/identityCheck', { password: 'Kwanza2026' }, token)).bizContent;
    expect((await call('common/setting/getVerifyCode', { ticket, newMobile: '953222111', oldNumberAvailable: false, captchaToken: await solveCaptcha(server, '10.5.0.1', 'sendCode', token) }, token)).bizContent.oldSentTo).toBeNull();
    const checked = await call('selfservice/changemobile/preCheck', { ticket, newMobile: '953222111', newCode: await lastCode('+244953222111') }, token);
    expect(checked.bizContent.route).toBe('review');
    const requestId = checked.bizContent.requestId;
    expect((await call('common/setting/bindingMobile', { requestId }, token)).code).toBe('MOB10003');
    const other = await server.memberToken('loja@demo.ao');
    const strangersPhoto = await upload(other);
    const front = await upload(token);
    const selfie = await upload(token);
    expect((await call('selfservice/changemobile/submit', { requestId, fileIds: [front, strangersPhoto] }, token)).code).toBe('MOB10004');
    expect((await call('selfservice/changemobile/submit', { requestId, fileIds: [front, selfie] }, token)).bizContent).toEqual({ status: 'pending_review' });
    expect((await call('selfservice/changemobile/queryImgFiles', { requestId }, token)).bizContent.files).toHaveLength(2);
    expect((await call('selfservice/changemobile/queryImgFiles', { requestId }, other)).bizContent.files).toHaveLength(0);
    expect((await call('selfservice/changemobile/advance', {}, token)).bizContent.pendingRequest).toMatchObject({ requestId, status: 'pending_review' });
    const { rows } = await server.db.query<{ mobile: string }>("SELECT mobile FROM members WHERE mobile = '+244943000002'");
    expect(rows).toHaveLength(1);
  });

  it('reaches only a few new numbers a day from one account, whatever the captcha', async () => {
    const { NEW_NUMBERS_PER_DAY } = await import('../../server/domains/changeMobile/handlers.ts');
    const { rows } = await server.db.query<{ id: string }>("INSERT INTO members (member_type, mobile, display_name, language, status, login_password_hash) SELECT 'individual', '+244912000777', 'Rui Teste', 'pt', 'active', login_password_hash FROM members WHERE mobile = '+244943000002' RETURNING id");
    const token = await server.memberToken('+244912000777');
    const { ticket } = (await call('selfservice/changemobile/identityCheck', { password: 'Kwanza2026' }, token)).bizContent;
    const send = async (newMobile: string) =>
      (await call('common/setting/getVerifyCode', { ticket, newMobile, oldNumberAvailable: false, captchaToken: await solveCaptcha(server, '10.5.0.1', 'sendCode', token) }, token)).code;
    const strangers = Array.from({ length: NEW_NUMBERS_PER_DAY + 1 }, (_, i) => `9566${String(i).padStart(5, '0')}`);
    const codes = [];
    for (const mobile of strangers) codes.push(await send(mobile));
    expect(codes).toEqual([...Array(NEW_NUMBERS_PER_DAY).fill('S0001'), 'COD10005']);
    const texted = await server.db.query("SELECT 1 FROM outbox_messages WHERE destination = $1", [`+244${strangers.at(-1)}`]);
    expect(texted.rows).toHaveLength(0);
    expect(rows).toHaveLength(1);
  });
});
