import type { z } from 'zod';
import { contracts, CODES, type ServiceName } from '../services/contract/index.ts';
import { DomainError } from './errors.ts';
import { authenticate, sessionCheck, type Principal } from './auth/sessions.ts';
import type { Flow, FlowHandlers, Handler, HandlerContext, Handlers, InStatementSessionHandler, RegisteredHandler } from './handler.ts';
import { documentHandlers } from './domains/document/handlers.ts';
import { sessionHandlers } from './domains/session/handlers.ts';
import { signUpHandlers } from './domains/signUp/handlers.ts';
import { loginHandlers } from './domains/login/handlers.ts';
import { recoverPasswordHandlers } from './domains/recoverPassword/handlers.ts';
import { payPasswordHandlers } from './domains/payPassword/handlers.ts';
import { settingsHandlers } from './domains/settings/handlers.ts';
import { captchaHandlers } from './domains/captcha/handlers.ts';
import { changeMobileHandlers } from './domains/changeMobile/handlers.ts';
import { personalVerificationHandlers } from './domains/personalVerification/handlers.ts';
import { enterpriseVerificationHandlers } from './domains/enterpriseVerification/handlers.ts';
import { platformHandlers } from './domains/platform/handlers.ts';
import { walletAssetsHandlers } from './domains/walletAssets/handlers.ts';
import { transferHandlers } from './domains/transfer/handlers.ts';
import { receiveCodeHandlers } from './domains/receiveCode/handlers.ts';
import { fundDetailHandlers } from './domains/fundDetail/handlers.ts';
import { cardListHandlers } from './domains/cardList/handlers.ts';
import { bindCardHandlers } from './domains/bindCard/handlers.ts';
import { topupHandlers } from './domains/topup/handlers.ts';
import { withdrawalHandlers } from './domains/withdrawal/handlers.ts';
import { scanToPayHandlers } from './domains/scanToPay/handlers.ts';
import { cashierHandlers } from './domains/cashier/handlers.ts';
import { paymentCodeHandlers } from './domains/paymentCode/handlers.ts';
import { passwordFreeHandlers } from './domains/passwordFree/handlers.ts';
import { merchantOpeningHandlers } from './domains/merchantOpening/handlers.ts';
import { subMerchantHandlers } from './domains/subMerchant/handlers.ts';
import { merchantListHandlers } from './domains/merchantList/handlers.ts';
import { storeHandlers } from './domains/store/handlers.ts';
import { promotionsHandlers } from './domains/promotions/handlers.ts';
import { cashbackHandlers } from './domains/cashback/handlers.ts';
import { reductionHandlers } from './domains/reduction/handlers.ts';
import { myCouponsHandlers } from './domains/myCoupons/handlers.ts';
import { couponClaimHandlers } from './domains/couponClaim/handlers.ts';
import { platformPromotionsHandlers } from './domains/platformPromotions/handlers.ts';
import { groupPackagesHandlers } from './domains/groupPackages/handlers.ts';
import { sharePagesHandlers } from './domains/sharePages/handlers.ts';
import { codeBindingHandlers } from './domains/codeBinding/handlers.ts';
import { stickersHandlers } from './domains/stickers/handlers.ts';
import { merchantHomeHandlers } from './domains/merchantHome/handlers.ts';
import { staffInvitationHandlers } from './domains/staffInvitation/handlers.ts';
import { invitationHandlers } from './domains/invitation/handlers.ts';
import { staffListHandlers } from './domains/staffList/handlers.ts';
import { appInfoHandlers } from './domains/appInfo/handlers.ts';
import { loginPasswordHandlers } from './domains/loginPassword/handlers.ts';
import { recordsHandlers } from './domains/records/handlers.ts';
import { refundHandlers } from './domains/refund/handlers.ts';
import { collectionAnalysisHandlers } from './domains/collectionAnalysis/handlers.ts';
import { paymentAlertsHandlers } from './domains/paymentAlerts/handlers.ts';
import { videoHandlers } from './domains/video/handlers.ts';
import { demoHandlers } from './domains/demo/handlers.ts';
import { noticesHandlers } from './domains/notices/handlers.ts';
import { lotteryHandlers } from './domains/lottery/handlers.ts';
import { dailyPayoutHandlers } from './domains/dailyPayout/handlers.ts';
import { dayReportHandlers } from './domains/dayReport/handlers.ts';
import { platformLotteryHandlers } from './domains/platformLottery/handlers.ts';
import { moneyRequestHandlers } from './domains/moneyRequest/handlers.ts';
import { callAnswered } from './domains/paymentAlerts/watch.ts';

/**
 * Each flow's handlers (server/domains/<flow>/handlers.ts), by the flow's name in the contract
 * catalogue: a flow without its entry, or a call without its handler, does not compile.
 */
