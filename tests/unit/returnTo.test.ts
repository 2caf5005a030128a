import { describe, expect, it } from 'vitest';
import { PLATFORM_HOME, safePlatformReturnTo } from '../../services/contract/platformReturnTo.ts';
import { ROUTES } from '../../services/routeTable.ts';
import { BACK_TO, backOf, matchRoute, safeAppReturnTo } from '../../services/returnTo.ts';

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

describe('where a member may be sent after signing in (the same rule, the app\'s routes)', () => {
  it('keeps a page of the app, with its query', () => {
    for (const page of [
      '/',
      '/app/wallet',
      '/app/records/3',
      '/app/funddetail/12',
      '/app/staffdetail?staffId=4',
      '/app/store/7/codes',
      '/app/invitation/12',
      `/app/invitation/${'a'.repeat(43)}`,
      '/agreement/registrationAgreement',
      '/app/cashier?storeId=2',
    ])
      expect(safeAppReturnTo(page), page).toBe(page);
  });

  it('refuses another site, the platform area, a sign-in page, an unknown path', () => {
    for (const hostile of [
      '//evil.com',
      '//evil.com/app/wallet',
      'https://evil.com/app/wallet',
      '/\\evil.com',
      '/app/wallet#x',
      '/app/wallet?next=//evil.com',
      '/app/../plateform/verifications',
      '/app/%2e%2e/plateform',
      '/app/records/%2f%2fevil.com',
      'javascript:alert(1)',
      '/app/wallet\n',
      ' /app/wallet',
      '/plateform/verifications',
      '/plateform/',
      '/app/login',
      '/app/login?returnTo=/app/wallet',
      '/app/register',
      '/app/findpassword',
      '/index/someTokenValue',
      '/app/records/abc',
      '/app/nothing',
      '/APP/WALLET',
      '',
      null,
      42,
      `/app/wallet?q=${'a'.repeat(512)}`,
    ])
      expect(safeAppReturnTo(hostile), JSON.stringify(hostile)).toBeNull();
  });
});

describe('the route a path opens, and where Back leads without history', () => {
  it('matches parameters by their patterns, fixed segments first', () => {
    expect(matchRoute('/app/store/new')?.route.path).toBe('/app/store/new');
    expect(matchRoute('/app/store/12')?.params).toEqual({ id: '12' });
    expect(matchRoute('/app/store/x')).toBeNull();
    expect(matchRoute('/plateform/')?.route.path).toBe('/plateform');
  });

  it('goes to the declared parent, else the nearest route above, else /', () => {
    expect(backOf('/app/records/3')).toBe('/app/records');
    expect(backOf('/app/funddetail/3')).toBe('/app/funddetail');
    expect(backOf('/app/funddetail')).toBe('/app/wallet');
    expect(backOf('/app/paypassword')).toBe('/app/setting');
    expect(backOf('/app/store/7/codes')).toBe('/app/store/7');
    expect(backOf('/app/store/7')).toBe('/app/merchantlist');
    expect(backOf('/app/collectionanalysis/funds')).toBe('/app/collectionanalysis');
    expect(backOf('/app/wallet')).toBe('/');
    expect(backOf('/en/agreement/nopwd')).toBe('/');
    expect(backOf('/nothing/here')).toBe('/');
    expect(backOf('/')).toBe('/');
  });

  it('every declared back address is a route whose parameters this route has', () => {
    for (const [path, back] of Object.entries(BACK_TO)) {
      expect(ROUTES.find((r) => r.path === path), path).toBeTruthy();
      expect(ROUTES.find((r) => r.path === back), `${path} → ${back}`).toBeTruthy();
      for (const name of back.match(/\$\w+/g) ?? []) expect(path).toContain(name);
    }
  });
});
