import { describe, expect, it } from 'vitest';
import { PLATFORM_HOME, safePlatformReturnTo } from '../../services/contract/platformReturnTo.ts';

describe('where a signed-in operator may be sent', () => {
  it('keeps a platform page, with its query', () => {
    for (const page of [
      '/plateform/verifications',
      '/plateform/rebinding/3f0c2a9e-7b1d-4c55-9e0a-5d2f8c1b7a44',
      '/plateform/members/',
      '/plateform/verifications?status=pending',
      '/plateform/verifications?status=rejected&page=3',
      '/plateform/audit?subjectId=m-42%2Fx',
      '/plateform/verifications?next=../x',
      '/plateform/a%20b',
    ])
      expect(safePlatformReturnTo(page)).toBe(page);
  });

  it('sends anything else to the verifications queue', () => {
    for (const hostile of [
      '//evil.com',
      '//evil.com/plateform/x',
      '/plateform//evil.com',
      '/plateform/../app',
      '/plateform/verifications/..',
      '/plateform/./verifications',
      '/plateform/%2e%2e/',
      '/plateform/%2E%2E/app',
      '/plateform/.%2e/app',
      '/plateform/%2f%2fevil.com',
      '/plateform/%5cevil',
      '/plateform/x%0aSet-Cookie:a=b',
      '/plateform/%zz',
      '/\\evil',
      '/plateform/\\evil',
      '/plateform/verifications?q=\\x',
      'https://x',
      'https://x/plateform/verifications',
      'javascript:alert(1)//plateform/',
      '/plateform/verifications\n',
      '/plateform/verifications\r\nLocation: https://x',
      '/plateform/ verifications',
      '/plateform/verifications\t',
      '/plateform/verificações',
      '/plateform/verifications#top',
      '/plateform/verifications?status=pending#x',
      '/plateform/verifications?next=//evil.com',
      '/plateform/',
      '/plateform/?status=pending',
      '/plateform',
      '/plateformx/a',
      '/PLATEFORM/verifications',
      '/app/wallet',
      ' /plateform/verifications',
      '',
      `/plateform/verifications?q=${'a'.repeat(512)}`,
    ])
      expect(safePlatformReturnTo(hostile), JSON.stringify(hostile)).toBe(PLATFORM_HOME);
  });

  it('refuses what is not a string', () => {
    for (const value of [undefined, null, 42, ['/plateform/verifications'], { toString: () => '/plateform/verifications' }])
      expect(safePlatformReturnTo(value)).toBe(PLATFORM_HOME);
  });

  it('allows up to 512 characters', () => {
    const longest = `/plateform/verifications?q=${'a'.repeat(512 - '/plateform/verifications?q='.length)}`;
    expect(longest).toHaveLength(512);
    expect(safePlatformReturnTo(longest)).toBe(longest);
    expect(safePlatformReturnTo(`${longest}a`)).toBe(PLATFORM_HOME);
  });
});