const FLOW_HANDLERS = {
  document: documentHandlers, session: sessionHandlers, signUp: signUpHandlers, login: loginHandlers, recoverPassword: recoverPasswordHandlers,
  payPassword: payPasswordHandlers, settings: settingsHandlers, captcha: captchaHandlers, changeMobile: changeMobileHandlers,
  personalVerification: personalVerificationHandlers, enterpriseVerification: enterpriseVerificationHandlers, platform: platformHandlers,
  walletAssets: walletAssetsHandlers, transfer: transferHandlers, fundDetail: fundDetailHandlers, cardList: cardListHandlers, bindCard: bindCardHandlers,
  topup: topupHandlers, withdrawal: withdrawalHandlers,
  scanToPay: scanToPayHandlers, cashier: cashierHandlers, paymentCode: paymentCodeHandlers, passwordFree: passwordFreeHandlers,
  merchantOpening: merchantOpeningHandlers, subMerchant: subMerchantHandlers, merchantList: merchantListHandlers, store: storeHandlers,
  codeBinding: codeBindingHandlers, stickers: stickersHandlers, merchantHome: merchantHomeHandlers,
  staffInvitation: staffInvitationHandlers, invitation: invitationHandlers, staffList: staffListHandlers,
  appInfo: appInfoHandlers, loginPassword: loginPasswordHandlers,
  records: recordsHandlers, refund: refundHandlers, promotions: promotionsHandlers, platformPromotions: platformPromotionsHandlers,
  cashback: cashbackHandlers, reduction: reductionHandlers, myCoupons: myCouponsHandlers, couponClaim: couponClaimHandlers,
  groupPackages: groupPackagesHandlers, sharePages: sharePagesHandlers,
  collectionAnalysis: collectionAnalysisHandlers, paymentAlerts: paymentAlertsHandlers,
  video: videoHandlers, demo: demoHandlers,
  lottery: lotteryHandlers, platformLottery: platformLotteryHandlers,
  notices: noticesHandlers,
  dailyPayout: dailyPayoutHandlers, dayReport: dayReportHandlers,
  receiveCode: receiveCodeHandlers,
  moneyRequest: moneyRequestHandlers,
} satisfies { [F in Flow]: FlowHandlers<F> };

/** One handler per catalogue entry. */
const handlers = Object.assign({}, ...Object.values(FLOW_HANDLERS)) as Handlers;

export interface Caller {
  token: string;
  /** The audience the caller's token type claims (LOGIN_TOKEN → member, SSO-AUTH → operator). */
  claimedAudience: 'member' | 'operator' | 'third-party';
  /** The app's own call, not the person's (services/contract/transport.ts BACKGROUND_HEADER): it does not slide the session's idle window. */
  background?: boolean;
}

const checksSessionInStatement = (handler: RegisteredHandler<ServiceName>): handler is InStatementSessionHandler<ServiceName> =>
  typeof handler === 'object' && handler.sessionCheck === 'inStatement';

/** The signed-in principal for a service's audience, or the refusal every service gives. */
async function requirePrincipal(audience: string, caller: Caller, ctx: DispatchContext): Promise<Principal> {
  const principal = await authenticate(ctx.db, caller.token, { idleMs: ctx.config.sessionIdleMs, lifetimeMs: ctx.config.sessionLifetimeMs }, !caller.background);
  if (!principal) throw new DomainError(CODES.sessionLost);
  if (principal.audience !== audience || caller.claimedAudience !== audience) throw new DomainError(CODES.forbidden, 403);
  return principal;
}

/** What a transport knows of a call before the registry authenticates it. */
export type DispatchContext = Omit<HandlerContext, 'principal'>;

/**
 * Both transports end here: find the service, authenticate for its audience, validate the input
 * with the contract, run the handler, and check the answer against the contract too.
 */
export async function dispatch(service: string, bizContent: unknown, caller: Caller, ctx: DispatchContext): Promise<unknown> {
  if (!Object.hasOwn(contracts, service)) throw new DomainError(CODES.unknownService, 404);
  const name = service as ServiceName;
  const contract = contracts[name];
  const registered = handlers[name] as RegisteredHandler<ServiceName>;

  // a service that checks the session in its own statement (declared where it is registered: handler.ts)
  if (checksSessionInStatement(registered)) {
    const parsed = contract.request.safeParse(bizContent);
    const session = sessionCheck(caller.token, { idleMs: ctx.config.sessionIdleMs, lifetimeMs: ctx.config.sessionLifetimeMs }, !caller.background);
    // off the usual path, check the session first, so that the answer is the one any other service gives
    if (!session || !parsed.success || caller.claimedAudience !== contract.audience) await requirePrincipal(contract.audience, caller, ctx);
    const input = validInput(parsed);
    if (!session) throw new DomainError(CODES.sessionLost); // (requirePrincipal has refused it already)
    const answer = contract.response.parse(await registered.handle(input as never, { ...ctx, session }));
    callAnswered(name, ctx.db); // committed: wake the live payment alerts at once (paymentAlerts/watch.ts)
    return answer;
  }

  const principal = contract.audience !== 'public' ? await requirePrincipal(contract.audience, caller, ctx) : null;
  const input = validInput(contract.request.safeParse(bizContent));
  const handler = registered as Handler<ServiceName>;
  const answer = contract.response.parse(await handler(input as never, { ...ctx, principal }));
  callAnswered(name, ctx.db);
  return answer;
}

/** The validated input, or the refusal naming the first field at fault. */
function validInput(parsed: z.ZodSafeParseResult<unknown>): unknown {
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw new DomainError(CODES.invalidParameters, 200, issue ? issue.path.join('.') || undefined : undefined);
}

export function claimedAudience(loginTokenType: string): Caller['claimedAudience'] {
  if (loginTokenType === 'SSO-AUTH') return 'operator';
  if (loginTokenType === 'THIRD-PARTY-AUTH') return 'third-party';
  return 'member';
}
