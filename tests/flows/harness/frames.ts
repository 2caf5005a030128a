/**
 * The page each chart's screen is photographed in: the route (services/routeTable.ts) whose screen
 * shows it, so the picture has that page's header (its `titles.*` title, or the platform's top bar
 * for an operator route) as the live page has. A chart shown inside others (a code, a payment) is
 * photographed in one of the pages that show it; a chart drawn over any page (the session's cover)
 * or with no header of its own (the operators' sign-in) has `null`. Plain data: the flow-book test
 * (tests/machines/flowbook.test.ts) checks every route exists, is the chart's own screen or one
 * that shows it, and that the screen's header has the title the harness draws.
 */
export interface Frame {
  /** The route's path as the route table writes it; the first unless views.tsx `ROUTE_OF` picks another for the path's input (an existing store, a clerk's page). */
  routes: string[] | null;
  /** The header without its back control, as the screen draws it. */
  noBack?: true;
}

export const FRAMES: Record<string, Frame> = {
  amountEntry: { routes: ['/app/withdraw'] }, // the withdrawal's form (views.tsx)
  bankSettlement: { routes: ['/app/topup'] }, // with top-up's words (views.tsx)
  bindCard: { routes: ['/app/cards/bind'] },
  boundCards: { routes: ['/app/open'] }, // the opening's words (views.tsx)
  branchPicker: { routes: ['/app/withdraw'] },
  captcha: { routes: ['/app/login'] },
  cardChoice: { routes: ['/app/topup'] }, // with top-up's words (views.tsx)
  cardList: { routes: ['/app/cards'] },
  cashier: { routes: ['/app/cashier'] },
  changeMobile: { routes: ['/app/changemobile'] },
  codeBinding: { routes: ['/app/store/$id/codes'] },
  couponClaim: { routes: ['/app/coupons/claim/$storeId/$couponId'] },
  lotteryDraw: { routes: ['/app/luckyApp'] },
  lotteryCheck: { routes: ['/app/luckycheck/$id'] },
  activityPage: { routes: ['/hfive/tlevaactivity', '/app/activeDetail/$id'] },
  video: { routes: ['/app/video/$id'] },
  codeCharge: { routes: ['/app/cashier'] },
  voucherRedeem: { routes: ['/app/cashier/voucher'] },
  openInApp: { routes: ['/s/group/$storeId/$id'], noBack: true },
  linkShare: { routes: ['/app/store/$id'] },
  receipt: { routes: ['/app/receipt/$id'] },
  notices: { routes: ['/app/notices'] },
  receiveCode: { routes: ['/app/receive'] },
  codeTransfer: { routes: ['/app/sendbycode/$token'] },
  codeEntry: { routes: ['/app/register'] },
  collectionAnalysis: { routes: ['/app/collectionanalysis'] },
  dailyPayout: { routes: ['/app/dailypayout'] },
  dayReport: { routes: ['/app/dayreport'] },
  dateRange: { routes: ['/app/records'] }, // the records' words (views.tsx)
  document: { routes: ['/app/helpdoc'] },
  dynamicCode: { routes: ['/app/cashier'] },
  enterpriseVerification: { routes: ['/app/enterprisecert'] },
  fundDetail: { routes: ['/app/funddetail'] },
  invitation: { routes: ['/app/invitations'] },
  login: { routes: ['/app/login'] },
  loginPassword: { routes: ['/app/loginpassword'] },
  merchantList: { routes: ['/app/merchantlist'] },
  merchantOpening: { routes: ['/app/open'] },
  myCoupons: { routes: ['/app/coupons'] },
  myPackages: { routes: ['/app/mypackages'] },
  groupPurchase: { routes: ['/app/grouppackages/buy/$id'] },
  newPassword: { routes: ['/app/register'] }, // sign-up's words (views.tsx)
  operatorSignIn: { routes: null },
  passwordFree: { routes: ['/app/nopwd'] },
  payConfirm: { routes: ['/app/transfer'] },
  payPassword: { routes: ['/app/paypassword'] },
  newPayPassword: { routes: ['/app/paypassword'] }, // inside the pay password's page, and a payment's
  payment: { routes: ['/app/transfer'] }, // the transfer's words (views.tsx)
  payeeCheck: { routes: ['/app/transfer'] }, // the transfer's words and lists (views.tsx)
  paymentAlerts: { routes: ['/app/cashier'] },
  pagedList: { routes: ['/app/funddetail'] }, // the fund detail's lines (views.tsx)
  paymentCode: { routes: ['/app/paymentcode'] },
  personalVerification: { routes: ['/app/personalcert'] },
  records: { routes: ['/app/records'] },
  promotions: { routes: ['/app/promotions'] },
  statusChange: { routes: ['/app/promotions'] }, // the owner's promotions' words (views.tsx)
  // the merchant's forms, and the platform's cashback form (views.tsx ROUTE_OF)
  promotionForm: { routes: ['/app/promotions/new/$kind', '/plateform/promotions/new'] },
  platformPromotions: { routes: ['/plateform/promotions'] },
  platformLottery: { routes: ['/plateform/lottery'] },
  lotteryForm: { routes: ['/plateform/lottery/new'] },
  groupPackages: { routes: ['/app/grouppackages'] },
  groupPackageForm: { routes: ['/app/grouppackages/new'] },
  recoverPassword: { routes: ['/app/findpassword'] },
  refund: { routes: ['/app/records/$id'] },
  review: { routes: ['/plateform/verifications/$id'] },
  scanToPay: { routes: ['/app/scan'] },
  scanner: { routes: ['/app/scan'] },
  sendCode: { routes: ['/app/register'] },
  session: { routes: null },
  signUp: { routes: ['/app/register'] },
  staffInvitation: { routes: ['/app/addstaff'] },
  staffList: { routes: ['/app/stafflist', '/app/staffdetail'] },
  stickers: { routes: ['/plateform/stickers'] },
  store: { routes: ['/app/store/new', '/app/store/$id'] },
  subMerchant: { routes: ['/app/submerchant'] },
  tokenEntry: { routes: ['/index/$token'], noBack: true },
  topup: { routes: ['/app/topup'] },
  transfer: { routes: ['/app/transfer'] },
  moneyRequest: { routes: ['/app/moneyRequest'] },
  moneyRequestView: { routes: ['/app/moneyRequest/$id'] },
  moneyRequests: { routes: ['/app/moneyRequests'] },
  walletAssets: { routes: ['/app/wallet'] },
  withdrawal: { routes: ['/app/withdraw'] },
};
