/**
 * Every answer code the gateway can give. `S0001`/`AGW20001` (gateway) and `0`/`1004` (legacy)
 * are the spec's; the others are ours. Each has a localised message under `errors.<code>` in locales/.
 */
export const CODES = {
  ok: 'S0001',
  sessionLost: 'AGW20001',
  malformedEnvelope: 'AGW10001',
  unknownService: 'AGW10002',
  invalidParameters: 'AGW10003',
  bodyTooLarge: 'AGW10004',
  forbidden: 'AGW10005',
  tooManyRequests: 'AGW10006',
  internal: 'AGW50000',
  /** The database was unreachable or switching over: nothing can be said of the call; the app sends it again as it was (same requestNo). */
  unavailable: 'AGW50300',
  uploadNoFile: 'UPL10001',
  uploadTypeRefused: 'UPL10002',
  uploadTooLarge: 'UPL10003',
  notFound: 'CNT40401',
} as const;

/** Refusals of the accounts flows (sign-up, log-in, recovery, codes, passwords). */
export const ACCOUNT_CODES = {
  alreadyRegistered: 'REG10001',
  ticketExpired: 'REG10002',
  wrongCode: 'COD10001',
  codeExpired: 'COD10002',
  codeTriesExhausted: 'COD10003',
  resendTooSoon: 'COD10004',
  sendingTooMuch: 'COD10005',
  wrongCredentials: 'LGN10001',
  accountLocked: 'LGN10002',
  accountNotFound: 'ACC10001',
  accountLookupsExhausted: 'ACC10002',
  weakPassword: 'PWD10001',
  samePassword: 'PWD10002',
  wrongPayPassword: 'PAY10001',
  payLocked: 'PAY10002',
  payPasswordAlreadySet: 'PAY10003',
  weakPayPassword: 'PAY10004',
  keypadExpired: 'PAY10005',
  payPasswordNotSet: 'PAY10006',
  payResetByCard: 'PAY10007',
  captchaRequired: 'CAP10001',
  captchaWrong: 'CAP10002',
  mobileTaken: 'MOB10001',
  sameMobile: 'MOB10002',
  requestNotFound: 'MOB10003',
  photosMissing: 'MOB10004',
  nifNotFound: 'VER10001',
  nifTaken: 'VER10002',
  documentExpired: 'VER10003',
  nameMismatch: 'VER10004',
  verificationFailed: 'VER10005',
  alreadyVerified: 'VER10006',
  individualsOnly: 'VER10007',
  enterprisesOnly: 'ENT10001',
  alreadyPending: 'ENT10002',
  documentsInvalid: 'ENT10003',
  companyNifTaken: 'ENT10004',
} as const;

/** Refusals of the operators' platform area (single sign-on and reviews). */
export const PLATFORM_CODES = {
  notAnOperator: 'PLT10001',
  alreadyDecided: 'PLT10002',
  reasonRequired: 'PLT10003',
  reviewNotFound: 'PLT10004',
  handoffInvalid: 'PLT10005',
  signInFailed: 'PLT10006',
} as const;

/** Refusals of the money-moving calls (ledger, transfers, withdrawals, cards). */
export const LEDGER_CODES = {
  insufficientFunds: 'FND10001',
  requestNoReused: 'FND10002',
  limitExceeded: 'FND10003',
  verificationNeeded: 'FND10004',
  payeeNotFound: 'FND10005',
  payeeIsSelf: 'FND10006',
  amountInvalid: 'FND10007',
  payAuthorizationInvalid: 'FND10008',
  payeeLookupsExhausted: 'FND10009',
} as const;

/** Refusals of the bank-card calls: binding, top-ups from a card and withdrawals to one. */
export const CARD_CODES = {
  binUnknown: 'CRD10001',
  creditCard: 'CRD10002',
  holderNotMember: 'CRD10003',
  mobileMismatch: 'CRD10004',
  cardUnknown: 'CRD10005',
  alreadyBound: 'CRD10006',
  bindExpired: 'CRD10007',
  cardNotFound: 'CRD10008',
  bankNotSupported: 'CRD10009',
  bankLimit: 'CRD10010',
  topupNotFound: 'TOP10001',
  topupCodeNeeded: 'TOP10002',
  topupAlreadyConfirmed: 'TOP10003',
  withdrawalNotFound: 'WDR10001',
  branchRequired: 'WDR10002',
  branchUnknown: 'WDR10003',
  chargeChanged: 'WDR10004',
} as const;

