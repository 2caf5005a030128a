/**
 * The route table of spec §2: every path the app serves, declared once. From it come the router
 * (src/routes.tsx), the pages the server serves with their preloads (server/app.ts), the pt
 * dictionary parts fetched with each screen (src/i18n.ts, through vite.config.ts) and the route
 * budget (tests/budget/report.ts). Plain data, so the server and the build may read it too.
 */

/** pt's sections beyond the entry's, fetched in a few chunks with the screens that need them. */
export const LOCALE_PARTS = {
  accounts: ['signUp', 'login', 'captcha', 'recoverPassword'],
  member: ['payPassword', 'changeMobile', 'personalVerification', 'loginPassword'],
  enterprise: ['enterpriseVerification'],
  platform: ['platform', 'operatorSignIn', 'review', 'stickers', 'platformPromotions', 'platformLottery'],
  wallet: ['walletAssets', 'transfer', 'payConfirm', 'fundDetail', 'receipt', 'receiveCode', 'codeTransfer'],
  // asking for money (issue 26, part 2)
  requests: ['moneyRequest', 'moneyRequestView', 'moneyRequests'],
  bank: ['bank', 'cardList', 'bindCard', 'topup', 'withdrawal'],
  // the merchant's screens (issue 11: collection account, stores, codes, the till)
  merchant: ['merchantOpening', 'merchantList', 'subMerchant', 'store', 'codeBinding', 'cashier', 'collectionAnalysis', 'voucherRedeem'],
  pay: ['scanToPay', 'paymentCode', 'passwordFree'],
  // staff (issue 12): the merchant's invitations and staff, and the invited person's side
  staff: ['staffInvitation', 'invitation', 'staffList'],
  // a merchant's or clerk's transaction records, their refunds and the live payment alerts (issue 12)
  records: ['records', 'refund', 'paymentAlerts'],
  // promotions (issue 23): the merchant's list and the forms that make a cashback, a discount, a coupon (the platform's too)
  promotions: ['promotions', 'promotionForm'],
  // group purchases: the merchant's packages and the form that makes one
  groupPackages: ['groupPackages'],
  // the camera scanner's words (screens/common/Scanner.tsx), for every screen that reads codes
  scanner: ['scanner'],
  // the signed-in home hub (screens/home/Hub.tsx), fetched with it: never with the first route
  hub: ['hub'],
  // the member's side of promotions (issue 23): cashback, reductions, coupons
  // with a coupon's offer in words (`coupons`, screens/common/promotionFormat.ts), which the promotion lists fetch too
  rewards: ['cashback', 'reduction', 'coupons', 'myCoupons', 'couponClaim'],
  // the share pages (issue 24): a store, a package, a coupon as a shared link shows them, and open-in-app
  share: ['share', 'storeDays'],
  // group purchases, the member's side: buying a package, and the vouchers bought
  packages: ['groupPurchase', 'myPackages'],
  // the lottery (issue 25): the member's draw and winners list, the public check of the draws, and what both show of an activity (`lottery`)
  lottery: ['lottery', 'lotteryDraw', 'lotteryCheck'],
  // issue 25's content: an activity's page, the help videos, the guided demo (and the activity guide's ways on)
  content: ['activityPage', 'video', 'demo'],
  // the notices inbox (issue 26, part 5)
  inbox: ['notices'],
  // the answer codes' texts: with every route's screen (`ownParts`), not in the first bundle
  answers: ['errors'],
  // the shop's money in the bank every evening (issue 26, part 7): the daily payout and the end-of-day report
  payout: ['dailyPayout', 'dayReport'],
} as const satisfies Record<string, readonly string[]>;
export type LocalePart = keyof typeof LOCALE_PARTS;

/** The server's own texts (SMS and e-mail bodies, the sign-on page): never sent to the client. */
export const SERVER_SECTIONS = ['messages', 'ssoProvider'] as const;

/**
 * Who may open a route. `operator` routes sit in the platform area (a stored operator token, else
 * its sign-in page, which comes back); a `member` route shows only with a session (without one the
 * session chart sends the person to sign in, and back here after); `public` ones need nothing.
 */
export type Access = 'public' | 'member' | 'operator';

