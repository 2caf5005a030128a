/**
 * The whole product of the specification, kept as a list: every call of spec §7's catalogue and
 * every route of spec §2, each either served now or pending with the subject of the issue that
 * builds it. tests/server/catalogue.test.ts and tests/screens/catalogue.test.tsx check it against
 * ../shared/spec/product-spec.md (when it is there), the registry on both transports and the router.
 * Read by the tests only: nothing here reaches the app's bundles.
 */

export interface CatalogueCall {
  /** The spec's name: `group/action`, the gateway's `service` and the legacy path. */
  name: string;
  /** Marked GET in the spec: served by GET on the legacy transport (the gateway is POST only). */
  get?: true;
  /** Not a registry service but a transport endpoint or a static lookup, at this path. */
  endpoint?: { method: 'GET' | 'POST'; url: string };
}

export const CATALOGUE: readonly CatalogueCall[] = [
  { name: 'common/getTTJUrl', get: true },
  { name: 'common/authLogin/checkAuthToken' },
  { name: 'common/getRandomKey' },
  { name: 'common/logout' },
  { name: 'common/setting/main' },
  { name: 'common/certification/identityAuth' },
  { name: 'common/getCommonUrl', get: true },
  { name: 'common/captcha/preCheckCaptchaCode' },
  { name: 'common/setting/getBankLimit' },
  { name: 'common/setting/bindingMobile' },
  { name: 'common/setting/getVerifyCode' },
  { name: 'fund/withdraw/queryAllProvCities' },
  { name: 'subMerchant/register/queryAllProvCities' },
  { name: 'fund/withdraw/queryBranches' },
  { name: 'wallet/member/getUserAssets' },
  { name: 'wallet/paypassword/check-cardNo-mobile' },
  { name: 'wallet/paypassword/forgetPayPassword' },
  { name: 'wallet/paypassword/setShortPayPwd' },
  { name: 'wallet/paypassword/checkPayPwd' },
  { name: 'wallet/paypassword/validatePayPwd' },
  { name: 'wallet/password/setPayPwd' },
  { name: 'wallet/password/setPwd' },
  { name: 'wallet/card/getAllBankCard' },
  { name: 'wallet/card/removeBankCard' },
  { name: 'wallet/card/checkCardBin' },
  { name: 'wallet/card/getRealName' },
  { name: 'wallet/card/inputMobile' },
  { name: 'wallet/card/verifyAuthCode' },
  { name: 'wallet/notice/getNoticeDetail' },
  { name: 'wallet/accountBalance/queryAccountBalance' },
  { name: 'cashier/merchantConf/getSupportBankAndLimit' },
  { name: 'register/sendAuthCode' },
  { name: 'register/doRegister' },
  { name: 'register/setLoginPwdAndActive' },
  { name: 'wallet/withdraw/applyWithdraw' },
  { name: 'wallet/withdraw/newWithdrawApply' },
  { name: 'wallet/withdraw/queryWithdrawInfo' },
  { name: 'wallet/withdraw/queryCardInfoList' },
  { name: 'wallet/withdraw/queryLimits' },
  { name: 'wallet/withdraw/queryNeedBankBranch' },
  { name: 'wallet/withdraw/querySerivceCharge' },
  { name: 'appVersionAction/getLatestAppVersion' },
  { name: 'appRegisterAction/advance' },
  { name: 'appRegisterAction/apply' },
  { name: 'fund/sms/sendSMS' },
  { name: 'fund/sms/sendSMSCaptcha' },
  { name: 'fund/sms/checkVerifyCode' },
  { name: 'fund/password/find-loginPassword' },
  { name: 'fund/member/checkAccount4FindPassword' },
  { name: 'json/mobile_tel_segment.htm', get: true, endpoint: { method: 'GET', url: '/json/mobile_tel_segment.htm' } },
  { name: 'wechat/customer/getAliCustomUrl' },
  { name: 'wechat/login/getMemberTypeAndOperators' },
  { name: 'wechat/merchantCooperation/checkCaptchaCode' },
  { name: 'oauth/passwordLogin' },
  { name: 'oauth/authSmsLoginAdvance' },
  { name: 'selfservice/changemobile/advance' },
  { name: 'selfservice/changemobile/identityCheck' },
  { name: 'selfservice/changemobile/preCheck' },
  { name: 'selfservice/changemobile/queryImgFiles' },
  { name: 'selfservice/changemobile/submit' },
  { name: 'api', endpoint: { method: 'POST', url: '/gatewayinner/api' } },
  { name: 'uploadFile', endpoint: { method: 'POST', url: '/gatewayinner/uploadFile' } },
];

export interface SpecRoute {
  /** As spec §2 writes it (`:id` parameters; agreements by their full path). */
  spec: string;
  /** An address of it to open (parameters filled in). */
  sample: string;
  /** Not built yet: the subject of the issue that builds it. */
  pending?: string;
}

const agreements = (prefix: string, slugs: string[]): SpecRoute[] => slugs.map((slug) => ({ spec: `${prefix}/agreement/${slug}`, sample: `${prefix}/agreement/${slug}` }));