/** Refusals of the merchant flows: opening, stores, collection codes, paying merchants, payment codes. */
export const MERCHANT_CODES = {
  notAnEnterprise: 'MCH10001',
  alreadyMerchant: 'MCH10002',
  notAMerchant: 'MCH10003',
  notYours: 'MCH10004',
  storeClosed: 'MCH10005',
  codeUnknown: 'MCH10006',
  codeUnbound: 'MCH10007',
  codeExpired: 'MCH10008',
  codeAlreadyPaid: 'MCH10009',
  stickerAlreadyBound: 'MCH10010',
  amountMismatch: 'MCH10011',
  chargeNotFound: 'MCH10013',
  payingOwnStore: 'MCH10014',
  passwordFreeOverCap: 'MCH10015',
  categoryUnknown: 'MCH10016',
  placeUnknown: 'MCH10017',
  // a payment-code charge the member said no to on their phone: the charge's refusal, for the cashier
  customerDeclined: 'MCH10018',
} as const;

/** Refusals of the merchant back office: staff and invitations (spec §4, §5, §6), records and refunds. */
export const STAFF_CODES = {
  alreadyStaff: 'STF10001',
  sendingTooMuch: 'STF10002',
  invitationExpired: 'STF10003',
  invitationWithdrawn: 'STF10004',
  invitationAnswered: 'STF10005',
  invitationUnknown: 'STF10006',
  assignedElsewhere: 'STF10007',
  notStaffHere: 'STF10008',
  staffRemoved: 'STF10009',
  ownerOnly: 'STF10010',
  notAnIndividual: 'STF10011',
  refundOverPaid: 'STF10012',
  recordUnknown: 'STF10013',
} as const;

/** Refusals of the promotions at the till (README "Promotions"): paying with them, and making them. */
export const PROMOTION_CODES = {
  quoteChanged: 'PRM10001',
  couponStockGone: 'PRM10002',
  budgetGone: 'PRM10003',
  memberLimitReached: 'PRM10004',
  couponUnusable: 'PRM10005',
  fundingShort: 'PRM10006',
  ratioInvalid: 'PRM10010',
  maxBelowMin: 'PRM10011',
  limitInvalid: 'PRM10012',
  endBeforeStart: 'PRM10013',
  couponClaimed: 'PRM10014',
  couponNotClaimable: 'PRM10015',
  policyInvalid: 'PRM10016',
  promotionEnded: 'PRM10017',
} as const;

/**
 * Refusals of group purchases (README "Group purchases"): making a package, buying one (a merchant
 * payment: the payment's own refusals too), and redeeming its voucher at the till.
 */
export const GROUP_CODES = {
  priceNotBelowNormal: 'GRP10001',
  stockInvalid: 'GRP10002',
  validityInvalid: 'GRP10003',
  contentInvalid: 'GRP10004',
  packageEnded: 'GRP10005',
  packageUnknown: 'GRP10006',
  notOnSale: 'GRP10007',
  soldOut: 'GRP10008',
  voucherUnknown: 'GRP10010',
  voucherOtherMerchant: 'GRP10011',
  voucherRedeemed: 'GRP10012',
  voucherRefunded: 'GRP10013',
  voucherExpired: 'GRP10014',
  /** A whole refund of a package's payment cancels its voucher: not once the voucher was used at the till (a partial refund still can). */
  refundOfRedeemedVoucher: 'GRP10015',
  /** A merchant's withdrawal would take money its vouchers not used yet may have to pay back (README "Group purchases"). */
  heldForVouchers: 'GRP10016',
} as const;

/** Favourite payees (issue 26): PAY11xxx, apart from the pay password's PAY10xxx. */
export const PAYEE_CODES = {
  favouriteNotFound: 'PAY11001',
  tooManyFavourites: 'PAY11002',
} as const;

/** The notices inbox (README "Notices inbox"): NTC10xxx. */
export const NOTICE_CODES = {
  noticeUnknown: 'NTC10001',
} as const;

/** A person's receive code (issue 26, README "Receive code"): RCV10xxx. */
export const RECEIVE_CODES = {
  notVerified: 'RCV10001',
  notAPerson: 'RCV10002',
  codeUnknown: 'RCV10003',
  codeAlreadyPaid: 'RCV10004',
  codeExpired: 'RCV10005',
  amountDiffers: 'RCV10006',
  tooManyOpenCodes: 'RCV10007',
} as const;

/**
 * The offline payment code (README "Payment code without signal"): MCH12xxx. The first two are the
 * phone's own answers when it has no network (no server said them); the third is the server's.
 */