export interface RouteDeclaration {
  /** TanStack path syntax: `$name` is a parameter. */
  path: string;
  /** The module under screens/ (without `.tsx`) whose default export renders the route. */
  screen: string;
  /** Key of the page title in the `titles` section (the browser tab and the tracker's page view). */
  title: string;
  /**
   * The page's id for the behaviour tracker (page views and clicks, spec §7), when it should not
   * be the one `pageIdOf` makes from the path. Stable across releases: reports group by it.
   */
  pageId?: string;
  /** pt dictionary parts the screen needs beyond the entry's. */
  parts: readonly LocalePart[];
  access: Access;
  /** Path parameters and what each must match; anything else is the not-found screen. Passed to the screen as props. */
  params?: Readonly<Record<string, RegExp>>;
  /** Query parameters the screen reads: kept when valid, dropped otherwise. Passed to the screen as props. */
  search?: Readonly<Record<string, (value: unknown) => boolean>>;
  /** Fixed props of the screen. */
  props?: Readonly<Record<string, string>>;
  /** The path of the route whose screen shows this one in its outlet (it stays mounted behind). */
  parent?: string;
  /**
   * A page of signing in or up (or of a token handed in the address): never where someone is sent
   * back to once signed in (`safeAppReturnTo`, services/returnTo.ts).
   */
  signIn?: true;
  /**
   * Parts a piece of the screen fetches itself when it loads that piece after the first paint (the
   * signed-in hub of `/`): neither preloaded with the page nor counted in the route's budget.
   */
  lazyParts?: readonly LocalePart[];
  /**
   * Public pages rendered by the server in the request's language (server/ssr.ts): the first
   * response paints the page; the app then hydrates it. A `slug` (parameter or prop) is the server
   * document the page shows, embedded in the page.
   */
  rendered?: boolean;
  /**
   * A share page (README "Share pages"): rendered by the server with what its link names (a store,
   * a package, a coupon: server/entities/sharePages.ts), read again at most every 30 s, with the
   * preview tags a link pasted in WhatsApp shows; a link to something that cannot be offered now is
   * sent to `/s/error`.
   */
  shared?: SharedKind;
}

export type SharedKind = 'store' | 'group' | 'coupon';

/**
 * The key a share page's read is embedded under by the server (server/domains/sharePages/previews.ts)
 * and loaded by with the page's chart (src/flows/sharePages.ts): `share/<kind>/<ids>`.
 */
export const sharedKey = (kind: SharedKind, ids: { id: string; storeId?: string }) =>
  (kind === 'group' ? `share/group/${ids.storeId}/${ids.id}` : `share/${kind}/${ids.id}`);

/** The platform area's frame, around every `operator` route. */
export const OPERATOR_LAYOUT = { screen: 'platform/PlatformShell', parts: ['platform'] } as const satisfies Pick<RouteDeclaration, 'screen' | 'parts'>;
/** Shown for any path not in the table, and for a parameter that does not match. */
export const NOT_FOUND = { screen: 'common/NotFoundScreen', title: 'notFound.title', parts: [], pageId: 'notFound' } as const;

/**
 * The tracker's page id of a route: its own `pageId`, else its path with the parameters named, in
 * dots (`/app/store/$id/codes` → `app.store.id.codes`, `/` → `home`): one id per route, whatever
 * the parameter's value, so every page view and click names its page.
 */
export function pageIdOf(route: Pick<RouteDeclaration, 'path' | 'pageId'>): string {
  return route.pageId ?? (route.path.split('/').filter(Boolean).map((part) => part.replace(/^\$/, '')).join('.') || 'home');
}

