/**
 * The offline code's secret on a phone shared by two members (src/lib/offlineCodeStore.ts): in jsdom
 * there is no IndexedDB, so this is the localStorage fallback, which keeps the same rules.
 */
import crypto from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { forgetEnrolment, keepEnrolment, readEnrolment } from '../../src/lib/offlineCodeStore.ts';

const enrolment = () => ({ deviceNo: '123456789', validUntil: new Date(Date.now() + 3_600_000).toISOString(), secret: crypto.randomBytes(32).toString('base64url') });

describe('the offline code kept on a shared phone', () => {
  beforeEach(() => forgetEnrolment());

  it('is read back by the member who turned it on', async () => {
    await keepEnrolment('41', enrolment());
    expect(await readEnrolment('41')).toMatchObject({ memberId: '41', deviceNo: '123456789' });
  });

  it('is wiped when another member reads it (the first one’s session ended without a logout)', async () => {
    await keepEnrolment('41', enrolment());
    expect(await readEnrolment('42')).toBeNull();
    expect(await readEnrolment('41')).toBeNull();
    expect(localStorage.length).toBe(0);
  });

  it('is not read without a signed-in member, and left for them', async () => {
    await keepEnrolment('41', enrolment());
    expect(await readEnrolment(undefined)).toBeNull();
    expect(await readEnrolment('41')).not.toBeNull();
  });
});
