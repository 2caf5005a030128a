import { expect } from 'vitest';
import { envelope, type TestServer } from './server.ts';

/**
 * What a person does on the captcha screen, from the address `ip`: the image for the scene, its
 * answer (read from the development page), the one-time token.
 */
export async function solveCaptcha(server: TestServer, ip: string, scene: 'login' | 'sendCode' | 'lookup' = 'sendCode', token?: string): Promise<string> {
  const call = async (service: string, bizContent: object) =>
    (await server.app.inject({ method: 'POST', url: '/gatewayinner/api', remoteAddress: ip, payload: envelope(service, bizContent, token ? { token } : {}, 'en') })).json();
  const pre = await call('common/captcha/preCheckCaptchaCode', { scene });
  expect(pre.bizContent.required).toBe(true);
  const answer = (await server.app.inject({ method: 'GET', url: `/dev/captcha/${pre.bizContent.captchaId}` })).json().answer as string;
  return (await call('wechat/merchantCooperation/checkCaptchaCode', { captchaId: pre.bizContent.captchaId, answer })).bizContent.captchaToken as string;
}