/** Agreements by prefix: none (the app's language), /en/ and /pt/ (pinned), as spec §2 lists them. */
const AGREEMENTS = {
  '': ['registrationAgreement', 'fastLoginAgreement', 'telnetWorkAgreement', 'fastPayAccountAgreement', 'fastPayAccountNoAgreement',
    'privacyProtectionAgreement', 'chargeAgreement', 'accountLevel', 'fingerPrint', 'realNameAuthAgreement', 'nopwd', 'payqrcode', 'terminal'],
  en: ['registrationAgreement', 'fastPayAccountAgreement', 'privacyProtectionAgreement', 'realNameAuthAgreement', 'nopwd', 'payqrcode'],
  pt: ['registrationAgreement', 'fastPayAccountAgreement', 'privacyProtectionAgreement', 'realNameAuthAgreement', 'nopwd', 'payqrcode', 'collectionqrcode'],
} as const;
const oneOf = (names: readonly string[]) => new RegExp(`^(?:${names.join('|')})$`);
const DIGITS_ID = /^\d{1,18}$/;
const REQUEST_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** An id in the query string: the router reads `?merchantId=12` as the number 12. */
/**
 * An id as the router should write it into the address: the router writes search values as JSON,
 * so the digit string "1" would show as `%221%22`; as a number it is written `1`. An id past 2^53
 * (never one of ours in practice) stays a string rather than lose digits.
 */
export const idInAddress = (id: string): string | number => (/^\d{1,15}$/.test(id) ? Number(id) : id);
/** A top-up's order, a withdrawal's number, a payment's voucher, as a done screen links its receipt. */
const receiptRef = (value: unknown) => typeof value === 'string' && /^[A-Za-z0-9-]{1,40}$/.test(value);
const digitsId = (value: unknown) => (typeof value === 'string' || (typeof value === 'number' && Number.isSafeInteger(value))) && DIGITS_ID.test(String(value));
/**
 * Where sign-up or log-in continues: a page of the app, never an outside address. The screens apply
 * the rule (`safeAppReturnTo`, services/returnTo.ts) when they continue; anything else goes home.
 */
const RETURN_TO = { returnTo: (value: unknown) => typeof value === 'string' && value.length <= 512 };
const pageNumber = (value: unknown) => typeof value === 'number' && Number.isInteger(value) && value > 1 && value <= 10_000;
/** Queue filters live in the address (Back returns to the same tab and page); pending and page 1 are the defaults. */
const QUEUE_SEARCH = { status: (value: unknown) => value === 'approved' || value === 'rejected', page: pageNumber };

const agreement = (prefix: keyof typeof AGREEMENTS): RouteDeclaration => ({
  path: `${prefix ? `/${prefix}` : ''}/agreement/$slug`,
  screen: 'document/AgreementScreen',
  title: 'titles.agreement',
  parts: [],
  access: 'public',
  params: { slug: oneOf(AGREEMENTS[prefix]) },
  ...(prefix ? { props: { language: prefix } } : {}),
  rendered: true,
});
const helpPage = (path: string, slug: string): RouteDeclaration => ({ path, screen: 'document/HelpDocumentScreen', title: `titles.${slug}`, parts: [], access: 'public', props: { slug }, rendered: true });

