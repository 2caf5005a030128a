/**
 * The catalogue: every service the gateway serves, by its spec §7 name, gathered from the contract
 * module of each flow (services/contract/<flow>.ts). Client and server share it; a new flow's
 * module is added to FLOW_CONTRACTS and every call it exports is served (a call without a server
 * handler does not compile: server/registry.ts).
 */
import type { ServiceContract } from './define.ts';
import * as document from './document.ts';
import * as session from './session.ts';
import * as signUp from './signUp.ts';
import * as login from './login.ts';
import * as recoverPassword from './recoverPassword.ts';
import * as payPassword from './payPassword.ts';
import * as settings from './settings.ts';
import * as captcha from './captcha.ts';
import * as changeMobile from './changeMobile.ts';
import * as personalVerification from './personalVerification.ts';
import * as enterpriseVerification from './enterpriseVerification.ts';
import * as platform from './platform.ts';
import * as walletAssets from './walletAssets.ts';
import * as transfer from './transfer.ts';
import * as fundDetail from './fundDetail.ts';
import * as cardList from './cardList.ts';
import * as bindCard from './bindCard.ts';
import * as topup from './topup.ts';
import * as withdrawal from './withdrawal.ts';
import * as scanToPay from './scanToPay.ts';
import * as cashier from './cashier.ts';
import * as paymentCode from './paymentCode.ts';
import * as passwordFree from './passwordFree.ts';
import * as merchantOpening from './merchantOpening.ts';
import * as subMerchant from './subMerchant.ts';
import * as merchantList from './merchantList.ts';
import * as store from './store.ts';
import * as codeBinding from './codeBinding.ts';
import * as stickers from './stickers.ts';
import * as merchantHome from './merchantHome.ts';
import * as appInfo from './appInfo.ts';
import * as loginPassword from './loginPassword.ts';
import * as records from './records.ts';
import * as refund from './refund.ts';
import * as staffInvitation from './staffInvitation.ts';
import * as invitation from './invitation.ts';
import * as staffList from './staffList.ts';
import * as collectionAnalysis from './collectionAnalysis.ts';
import * as paymentAlerts from './paymentAlerts.ts';
import * as promotions from './promotions.ts';
import * as cashback from './cashback.ts';
import * as reduction from './reduction.ts';
import * as myCoupons from './myCoupons.ts';
import * as couponClaim from './couponClaim.ts';
import * as platformPromotions from './platformPromotions.ts';
import * as groupPackages from './groupPackages.ts';
import * as sharePages from './sharePages.ts';
import * as lottery from './lottery.ts';
import * as platformLottery from './platformLottery.ts';
import * as video from './video.ts';
import * as demo from './demo.ts';
import * as notices from './notices.ts';
import * as dailyPayout from './dailyPayout.ts';
import * as dayReport from './dayReport.ts';
import * as receiveCode from './receiveCode.ts';
import * as moneyRequest from './moneyRequest.ts';

/** Each flow's contract module, by the flow's name. */
export const FLOW_CONTRACTS = {
  document, session, signUp, login, recoverPassword, payPassword, settings, captcha, changeMobile, personalVerification,
  enterpriseVerification, platform, walletAssets, transfer, fundDetail, cardList, bindCard, topup, withdrawal,
  scanToPay, cashier, paymentCode, passwordFree,
  merchantOpening, subMerchant, merchantList, store, codeBinding, stickers, merchantHome,
  appInfo, loginPassword,
  staffInvitation, invitation, staffList,
  collectionAnalysis, paymentAlerts,
  records, refund,
  promotions, platformPromotions,
  // the member's side of promotions (issue 23)
  cashback, reduction, myCoupons, couponClaim,
  // group purchases (issue 24, server side): packages, their purchase and vouchers
  groupPackages,
  sharePages,
  // the lottery (issue 25): the member's draws and their check, the operators' activities
  lottery, platformLottery,
  // help videos and the guided demo (issue 25, content)
  video, demo,
  // the notices inbox (issue 26, part 5)
  notices,
  // the shop's money in the bank every evening (issue 26, part 7): the daily payout and the end-of-day report
  dailyPayout, dayReport,
  // a person's receive code (issue 26): shown, printed, scanned and paid as a transfer
  receiveCode,
  // asking another member for money (issue 26, part 2)
  moneyRequest,
};

import type { RequestOf } from './define.ts';

type Modules = typeof FLOW_CONTRACTS;
type Exported = { [F in keyof Modules]: Modules[F][keyof Modules[F]] }[keyof Modules];
type AnyContract = Extract<Exported, ServiceContract>;
type Contracts = { [C in AnyContract as C['name']]: C };

const isContract = (value: unknown): value is ServiceContract =>
  typeof value === 'object' && value !== null && 'name' in value && 'audience' in value && 'request' in value && 'response' in value;

/** Every call with the flow whose module declares it. */
export const contractList: ReadonlyArray<{ flow: keyof Modules; contract: ServiceContract }> = Object.entries(FLOW_CONTRACTS).flatMap(([flow, module]) =>
  Object.values(module).filter(isContract).map((contract) => ({ flow: flow as keyof Modules, contract })),
);
export const contracts = Object.fromEntries(contractList.map(({ contract }) => [contract.name, contract])) as Contracts;
export type ServiceName = keyof Contracts;

/** The money calls a payment makes (machines/payment.machine.ts): those whose request carries a pay token from checkPayPwd. */
export type PaymentService = { [N in ServiceName]: RequestOf<Contracts[N]> extends infer R ? (R extends { payToken: string } ? N : never) : never }[ServiceName];
/** What a money call sends besides its pay token (the form of its request that takes one). */
export type PaymentRequestOf<S extends PaymentService> = RequestOf<Contracts[S]> extends infer R ? (R extends { payToken: string } ? Omit<R, 'payToken'> : never) : never;

export * from './answerCodes.ts';
export * from './define.ts';
