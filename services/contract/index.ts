/** The catalogue: every service the gateway serves, by its spec §7 name. Client and server share it. */
import type { ServiceContract } from './define.ts';
import * as content from './document.ts';
import * as session from './session.ts';
import * as accounts from './signUp.ts';
import * as payPassword from './payPassword.ts';
import * as settings from './settings.ts';
import * as captcha from './captcha.ts';
import * as changeMobile from './changeMobile.ts';
import * as verification from './personalVerification.ts';
import * as enterprise from './enterpriseVerification.ts';
import * as platform from './platform.ts';
import * as wallet from './walletAssets.ts';
import * as cards from './cardList.ts';
import * as topup from './topup.ts';
import * as withdraw from './withdrawal.ts';

const all = [
  content.getDocument,
  content.getNoticeDetail,
  session.checkAuthToken,
  session.logout,
  accounts.sendAuthCode,
  accounts.doRegister,
  accounts.setLoginPwdAndActive,
  accounts.passwordLogin,
  accounts.sendSMS,
  accounts.authSmsLoginAdvance,
  accounts.checkAccount4FindPassword,
  accounts.checkVerifyCode,
  accounts.findLoginPassword,
  accounts.getMemberTypeAndOperators,
  payPassword.getRandomKey,
  settings.settingMain,
  captcha.preCheckCaptchaCode,
  captcha.checkCaptchaCode,
  changeMobile.advance,
  changeMobile.identityCheck,
  changeMobile.getVerifyCode,
  changeMobile.preCheck,
  changeMobile.bindingMobile,
  changeMobile.queryImgFiles,
  changeMobile.submit,
  verification.identityAuth,
  verification.getRealName,
  enterprise.advance,
  enterprise.apply,
  enterprise.queryAllProvCities,
  payPassword.setPayPwd,
  payPassword.checkPayPwd,
  payPassword.validatePayPwd,
  payPassword.forgetPayPassword,
  platform.redeem,
  platform.whoami,
  platform.signOut,
  platform.verificationQueue,
  platform.verificationDetail,
  platform.verificationDecide,
  platform.rebindingQueue,
  platform.rebindingDetail,
  platform.rebindingDecide,
  platform.memberLookup,
  platform.auditQuery,
  wallet.getUserAssets,
  wallet.queryAccountBalance,
  wallet.queryPayee,
  wallet.doTransfer,
  wallet.queryFundDetails,
  wallet.queryFundDetail,
  cards.checkCardBin,
  cards.inputMobile,
  cards.verifyAuthCode,
  cards.getAllBankCard,
  cards.removeBankCard,
  cards.getBankLimit,
  cards.getSupportBankAndLimit,
  topup.applyTopup,
  topup.resendTopupCode,
  topup.verifyTopupCode,
  topup.confirmTopup,
  topup.queryTopup,
  withdraw.queryWithdrawInfo,
  withdraw.queryLimits,
  withdraw.querySerivceCharge,
  withdraw.queryCardInfoList,
  withdraw.queryNeedBankBranch,
  withdraw.queryWithdrawProvCities,
  withdraw.queryBranches,
  withdraw.applyWithdraw,
  withdraw.newWithdrawApply,
  withdraw.queryWithdrawStatus,
] as const;

type Contracts = { [C in (typeof all)[number] as C['name']]: C };
export const contracts = Object.fromEntries(all.map((c) => [c.name, c])) as Contracts;
export type ServiceName = keyof Contracts;
export const contractList: readonly ServiceContract[] = all;

export { content, session, accounts, payPassword, settings, captcha, changeMobile, verification, enterprise, platform, wallet, cards, topup, withdraw };
export * from './answerCodes.ts';
export * from './define.ts';
