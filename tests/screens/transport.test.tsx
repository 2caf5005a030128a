/**
 * The client transport of spec §7/§8 against the real gateway (PGlite), in jsdom: envelope defaults,
 * S0001, refusals shown for 2 s and never resolved, raw answers, AGW20001 → one session.expired,
 * network failure toasts, and the legacy helper's rules.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { http } from '../../services/http.ts';
import { buildEnvelope, callGateway, GatewayUnreachable, requestGateway } from '../../services/gateway.ts';
import { callLegacy, legacyQuery } from '../../services/legacy.ts';
import { setTransportUi, type ToastKind } from '../../services/transport-ui.ts';
import { onSessionExpired, resetSessionSignal } from '../../services/session-signal.ts';
import { storage } from '../../src/lib/storage.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { PDF, zipBomb } from '../support/files.ts';
import { uploadGatewayFile } from '../../services/upload.ts';
import { UPLOAD_LIMIT_MB } from '../../services/contract/answerCodes.ts';
import { hashToken } from '../../server/auth/sessions.ts';
import { createLoadMembers } from '../support/money.ts';

let server: TestServer;
let toasts: Array<{ message: string; kind: ToastKind; durationMs: number }> = [];
let covers = 0;
let loadings = 0;

const settled = <T,>(promise: Promise<T>, ms = 300) =>
  Promise.race([promise.then((value) => ({ settled: true, value })), new Promise<{ settled: false }>((r) => setTimeout(() => r({ settled: false }), ms))]);

beforeAll(async () => {
  server = await startTestServer('pglite');
  const address = await server.app.listen({ port: 0, host: '127.0.0.1' });
  http.defaults.adapter = 'fetch';
  http.defaults.baseURL = address;
}, 60_000);
afterAll(() => server.close());
beforeEach(() => {
  resetSessionSignal();
  toasts = [];
  covers = 0;
  loadings = 0;
  setTransportUi({
    cover: () => { covers++; return () => covers--; },
    loading: () => { loadings++; return () => loadings--; },
    toast: (message, options) => void toasts.push({ message, ...options }),
    t: (key) => (key === 'languageCode' ? 'en' : key),
  });
});

describe('gateway helper', () => {
  it('builds the spec §3 envelope with its defaults', async () => {
    window.history.replaceState({}, '', '/app/helpdoc?deviceType=IOS');
    storage.setUserInfo({ h5Token: 'tok-app', partnerId: 'P1' });
    const envelope = await buildEnvelope('common/logout', {});
    expect(envelope).toMatchObject({
      sign: '', signType: 'AES', version: '1.0.0', language: 'en', service: 'common/logout',
      loginAuthInfo: { loginToken: 'tok-app', loginTokenType: 'LOGIN-TOKEN', partnerId: 'P1' },
      terminalInfo: { terminal: 'H5', deviceType: 'IOS', appVersion: '1.0.0' },
    });
    expect(envelope.terminalInfo.deviceId.length).toBeGreaterThan(8);
    const other = await buildEnvelope('common/logout', {});
    expect(other.requestNo).not.toBe(envelope.requestNo);
    window.history.replaceState({}, '', '/plateform/review');
    storage.setUserInfo({ token: 'tok-sso' });
    expect((await buildEnvelope('x', {})).loginAuthInfo).toMatchObject({ loginToken: 'tok-sso', loginTokenType: 'SSO-AUTH' });
    window.history.replaceState({}, '', '/');
    storage.setFaceOpenId('face-1');
    expect((await buildEnvelope('x', {})).loginAuthInfo).toMatchObject({ loginToken: 'face-1', loginTokenType: 'THIRD-PARTY-AUTH' });
    storage.clearUserItems();
  });

  it('marks a background call, which the gateway does not count as the person’s activity', async () => {
    const [member] = await createLoadMembers(server.db, 1, 0n);
    const session = hashToken(member!.token);
    const idleMinutes = async () => Number((await server.db.query<{ minutes: number }>('SELECT extract(epoch FROM now() - last_seen_at) / 60 AS minutes FROM sessions WHERE token_hash = $1', [session])).rows[0]!.minutes);
    await server.db.query("UPDATE sessions SET last_seen_at = now() - interval '10 minutes' WHERE token_hash = $1", [session]);
    window.history.replaceState({}, '', '/app/wallet');
    storage.setUserInfo({ h5Token: member!.token });
    // a poll: answered, and the session is as idle as before
    expect(await requestGateway('wallet/member/getUserAssets', {}, { quiet: true, background: true })).toMatchObject({ ok: true });
    expect(await idleMinutes()).toBeGreaterThan(9.9);
    // the person's call slides the window
    expect(await requestGateway('wallet/member/getUserAssets', {}, { quiet: true })).toMatchObject({ ok: true });
    expect(await idleMinutes()).toBeLessThan(1);
    storage.clearUserItems();
  });

  it('resolves S0001 with bizContent, with the cover shown during the call', async () => {
    const pending = callGateway('common/content/getDocument', { slug: 'nopwd' });
    expect(covers).toBe(1);
    const document = await pending;
    expect(document.slug).toBe('nopwd');
    expect(document.language).toBe('en');
    expect(covers).toBe(0);
  });

  it('shows subMsg || msg for 2 s on a refusal and never resolves; raw resolves the whole answer', async () => {
    const result = await settled(callGateway('wallet/notice/getNoticeDetail', { id: '424242' }));
    expect(result.settled).toBe(false);
    expect(toasts).toEqual([{ message: 'Content not found.', kind: 'fail', durationMs: 2000 }]);
    const raw = await callGateway('wallet/notice/getNoticeDetail', { id: '424242' }, { raw: true });
    expect(raw).toMatchObject({ code: 'CNT40401', bizContent: null });
    const outcome = await requestGateway('wallet/notice/getNoticeDetail', { id: '424242' });
    expect(outcome).toEqual({ ok: false, code: 'CNT40401', message: 'Content not found.', detail: '' });
    expect(toasts).toHaveLength(1);
  });

  it('turns AGW20001 into one session.expired, however many calls fail together', async () => {
    let signals = 0;
    const stop = onSessionExpired(() => signals++);
    const auth = { loginToken: 'dead-token-123456789', loginTokenType: 'LOGIN-TOKEN' as const };
    const calls = [1, 2, 3].map(() => settled(requestGateway('common/authLogin/checkAuthToken', {}, { auth })));
    const results = await Promise.all(calls);
    expect(results.every((r) => !r.settled)).toBe(true);
    expect(signals).toBe(1);
    expect(toasts).toEqual([]);
    stop();
  });

  it('takes AGW50300 (the database switching over) as no answer: the network toast and a rejection, raw too, so a money flow sends the same request again', async () => {
    const query = server.db.query;
    server.db.query = async () => {
      throw Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
    };
    try {
      await expect(callGateway('wallet/notice/getNoticeDetail', { id: '424242' })).rejects.toBeInstanceOf(GatewayUnreachable);
      await expect(callGateway('wallet/notice/getNoticeDetail', { id: '424242' }, { raw: true })).rejects.toBeInstanceOf(GatewayUnreachable);
      await expect(requestGateway('wallet/notice/getNoticeDetail', { id: '424242' })).rejects.toBeInstanceOf(GatewayUnreachable);
    } finally {
      server.db.query = query;
    }
    expect(toasts).toEqual([1, 2, 3].map(() => ({ message: 'network.gateway', kind: 'offline', durationMs: 1000 })));
    expect(covers).toBe(0);
  });

  it('shows the network toast for 1 s and rejects when there is no answer', async () => {
    const saved = http.defaults.baseURL;
    http.defaults.baseURL = 'http://127.0.0.1:9';
    await expect(callGateway('common/content/getDocument', { slug: 'nopwd' })).rejects.toBeInstanceOf(GatewayUnreachable);
    http.defaults.baseURL = saved;
    expect(toasts).toEqual([{ message: 'network.gateway', kind: 'offline', durationMs: 1000 }]);
    expect(covers).toBe(0);
  });
});

describe('legacy helper', () => {
  it('puts non-empty payload fields in the query string', () => {
    expect(legacyQuery({ a: 'x', b: '', c: null, d: undefined, e: 0 })).toBe('?a=x&e=0');
    expect(legacyQuery({})).toBe('');
  });

  it('resolves status 0 with the body after a loading toast', async () => {
    const pending = callLegacy<{ slug: string }>('GET', 'common/content/getDocument', { slug: 'payqrcode', language: 'pt' });
    expect(loadings).toBe(1);
    const body = (await pending) as { slug: string; language: string };
    expect(body.slug).toBe('payqrcode');
    expect(loadings).toBe(0);
  });

  it('shows the message of another status, and 1004 becomes session.expired', async () => {
    expect((await settled(callLegacy('GET', 'no/such'))).settled).toBe(false);
    expect(toasts.at(-1)?.kind).toBe('fail');
    let signals = 0;
    const stop = onSessionExpired(() => signals++);
    storage.setUserInfo({ h5Token: 'dead-token-123456789' });
    expect((await settled(callLegacy('POST', 'common/logout'))).settled).toBe(false);
    await new Promise((r) => setTimeout(r, 0));
    expect(signals).toBe(1);
    stop();
    storage.clearUserItems();
  });
});

describe('uploads', () => {
  const uploadedRows = async () => Number((await server.db.query<{ n: string }>('SELECT count(*)::text AS n FROM uploaded_files')).rows[0]!.n);
  beforeEach(async () => {
    window.history.pushState({}, '', '/app/enterprisecert');
    storage.setUserInfo({ h5Token: await server.memberToken('loja@demo.ao') });
  });

  it('sends a PDF and answers its id', async () => {
    const stored = await uploadGatewayFile(new File([new Uint8Array(PDF)], 'registo.pdf', { type: 'application/pdf' }), 'EnterpriseVerification');
    expect(stored).toMatchObject({ fileName: 'registo.pdf', contentType: 'application/pdf' });
  });

  it('refuses a file over the limit before sending a byte', async () => {
    const before = await uploadedRows();
    const big = new File([new Uint8Array(UPLOAD_LIMIT_MB * 1024 * 1024 + 1)], 'scan.pdf', { type: 'application/pdf' });
    await expect(uploadGatewayFile(big, 'EnterpriseVerification')).rejects.toThrow('UPL10003');
    expect(toasts.at(-1)).toMatchObject({ message: 'errors.UPL10003', kind: 'fail' });
    expect(await uploadedRows()).toBe(before);
  });

  it('shows the server’s reason for a non-image renamed .jpg and for a zip bomb', async () => {
    const before = await uploadedRows();
    const fake = new File([new TextEncoder().encode('MZ not a photo at all '.repeat(50))], 'foto.jpg', { type: 'image/jpeg' });
    await expect(uploadGatewayFile(fake, 'EnterpriseVerification')).rejects.toThrow('UPL10002');
    expect(toasts.at(-1)?.message).toMatch(/not accepted/);
    await expect(uploadGatewayFile(new File([new Uint8Array(zipBomb(20))], 'foto.jpg', { type: 'image/jpeg' }), 'EnterpriseVerification')).rejects.toThrow('UPL10002');
    expect(await uploadedRows()).toBe(before);
  });
});