export const ROUTES: readonly RouteDeclaration[] = [
  // the first route: its JavaScript has a budget (tests/budget/report.ts)
  { path: '/', screen: 'home/HomeScreen', title: 'titles.home', parts: [], lazyParts: ['hub', 'answers'], access: 'public', rendered: true },
  { path: '/index/$token', screen: 'tokenEntry/TokenEntryScreen', title: 'titles.entry', parts: [], access: 'public', params: { token: /^[^/]{1,512}$/ }, signIn: true },
  agreement(''),
  agreement('en'),
  agreement('pt'),
  { path: '/anouncement/$id', screen: 'document/NoticeScreen', title: 'titles.notice', parts: [], access: 'public', params: { id: DIGITS_ID } },
  helpPage('/app/helpdoc', 'helpdoc'),
  helpPage('/app/usermanual', 'usermanual'),
  helpPage('/app/principleinstru', 'principleinstru'),
  // the help guide with the native apps' newest versions (appVersionAction/getLatestAppVersion)
  { ...helpPage('/app/download', 'download'), screen: 'document/DownloadScreen' },
  helpPage('/recharge/rule', 'rechargeRule'),
  // issue 25's content: how activities work and the two result pages (server documents), one activity and the featured one
  // (the public list of activities), a help video (`/media/videos/…`, byte ranges) and the guided demo (demo and development servers)
  { ...helpPage('/app/activeguide', 'activeguide'), screen: 'document/ContentPageScreen', parts: ['content'] },
  { ...helpPage('/app/witness', 'witness'), screen: 'document/ContentPageScreen', parts: ['content'] },
  { ...helpPage('/app/agent/agreements', 'agentAgreements'), screen: 'document/ContentPageScreen', parts: ['content'] },
  { path: '/app/activeDetail/$id', screen: 'activityPage/ActivityDetailScreen', title: 'titles.activeDetail', parts: ['lottery', 'content'], access: 'public', params: { id: DIGITS_ID } },
  { path: '/hfive/tlevaactivity', screen: 'activityPage/FeaturedActivityScreen', title: 'titles.tlevaactivity', parts: ['lottery', 'content'], access: 'public' },
  { path: '/app/video/$id', screen: 'video/VideoScreen', title: 'titles.video', parts: ['content'], access: 'public', params: { id: /^[a-z0-9-]{1,40}$/ } },
  { path: '/demo', screen: 'demo/DemoScreen', title: 'titles.demo', parts: ['content'], access: 'public' },

  { path: '/app/register', screen: 'signUp/SignUpScreen', title: 'titles.signUp', parts: ['accounts'], access: 'public', props: { memberType: 'individual' }, search: RETURN_TO, signIn: true },
  { path: '/app/enterpriseregister', screen: 'signUp/SignUpScreen', title: 'titles.enterpriseSignUp', parts: ['accounts'], access: 'public', props: { memberType: 'enterprise' }, signIn: true },
  { path: '/app/login', screen: 'login/LoginScreen', title: 'titles.login', parts: ['accounts'], access: 'public', search: RETURN_TO, rendered: true, signIn: true },
  { path: '/app/findpassword', screen: 'recoverPassword/RecoverPasswordScreen', title: 'titles.recoverPassword', parts: ['accounts'], access: 'public', signIn: true },
  { path: '/app/setting', screen: 'settings/SettingsScreen', title: 'titles.settings', parts: ['accounts', 'member', 'enterprise'], access: 'member' },
  { path: '/app/paypassword', screen: 'payPassword/PayPasswordScreen', title: 'titles.payPassword', parts: ['accounts', 'member'], access: 'member' },
  { path: '/app/loginpassword', screen: 'loginPassword/LoginPasswordScreen', title: 'titles.loginPassword', parts: ['accounts', 'member'], access: 'member' },
  { path: '/app/changemobile', screen: 'changeMobile/ChangeMobileScreen', title: 'titles.changeMobile', parts: ['accounts', 'member'], access: 'member' },
  { path: '/app/personalcert', screen: 'personalVerification/PersonalCertScreen', title: 'titles.personalVerification', parts: ['accounts', 'member'], access: 'member' },
  { path: '/app/personalconfirm', screen: 'personalVerification/PersonalConfirmScreen', title: 'titles.personalVerification', parts: ['member'], access: 'member' },
  { path: '/app/enterprisecert', screen: 'enterpriseVerification/EnterpriseCertScreen', title: 'titles.enterpriseVerification', parts: ['enterprise'], access: 'member' },
  { path: '/app/result', screen: 'enterpriseVerification/EnterpriseResultScreen', title: 'titles.enterpriseResult', parts: ['enterprise'], access: 'member' },

  { path: '/app/wallet', screen: 'walletAssets/WalletAssetsScreen', title: 'titles.walletAssets', parts: ['wallet', 'bank'], access: 'member' },
  { path: '/app/transfer', screen: 'transfer/TransferScreen', title: 'titles.transfer', parts: ['member', 'wallet'], access: 'member' },
  // a person's receive code (issue 26): shown, saved, printed; and paying one scanned (src/scan/kinds.ts personalCode), by its token
  { path: '/app/receive', screen: 'receiveCode/ReceiveCodeScreen', title: 'titles.receiveCode', parts: ['member', 'wallet'], access: 'member' },
  { path: '/app/sendbycode/$token', screen: 'codeTransfer/CodeTransferScreen', title: 'titles.codeTransfer', parts: ['member', 'wallet'], access: 'member', params: { token: /^[A-Za-z0-9_-]{22}$/ } },
  // asking another member for money (issue 26, part 2): the ask, one request (a notice of kind moneyRequested opens it), the lists
  { path: '/app/moneyRequest', screen: 'moneyRequest/MoneyRequestScreen', title: 'titles.moneyRequest', parts: ['member', 'wallet', 'requests'], access: 'member' },
  { path: '/app/moneyRequest/$id', screen: 'moneyRequestView/RequestScreen', title: 'titles.moneyRequestView', parts: ['member', 'wallet', 'requests'], access: 'member', params: { id: DIGITS_ID } },
  { path: '/app/moneyRequests', screen: 'moneyRequests/RequestsScreen', title: 'titles.moneyRequests', parts: ['wallet', 'requests'], access: 'member' },
  { path: '/app/funddetail', screen: 'fundDetail/FundDetailScreen', title: 'titles.fundDetail', parts: ['wallet'], access: 'member' },
  { path: '/app/funddetail/$id', parent: '/app/funddetail', screen: 'fundDetail/FundLineScreen', title: 'titles.fundLine', parts: ['wallet'], access: 'member', params: { id: DIGITS_ID } },
  // a fund line's receipt, to share (issue 26): keyed by the fund line's id, the member's own only
  { path: '/app/receipt/$id', screen: 'receipt/ReceiptScreen', title: 'titles.receipt', parts: ['wallet'], access: 'member', params: { id: DIGITS_ID } },
  // the same, from a done screen: the movement it made (one of these)
  { path: '/app/receipt', screen: 'receipt/ReceiptScreen', title: 'titles.receipt', parts: ['wallet'], access: 'member', search: { transferId: digitsId, orderNo: receiptRef, withdrawNo: receiptRef, voucherNo: receiptRef } },
  // the notices inbox (issue 26): money received, refunds, requests, invitations, verification results and announcements; each opens its screen
  { path: '/app/notices', screen: 'notices/NoticesScreen', title: 'titles.notices', parts: ['wallet', 'inbox'], access: 'member' },
  { path: '/app/cards', screen: 'cardList/CardListScreen', title: 'titles.cardList', parts: ['bank'], access: 'member' },
  // `from`: the flow that sent the member to bind a card, where "continue" leads once it is bound
  { path: '/app/cards/bind', screen: 'bindCard/BindCardScreen', title: 'titles.bindCard', parts: ['accounts', 'bank'], access: 'member', search: { from: (value) => value === 'topup' || value === 'withdraw' || value === 'open' } },
  { path: '/app/topup', screen: 'topup/TopupScreen', title: 'titles.topup', parts: ['accounts', 'member', 'wallet', 'bank'], access: 'member' },
  { path: '/app/withdraw', screen: 'withdrawal/WithdrawalScreen', title: 'titles.withdrawal', parts: ['member', 'wallet', 'bank'], access: 'member' },
  // collecting as a merchant (issue 11, the merchant's side)
  { path: '/app/open', screen: 'merchantOpening/MerchantOpeningScreen', title: 'titles.merchantOpening', parts: ['bank', 'merchant'], access: 'member' },
  { path: '/app/merchantlist', screen: 'merchantList/MerchantListScreen', title: 'titles.merchantList', parts: ['merchant', 'share'], access: 'member' },
  { path: '/app/submerchant', screen: 'subMerchant/SubMerchantScreen', title: 'titles.subMerchant', parts: ['merchant'], access: 'member' },
  { path: '/app/store/new', screen: 'store/StoreScreen', title: 'titles.storeNew', parts: ['merchant', 'share'], access: 'member', search: { merchantId: digitsId } },
  { path: '/app/store/$id', screen: 'store/StoreScreen', title: 'titles.store', parts: ['merchant', 'share'], access: 'member', params: { id: DIGITS_ID } },
  { path: '/app/store/$id/codes', screen: 'codeBinding/CodeBindingScreen', title: 'titles.codeBinding', parts: ['merchant', 'scanner'], access: 'member', params: { id: DIGITS_ID } },
  { path: '/app/cashier', screen: 'cashier/CashierScreen', title: 'titles.cashier', parts: ['bank', 'merchant', 'scanner', 'records'], access: 'member', search: { storeId: digitsId } },
  // a group-package voucher redeemed at the till of a store: scanned or typed here, or read by the cashier's scanner (`code`)
  { path: '/app/cashier/voucher', screen: 'voucherRedeem/VoucherRedeemScreen', title: 'titles.voucherRedeem', parts: ['merchant', 'scanner'], access: 'member', search: { storeId: digitsId, code: (value) => typeof value === 'string' && value.length <= 64 } },
  { path: '/app/records', screen: 'records/RecordsScreen', title: 'titles.records', parts: ['wallet', 'records'], access: 'member' },
  { path: '/app/records/$id', parent: '/app/records', screen: 'refund/RefundScreen', title: 'titles.record', parts: ['member', 'wallet', 'records'], access: 'member', params: { id: DIGITS_ID } },
  // staff (issue 12): the merchant invites and keeps its staff; the invited person answers (the link and the QR open `/app/invitation/…`)
  { path: '/app/addstaff', screen: 'staffInvitation/StaffInvitationScreen', title: 'titles.addStaff', parts: ['merchant', 'staff'], access: 'member' },
  { path: '/app/stafflist', screen: 'staffList/StaffListScreen', title: 'titles.staffList', parts: ['merchant', 'staff'], access: 'member' },
  { path: '/app/staffdetail', screen: 'staffList/StaffDetailScreen', title: 'titles.staffDetail', parts: ['merchant', 'staff'], access: 'member', search: { staffId: digitsId } },
  { path: '/app/invitations', screen: 'invitation/InvitationsScreen', title: 'titles.invitations', parts: ['staff'], access: 'member' },
  // an id (from the pending list) or the 43-character token of the SMS / e-mail link and the QR
  { path: '/app/invitation/$token', screen: 'invitation/InvitationScreen', title: 'titles.invitation', parts: ['staff'], access: 'public', params: { token: /^(?:\d{1,18}|[A-Za-z0-9_-]{43})$/ } },
  { path: '/app/staffresult', screen: 'invitation/StaffResultScreen', title: 'titles.staffResult', parts: ['staff'], access: 'member', search: { invitationId: digitsId } },
  // promotions (issue 23): the owner's cashback and discount policies and coupons, and the forms that make them
  { path: '/app/promotions', screen: 'promotions/PromotionsScreen', title: 'titles.promotions', parts: ['promotions', 'rewards'], access: 'member' },
  { path: '/app/promotions/new/$kind', screen: 'promotions/PromotionFormScreen', title: 'titles.promotionNew', parts: ['promotions', 'rewards'], access: 'member', params: { kind: /^(?:cashback|discount|coupon)$/ } },
  // group purchases: the owner's packages and the form that makes one
  { path: '/app/grouppackages', screen: 'groupPackages/GroupPackagesScreen', title: 'titles.groupPackages', parts: ['groupPackages'], access: 'member' },
  // the store's photo slot's words (screens/store/StorePhotoSlot.tsx) are the merchant part's
  { path: '/app/grouppackages/new', screen: 'groupPackages/GroupPackageFormScreen', title: 'titles.groupPackageNew', parts: ['groupPackages', 'merchant'], access: 'member' },
  { path: '/app/collectionanalysis', screen: 'collectionAnalysis/CollectionAnalysisScreen', title: 'titles.collectionAnalysis', parts: ['wallet', 'merchant'], access: 'member' },
  // the daily payout of the settlement to the owner's card, and the end-of-day report (issue 26, part 7)
  { path: '/app/dailypayout', screen: 'dailyPayout/DailyPayoutScreen', title: 'titles.dailyPayout', parts: ['payout'], access: 'member' },
  { path: '/app/dayreport', screen: 'dayReport/DayReportScreen', title: 'titles.dayReport', parts: ['payout'], access: 'member' },
  { path: '/app/collectionanalysis/funds', screen: 'collectionAnalysis/SettlementFundsScreen', title: 'titles.settlementFunds', parts: ['wallet'], access: 'member' },
  // paying merchants (issue 11, the member's side)
  { path: '/app/scan', screen: 'scanToPay/ScanToPayScreen', title: 'titles.scanToPay', parts: ['member', 'wallet', 'pay', 'scanner'], access: 'member' },
  { path: '/app/paymentcode', screen: 'paymentCode/PaymentCodeScreen', title: 'titles.paymentCode', parts: ['member', 'wallet', 'pay'], access: 'member' },
  { path: '/app/nopwd', screen: 'passwordFree/PasswordFreeScreen', title: 'titles.passwordFree', parts: ['member', 'wallet', 'pay'], access: 'member' },
  // the share pages (issue 24): public, rendered with what the link names and its preview tags
  { path: '/s/store/$id', screen: 'sharePages/StoreShareScreen', title: 'titles.shareStore', parts: ['share', 'rewards'], access: 'public', params: { id: DIGITS_ID }, rendered: true, shared: 'store' },
  { path: '/s/group/$storeId/$id', screen: 'sharePages/GroupShareScreen', title: 'titles.shareGroup', parts: ['share'], access: 'public', params: { storeId: DIGITS_ID, id: DIGITS_ID }, rendered: true, shared: 'group' },
  { path: '/s/coupon/$id', screen: 'sharePages/CouponShareScreen', title: 'titles.shareCoupon', parts: ['share', 'rewards'], access: 'public', params: { id: DIGITS_ID }, rendered: true, shared: 'coupon' },
  { path: '/s/error', screen: 'sharePages/ShareErrorScreen', title: 'titles.shareError', parts: ['share'], access: 'public', rendered: true },
  // the member's side of promotions (issue 23): cashback (spec §2's routes, `anouncement` sic), reductions, coupons
  { path: '/app/cashbacklist', screen: 'cashback/CashbackListScreen', title: 'titles.cashbackList', parts: ['wallet', 'rewards'], access: 'member' },
  { path: '/app/cashbackdetail/$id', screen: 'cashback/CashbackDetailScreen', title: 'titles.cashbackDetail', parts: ['rewards'], access: 'member', params: { id: DIGITS_ID } },
  { path: '/app/cashbackanouncement', screen: 'cashback/CashbackAnnouncementScreen', title: 'titles.cashbackAnnouncement', parts: ['rewards'], access: 'member' },
  { path: '/app/reductionlist', screen: 'reduction/ReductionListScreen', title: 'titles.reductionList', parts: ['wallet', 'rewards'], access: 'member' },
  { path: '/app/reductiondetail/$id', screen: 'reduction/ReductionDetailScreen', title: 'titles.reductionDetail', parts: ['rewards'], access: 'member', params: { id: DIGITS_ID } },
  { path: '/app/coupons', screen: 'myCoupons/MyCouponsScreen', title: 'titles.myCoupons', parts: ['wallet', 'rewards'], access: 'member' },
  // group purchases, the member's side: a package bought with the pay password, and the vouchers bought (their QR)
  { path: '/app/grouppackages/buy/$id', screen: 'groupPurchase/GroupPurchaseScreen', title: 'titles.groupPurchase', parts: ['member', 'wallet', 'pay', 'packages'], access: 'member', params: { id: DIGITS_ID } },
  { path: '/app/mypackages', screen: 'myPackages/MyPackagesScreen', title: 'titles.myPackages', parts: ['packages'], access: 'member' },
  // a store's coupon, the link its merchant's pages share
  { path: '/app/coupons/claim/$storeId/$couponId', screen: 'couponClaim/CouponClaimScreen', title: 'titles.couponClaim', parts: ['rewards'], access: 'member', params: { storeId: DIGITS_ID, couponId: DIGITS_ID } },
  // the lottery (issue 25): the draw and the winners list (`?activityId=`, else the live activity), and the check of an activity's draws, for anyone (`?seq=`: one draw)
  { path: '/app/luckyApp', screen: 'lotteryDraw/LuckyAppScreen', title: 'titles.luckyApp', parts: ['lottery'], access: 'member', search: { activityId: digitsId } },
  { path: '/app/luckyList', screen: 'lotteryDraw/LuckyListScreen', title: 'titles.luckyList', parts: ['lottery'], access: 'member', search: { activityId: digitsId } },
  { path: '/app/luckycheck/$id', screen: 'lotteryCheck/LotteryCheckScreen', title: 'titles.luckyCheck', parts: ['lottery'], access: 'public', params: { id: DIGITS_ID }, search: { seq: (value) => typeof value === 'number' && Number.isSafeInteger(value) && value > 0 } },

  // the operators' area (`/plateform/`, sic): chunks of its own, nothing of it in the member app's first route
  { path: '/plateform', screen: 'operatorSignIn/OperatorSignInScreen', title: 'titles.platform', parts: ['platform'], access: 'public', signIn: true },
  { path: '/plateform/verifications', screen: 'platform/QueueScreen', title: 'titles.verificationQueue', parts: ['platform'], access: 'operator', props: { kind: 'verification' }, search: QUEUE_SEARCH },
  { path: '/plateform/verifications/$id', screen: 'review/ReviewScreen', title: 'titles.verificationReview', parts: ['platform'], access: 'operator', props: { kind: 'verification' }, params: { id: REQUEST_ID } },
  { path: '/plateform/rebinding', screen: 'platform/QueueScreen', title: 'titles.rebindingQueue', parts: ['platform'], access: 'operator', props: { kind: 'rebinding' }, search: QUEUE_SEARCH },
  { path: '/plateform/rebinding/$id', screen: 'review/ReviewScreen', title: 'titles.rebindingReview', parts: ['platform'], access: 'operator', props: { kind: 'rebinding' }, params: { id: REQUEST_ID } },
  { path: '/plateform/members', screen: 'platform/MemberLookupScreen', title: 'titles.memberLookup', parts: ['platform'], access: 'operator' },
  { path: '/plateform/stickers', screen: 'stickers/StickersScreen', title: 'titles.stickers', parts: ['platform'], access: 'operator' },
  // the platform's cashback policies (issue 23): their list with spend, and a new one (audited)
  { path: '/plateform/promotions', screen: 'platformPromotions/PlatformPromotionsScreen', title: 'titles.platformPromotions', parts: ['platform', 'promotions', 'rewards'], access: 'operator' },
  { path: '/plateform/promotions/new', screen: 'platformPromotions/PlatformPromotionFormScreen', title: 'titles.platformPromotionNew', parts: ['platform', 'promotions', 'rewards'], access: 'operator' },
  // the lottery's activities (issue 25): their list with draws, spend and prize deliveries (ending one, sending a failed prize again), and a new one (audited)
  { path: '/plateform/lottery', screen: 'platformLottery/PlatformLotteryScreen', title: 'titles.platformLottery', parts: ['platform'], access: 'operator' },
  { path: '/plateform/lottery/new', screen: 'platformLottery/LotteryFormScreen', title: 'titles.platformLotteryNew', parts: ['platform'], access: 'operator' },
  { path: '/plateform/audit', screen: 'platform/AuditLogScreen', title: 'titles.auditLog', parts: ['platform'], access: 'operator', search: { subjectId: (value) => typeof value === 'string' && value.length <= 64, page: pageNumber } },
];

/** The screen modules a route shows, outermost first (the platform frame, a parent's screen, its own). */
export function screensOf(route: RouteDeclaration): string[] {
  const parent = route.parent ? ROUTES.find((r) => r.path === route.parent) : undefined;
  return [...(route.access === 'operator' ? [OPERATOR_LAYOUT.screen] : []), ...(parent ? screensOf(parent) : []), route.screen];
}

/** The dictionary parts of everything a route shows. */
/**
 * The parts a route's own screen is fetched with: its `parts`, and the answer codes' texts, since
 * any screen may say why a call was refused — unless the screen fetches those itself after the
 * first paint (named in its `lazyParts`: the hub of `/`), so the first route does not carry them.
 */
export function ownParts(route: Pick<RouteDeclaration, 'parts' | 'lazyParts'>): LocalePart[] {
  return route.lazyParts?.includes('answers') ? [...route.parts] : [...route.parts, 'answers'];
}

export function partsOf(route: RouteDeclaration): LocalePart[] {
  const parent = route.parent ? ROUTES.find((r) => r.path === route.parent) : undefined;
  return [...new Set([...(route.access === 'operator' ? OPERATOR_LAYOUT.parts : []), ...(parent ? partsOf(parent) : []), ...ownParts(route)])];
}
