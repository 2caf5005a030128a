/**
 * The phone's side of the offline payment code (src/lib/offlineCodeStore.ts): Web Crypto on the
 * phone derives exactly the code node's crypto verifies on the server, on the server's clock even
 * when the phone's own is minutes off.
 */
import nodeCrypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { clockOffsetFrom, offlineCodeAt, type KeptEnrolment } from '../../src/lib/offlineCodeStore.ts';
import { offlineCodeAt as serverCodeAt } from '../../server/merchantPayment/offlineCodes.ts';
import { counterAt, stepEndsAt } from '../../services/offlinePaymentCode.ts';

const secret = nodeCrypto.randomBytes(32);
const kept = async (clockOffsetMs: number): Promise<KeptEnrolment> => ({
  memberId: '7', deviceNo: '004815162', validUntil: '2026-03-17T09:05:00.000Z', clockOffsetMs,
  key: await crypto.subtle.importKey('raw', secret, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']),
});

describe('the offline code on the phone', () => {
  it('is the code the server verifies, step after step (Web Crypto against node crypto)', async () => {
    const phone = await kept(0);
    for (const at of [0, 29_999, 30_000, Date.parse('2026-11-27T07:00:00Z'), Date.parse('2026-11-27T07:00:29.999Z')]) {
      const shown = await offlineCodeAt(phone, at);
      expect(shown.code).toBe(serverCodeAt('004815162', secret, counterAt(at)));
      expect(shown.changesAt).toBe(new Date(stepEndsAt(at)).toISOString());
    }
    expect(phone.key.extractable).toBe(false);
  });

  it('follows the server’s clock when the phone’s is off (learnt from serverTime when online)', async () => {
    const phoneNow = Date.parse('2026-11-27T07:00:10Z');
    const offset = clockOffsetFrom('2026-11-27T07:05:17.000Z', phoneNow); // the phone is 5 min 7 s slow
    expect(offset).toBe(307_000);
    const shown = await offlineCodeAt(await kept(offset), phoneNow);
    expect(shown.code).toBe(serverCodeAt('004815162', secret, counterAt(phoneNow + 307_000)));
    expect(shown.code).not.toBe(serverCodeAt('004815162', secret, counterAt(phoneNow)));
    // the next code comes when the server's step ends (07:05:30), told on the phone's clock
    expect(shown.changesAt).toBe('2026-11-27T07:00:23.000Z');
    expect(clockOffsetFrom(undefined)).toBe(0);
    expect(clockOffsetFrom('not a time')).toBe(0);
  });
});