export const OFFLINE_CODE_CODES = {
  offlineNotEnrolled: 'MCH12001',
  offlineRanOut: 'MCH12002',
  deviceNotEnrolled: 'MCH12003',
} as const;

/** Money requests (README "Money requests"): asking another member for money. */
export const REQUEST_CODES = {
  tooManyRequests: 'REQ10001',
  alreadyAsked: 'REQ10002',
  requestNotFound: 'REQ10003',
  requestClosed: 'REQ10004',
  individualsOnly: 'REQ10005',
} as const;

/** The share pages (README "Share pages"): what a shared link names cannot be offered now (spec §8). */
export const SHARE_CODES = {
  shareExpired: 'SHR10001',
} as const;

/** Refusals of the lottery (README "Lottery"): drawing, and making an activity. */
export const LOTTERY_CODES = {
  noDrawsLeft: 'LOT10001',
  lotteryEnded: 'LOT10002',
  individualsOnly: 'LOT10003',
  lotteryNotStarted: 'LOT10004',
  lotteryUnknown: 'LOT10005',
  oddsOverWhole: 'LOT10010',
  prizesOverBudget: 'LOT10011',
  lotteryDatesInvalid: 'LOT10012',
  tooManyPrizes: 'LOT10013',
  deliveryNotFailed: 'LOT10014',
} as const;

/** The merchant's daily payout (README "Daily payout"): PYO10xxx. */
export const PAYOUT_CODES = {
  /** The card's bank routes a payout by branch, which an automatic payout cannot choose: pick another card. */
  cardNeedsBranch: 'PYO10001',
} as const;

export type Code =
  | (typeof CODES)[keyof typeof CODES]
  | (typeof ACCOUNT_CODES)[keyof typeof ACCOUNT_CODES]
  | (typeof PLATFORM_CODES)[keyof typeof PLATFORM_CODES]
  | (typeof LEDGER_CODES)[keyof typeof LEDGER_CODES]
  | (typeof CARD_CODES)[keyof typeof CARD_CODES]
  | (typeof MERCHANT_CODES)[keyof typeof MERCHANT_CODES]
  | (typeof STAFF_CODES)[keyof typeof STAFF_CODES]
  | (typeof PROMOTION_CODES)[keyof typeof PROMOTION_CODES]
  | (typeof GROUP_CODES)[keyof typeof GROUP_CODES]
  | (typeof SHARE_CODES)[keyof typeof SHARE_CODES]
  | (typeof LOTTERY_CODES)[keyof typeof LOTTERY_CODES]
  | (typeof PAYEE_CODES)[keyof typeof PAYEE_CODES]
  | (typeof NOTICE_CODES)[keyof typeof NOTICE_CODES]
  | (typeof PAYOUT_CODES)[keyof typeof PAYOUT_CODES]
  | (typeof RECEIVE_CODES)[keyof typeof RECEIVE_CODES]
  | (typeof OFFLINE_CODE_CODES)[keyof typeof OFFLINE_CODE_CODES]
  | (typeof REQUEST_CODES)[keyof typeof REQUEST_CODES];

/** The largest upload, unless the server's MAX_UPLOAD_MB says otherwise; the client checks before sending. */
export const UPLOAD_LIMIT_MB = 10;

/** Legacy transport statuses: success and session lost are numbers, other refusals carry our code. */
export const LEGACY_OK = 0;
export const LEGACY_SESSION_LOST = 1004;

export const ALL_CODES: readonly Code[] = [...Object.values(CODES), ...Object.values(ACCOUNT_CODES), ...Object.values(PLATFORM_CODES), ...Object.values(LEDGER_CODES), ...Object.values(CARD_CODES), ...Object.values(MERCHANT_CODES), ...Object.values(STAFF_CODES), ...Object.values(PROMOTION_CODES), ...Object.values(GROUP_CODES), ...Object.values(SHARE_CODES), ...Object.values(LOTTERY_CODES), ...Object.values(PAYEE_CODES), ...Object.values(NOTICE_CODES), ...Object.values(PAYOUT_CODES), ...Object.values(RECEIVE_CODES), ...Object.values(OFFLINE_CODE_CODES), ...Object.values(REQUEST_CODES)];

/** Header names the legacy helper sends (spec §7); the server reads the same constants. */
export const LEGACY_HEADERS = {
  sarsTokenId: 'sars-token-id',
  ssoAuth: 'sso-auth-token',
  userAuth: 'user-auth-token',
  partnerId: 'partner-id',
  agent: 'x-kjt-agent',
  loginToken: 'login-token',
  deviceId: 'app-device-id',
  deviceType: 'app-device-type',
} as const;