export const SPEC_ROUTES: readonly SpecRoute[] = [
  ...agreements('', ['registrationAgreement', 'fastLoginAgreement', 'telnetWorkAgreement', 'fastPayAccountAgreement', 'fastPayAccountNoAgreement',
    'privacyProtectionAgreement', 'chargeAgreement', 'accountLevel', 'fingerPrint', 'realNameAuthAgreement', 'nopwd', 'payqrcode', 'terminal']),
  ...agreements('/en', ['registrationAgreement', 'fastPayAccountAgreement', 'privacyProtectionAgreement', 'realNameAuthAgreement', 'nopwd', 'payqrcode']),
  ...agreements('/pt', ['registrationAgreement', 'fastPayAccountAgreement', 'privacyProtectionAgreement', 'realNameAuthAgreement', 'nopwd', 'payqrcode', 'collectionqrcode']),
  { spec: '/index/:token', sample: '/index/kw-token-0123456789' },
  { spec: '/demo', sample: '/demo' },
  { spec: '/anouncement/:id', sample: '/anouncement/1' },
  { spec: '/app/activeguide', sample: '/app/activeguide' },
  { spec: '/app/activeDetail/:id', sample: '/app/activeDetail/1' },
  { spec: '/app/enterprisecert', sample: '/app/enterprisecert' },
  { spec: '/app/merchantlist', sample: '/app/merchantlist' },
  { spec: '/app/result', sample: '/app/result' },
  { spec: '/app/principleinstru', sample: '/app/principleinstru' },
  { spec: '/app/download', sample: '/app/download' },
  { spec: '/app/usermanual', sample: '/app/usermanual' },
  { spec: '/app/video/:id', sample: '/app/video/1' },
  { spec: '/recharge/rule', sample: '/recharge/rule' },
  { spec: '/app/open', sample: '/app/open' },
  { spec: '/app/stafflist', sample: '/app/stafflist' },
  { spec: '/app/addstaff', sample: '/app/addstaff' },
  { spec: '/app/staffdetail', sample: '/app/staffdetail' },
  { spec: '/app/collectionanalysis', sample: '/app/collectionanalysis' },
  { spec: '/app/staffresult', sample: '/app/staffresult' },
  { spec: '/app/helpdoc', sample: '/app/helpdoc' },
  { spec: '/app/personalcert', sample: '/app/personalcert' },
  { spec: '/app/personalconfirm', sample: '/app/personalconfirm' },
  { spec: '/app/cashbacklist', sample: '/app/cashbacklist' },
  { spec: '/app/cashbackdetail/:id', sample: '/app/cashbackdetail/1' },
  { spec: '/app/cashbackanouncement', sample: '/app/cashbackanouncement' },
  { spec: '/app/reductionlist', sample: '/app/reductionlist' },
  { spec: '/app/reductiondetail/:id', sample: '/app/reductiondetail/1' },
  { spec: '/s/store/:id', sample: '/s/store/1' },
  { spec: '/s/group/:storeId/:id', sample: '/s/group/1/1' },
  { spec: '/s/coupon/:id', sample: '/s/coupon/1' },
  { spec: '/s/error', sample: '/s/error' },
  { spec: '/app/luckyApp', sample: '/app/luckyApp' },
  { spec: '/app/luckyList', sample: '/app/luckyList' },
  { spec: '/app/witness', sample: '/app/witness' },
  { spec: '/app/agent/agreements', sample: '/app/agent/agreements' },
  { spec: '/hfive/tlevaactivity', sample: '/hfive/tlevaactivity' },
];

/** Spec §2's "any other path": an address no route takes, which must show the not-found screen. */
export const UNKNOWN_PATH = '/app/no-such-page';

/**
 * What spec §7 and §2 list, read from the specification's text, so the lists above can be
 * checked against it: the catalogue's names (with those marked GET) and the routes.
 */
export function readSpec(markdown: string): { calls: Array<{ name: string; get: boolean }>; routes: string[] } {
  const section = (from: RegExp, to: RegExp) => {
    const start = markdown.search(from);
    const rest = markdown.slice(start);
    const end = rest.slice(1).search(to);
    return start < 0 ? '' : end < 0 ? rest : rest.slice(0, end + 1);
  };
  const calls: Array<{ name: string; get: boolean }> = [];
  for (const line of section(/\*\*Catalogue/, /\nEach named operation/).split('\n').slice(1)) {
    const item = /^\s*- (.*)$/.exec(line)?.[1];
    if (!item) continue;
    // "User: wallet/member/getUserAssets": a group label before the name; "Wallet:" alone is a heading
    const body = item.replace(/^[A-Z][\w -]*(?:\([^)]*\))?:\s*/, '');
    if (!body) continue;
    for (const part of body.replace(/\([^)]*\)/g, (marks) => (/\bGET\b/.test(marks) ? ' GET' : '')).split(/,\s*(?:and\s+)?/)) {
      const [name, mark] = part.trim().split(/\s+/);
      if (name) calls.push({ name, get: mark === 'GET' });
    }
  }
  const routes: string[] = [];
  const screens = section(/## 2\. Screens and routes/, /\n## 3\./);
  const agreementsPart = section(/Agreement pages/, /\nEnglish variants/);
  for (const line of agreementsPart.split('\n')) {
    const path = /^- \/?(agreement\/\w+)\b/.exec(line.trim())?.[1];
    if (path) routes.push(`/${path}`);
  }
  const english = /English variants under \/en\/agreement\/: ([^.]+)\./.exec(screens)?.[1]?.split(/,\s*/) ?? [];
  routes.push(...english.map((slug) => `/en/agreement/${slug.trim()}`));
  const portuguese = /Portuguese variants under \/pt\/agreement\/: the same six plus (\w+)\./.exec(screens)?.[1];
  if (portuguese) routes.push(...english.map((slug) => `/pt/agreement/${slug.trim()}`), `/pt/agreement/${portuguese}`);
  for (const line of screens.split('\n')) {
    const cell = /^\|\s*([^|]+?)\s*\|/.exec(line)?.[1];
    if (!cell || cell === 'Route' || /^-+$/.test(cell) || cell.startsWith('any other')) continue;
    routes.push(cell.startsWith('/') ? cell : `/${cell}`);
  }
  return { calls, routes };
}
