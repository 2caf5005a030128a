/**
 * How each chart's screen is drawn for the flow book: the view the flow's screen test renders
 * (tests/screens/<flow>.screen.test.tsx), with the same props. A chart missing here is photographed
 * by no one and the book says so on its page. The page around it (its header) is the route of
 * frames.ts; what the route's screen draws beside the view is `BESIDE` (the till's live alerts).
 */
import type { ReactElement, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { EventObject, SnapshotFrom } from 'xstate';
import type { boundCardsMachine } from '../../../machines/boundCards.machine.ts';
import type { cardChoiceMachine } from '../../../machines/cardChoice.machine.ts';
import { amountEntryShown } from '../../../screens/common/AmountEntryView.tsx';
import { BoundCardsView } from '../../../screens/common/BoundCardsView.tsx';
import { BindCardView } from '../../../screens/bindCard/BindCardView.tsx';
import { CaptchaView, type RenderCaptcha } from '../../../screens/common/CaptchaBox.tsx';
import { CardListView } from '../../../screens/cardList/CardListView.tsx';
import { CashierView } from '../../../screens/cashier/CashierView.tsx';
import { CodeChargeView } from '../../../screens/cashier/CodeChargeView.tsx';
import { DynamicCodeView } from '../../../screens/cashier/DynamicCodeView.tsx';
import { ChangeMobileView } from '../../../screens/changeMobile/ChangeMobileView.tsx';
import { CodeBindingView } from '../../../screens/codeBinding/CodeBindingView.tsx';
import { CodeEntryView } from '../../../screens/common/CodeEntryView.tsx';
import { CustomRangeForm } from '../../../screens/common/DateFilter.tsx';
import { DocumentView } from '../../../screens/common/DocumentView.tsx';
import { EnterpriseVerificationView } from '../../../screens/enterpriseVerification/EnterpriseVerificationView.tsx';
import { FundDetailView, FundLinesView } from '../../../screens/common/FundDetailView.tsx';
import { LoginView } from '../../../screens/login/LoginView.tsx';
import { MerchantListView } from '../../../screens/merchantList/MerchantListView.tsx';
import { MerchantOpeningView, openingCardsSteps } from '../../../screens/merchantOpening/MerchantOpeningView.tsx';
import { NewPasswordView } from '../../../screens/common/NewPasswordView.tsx';
import { OperatorSignInView } from '../../../screens/operatorSignIn/OperatorSignInView.tsx';
import { PasswordFreeView } from '../../../screens/passwordFree/PasswordFreeView.tsx';
import { PayPasswordView } from '../../../screens/payPassword/PayPasswordView.tsx';
import { PaymentCodeView } from '../../../screens/paymentCode/PaymentCodeView.tsx';
import { PersonalVerificationView } from '../../../screens/personalVerification/PersonalVerificationView.tsx';
import { RecoverPasswordView } from '../../../screens/recoverPassword/RecoverPasswordView.tsx';
import { ReviewView } from '../../../screens/review/ReviewView.tsx';
import { ScanToPayView } from '../../../screens/scanToPay/ScanToPayView.tsx';
import { ScannerView } from '../../../screens/common/Scanner.tsx';
import { SendCodeView } from '../../../screens/common/SendCodeView.tsx';
import { SessionCover } from '../../../screens/session/SessionCover.tsx';
import { SignUpView } from '../../../screens/signUp/SignUpView.tsx';
import { StickersView } from '../../../screens/stickers/StickersView.tsx';
import { StoreView } from '../../../screens/store/StoreView.tsx';
import { SubMerchantView } from '../../../screens/subMerchant/SubMerchantView.tsx';
import { TokenEntryView } from '../../../screens/tokenEntry/TokenEntryView.tsx';
import { TopupView } from '../../../screens/topup/TopupView.tsx';
import { TransferView, TRANSFER_PAYEE_PAGE, TRANSFER_PAYMENT_WORDS } from '../../../screens/transfer/TransferView.tsx';
import { PayeeCheckView } from '../../../screens/common/PayeeCheckView.tsx';
import { ReceiveCodeView } from '../../../screens/receiveCode/ReceiveCodeView.tsx';
import { CodeTransferView } from '../../../screens/codeTransfer/CodeTransferView.tsx';
import { AskView } from '../../../screens/moneyRequest/AskView.tsx';
import { RequestView } from '../../../screens/moneyRequestView/RequestView.tsx';
import { RequestsView } from '../../../screens/moneyRequests/RequestsView.tsx';
import { PayConfirmView } from '../../../screens/common/PayConfirmView.tsx';
import { NewPayPasswordView } from '../../../screens/common/NewPayPasswordView.tsx';
import { PaymentView } from '../../../screens/common/payment.tsx';
import { CardChoiceView, WaitingForBankView } from '../../../screens/common/bank.tsx';
import { WalletAssetsView } from '../../../screens/walletAssets/WalletAssetsView.tsx';
import { WithdrawalAmountForm, WithdrawalView } from '../../../screens/withdrawal/WithdrawalView.tsx';
import { BranchPickerView } from '../../../screens/common/BranchPickerView.tsx';
import { CollectionAnalysisView } from '../../../screens/collectionAnalysis/CollectionAnalysisView.tsx';
import { DailyPayoutView } from '../../../screens/dailyPayout/DailyPayoutView.tsx';
import { DayReportView } from '../../../screens/dayReport/DayReportView.tsx';
import { InvitationView } from '../../../screens/invitation/InvitationView.tsx';
import { LoginPasswordView } from '../../../screens/loginPassword/LoginPasswordView.tsx';
import { PaymentAlertsView } from '../../../screens/common/PaymentAlerts.tsx';
import { RecordsView } from '../../../screens/records/RecordsView.tsx';
import { ReceiptView } from '../../../screens/receipt/ReceiptView.tsx';
import { NoticesView } from '../../../screens/notices/NoticesView.tsx';
import { RefundView } from '../../../screens/refund/RefundView.tsx';
import { CouponClaimView } from '../../../screens/couponClaim/CouponClaimView.tsx';
import { LuckyAppView } from '../../../screens/lotteryDraw/LuckyAppView.tsx';
import { LotteryCheckView } from '../../../screens/lotteryCheck/LotteryCheckView.tsx';
import { ActivityView } from '../../../screens/activityPage/ActivityView.tsx';
import { VideoView } from '../../../screens/video/VideoView.tsx';
import { VoucherRedeemView } from '../../../screens/voucherRedeem/VoucherRedeemView.tsx';
import { OpenInAppView } from '../../../screens/common/OpenInApp.tsx';
import { ShareLinkView } from '../../../screens/common/ShareLinkButton.tsx';
import { MyCouponsView } from '../../../screens/myCoupons/MyCouponsView.tsx';
import { MyPackagesView } from '../../../screens/myPackages/MyPackagesView.tsx';
import { GroupPurchaseView } from '../../../screens/groupPurchase/GroupPurchaseView.tsx';
import { StaffInvitationView } from '../../../screens/staffInvitation/StaffInvitationView.tsx';
import { StaffDetailView, StaffListView } from '../../../screens/staffList/StaffListView.tsx';
import { PromotionStatusChange, PromotionsView } from '../../../screens/promotions/PromotionsView.tsx';
import { GroupPackagesView } from '../../../screens/groupPackages/GroupPackagesView.tsx';
import { GroupPackageFormView } from '../../../screens/common/GroupPackageFormView.tsx';
import { PromotionFormView } from '../../../screens/common/PromotionFormView.tsx';
import { PlatformPromotionsView } from '../../../screens/platformPromotions/PlatformPromotionsView.tsx';
import { PlatformLotteryView } from '../../../screens/platformLottery/PlatformLotteryView.tsx';
import { LotteryFormView } from '../../../screens/common/LotteryFormView.tsx';

/** `page.alerts`: the live payment alerts panel, as the screens that mount PaymentAlerts show it (listening, two payments in). */
type Render = (state: any, send: (event: EventObject) => void, page: { alerts: ReactNode }) => ReactElement; // eslint-disable-line @typescript-eslint/no-explicit-any

// the captcha is its own chart with its own page; inside another screen it stands as a box
const captcha: RenderCaptcha = (scene) => <div role="group" style={{ border: '1px dashed #8a949e', borderRadius: 8, padding: 12, margin: '8px 0' }}>Captcha ({scene})</div>;
const provinces = { status: 'ready', provinces: [{ id: 'luanda', name: 'Luanda', cities: ['Ingombota', 'Maianga'] }] } as const;
const noUpload = async (file: File) => ({ fileId: 'f', fileName: file.name, contentType: file.type });

// the settlement shows inside top-up and withdrawal; here with top-up's words, as the top-up screen does
function BankSettlement({ state }: { state: Parameters<typeof WaitingForBankView>[0]['settlement'] }) {
  const { t } = useTranslation();
  return <WaitingForBankView settlement={state} summary={() => null} pending={t('topup.pending')} explanation={t('topup.pendingExplain')} another={{ label: t('topup.another'), onStart: () => undefined }} />;
}

// a coupon of the owner's promotions, as its screen test has it (tests/models/promotions.model.ts)
const sampleCoupon = {
  kind: 'coupon' as const, id: '13', name: 'Gaste 300', status: 'active' as const, auto: false,
  terms: { type: '2', ratioBp: null, min: null, max: null, from: 30_000, amountOff: 3_000 }, spend: { amount: 3_000, count: 1, amountLeft: null, countLeft: 9 },
};
// the withdrawal's card and limits, as its screen test has them (tests/models/withdrawal.model.ts)
const sampleCard = {
  cardId: '7', bankCode: '0040', bankShort: 'BAI', bankName: 'Banco Angolano de Investimentos', maskedCardNo: '6004 00** **** 0011', last4: '0011',
  cardType: 'debit' as const, mobileMasked: '923***001', needBranch: false, boundAt: '2026-03-01T10:00:00.000Z',
};
const withdrawLimits = {
  bankCode: '0040', bank: { min: 10_000, perTransaction: 50_000_000, daily: 400_000_000, usedToday: 0 },
  level: { level: 'III' as const, perTransaction: 20_000_000, daily: 50_000_000, monthly: null, usedToday: 0 }, available: 5_000_000, maxAmount: 4_975_000,
};

// the cards child with the opening's words (views its screen test draws), the card choice with top-up's
function OpeningCards({ state, send }: { state: SnapshotFrom<typeof boundCardsMachine>; send: (event: EventObject) => void }) {
  const { t } = useTranslation();
  return <BoundCardsView state={state} send={send} steps={openingCardsSteps(t)} />;
}
function TopupCardChoice({ state, send }: { state: SnapshotFrom<typeof cardChoiceMachine>; send: (event: EventObject) => void }) {
  const { t } = useTranslation();
  return <CardChoiceView state={state} send={send} unanswered={t('topup.limitsFailed')} />;
}

export const VIEWS: Record<string, Render> = {
  // the money pages' children, as their screen tests draw them
  amountEntry: (s, send) => <WithdrawalAmountForm entry={amountEntryShown(s, send)} card={sampleCard} available={5_000_000} limits={withdrawLimits} busy={false} onCardChange={() => undefined} />,
  boundCards: (s, send) => <OpeningCards state={s} send={send} />,
  cardChoice: (s, send) => <TopupCardChoice state={s} send={send} />,
  bindCard: (s, send) => <BindCardView state={s} send={send} from="topup" />,
  captcha: (s, send) => <CaptchaView state={s} send={send} />,
  cardList: (s, send) => <CardListView state={s} send={send} />,
  cashier: (s, send) => <CashierView state={s} send={send} />,
  // the cashier's two modes, at the store their screen tests name
  dynamicCode: (s, send) => <DynamicCodeView state={s} send={send} storeName="Loja Central" />,
  codeCharge: (s, send) => <CodeChargeView state={s} send={send} storeName="Loja Central" />,
  changeMobile: (s, send) => <ChangeMobileView state={s} send={send} />,
  codeBinding: (s, send) => <CodeBindingView state={s} send={send} download={async () => {}} />,
  codeEntry: (s, send) => <CodeEntryView state={s} send={send} id="code" renderCaptcha={captcha} />,
  dateRange: (s, send) => <CustomRangeForm section="records" idPrefix="range" state={s} send={send} />,
  document: (s, send) => <DocumentView state={s} send={send} />,
  enterpriseVerification: (s, send) => <EnterpriseVerificationView state={s} send={send} provinces={provinces as never} upload={noUpload as never} />,
  fundDetail: (s, send) => <FundDetailView state={s} send={send} />,
  // the list child, with the fund detail's lines
  pagedList: (s, send) => <FundLinesView state={s} send={send} />,
  login: (s, send) => <LoginView state={s} send={send} renderCaptcha={captcha} />,
  merchantList: (s, send) => <MerchantListView state={s} send={send} />,
  merchantOpening: (s, send) => <MerchantOpeningView state={s} send={send} />,
  newPassword: (s, send) => <NewPasswordView state={s} send={send} id="password" words={{ title: 'Crie a palavra-passe de acesso', label: 'Palavra-passe', submit: 'Criar conta' }} />,
  operatorSignIn: (s, send) => <OperatorSignInView state={s} send={send} />,
  passwordFree: (s, send) => <PasswordFreeView state={s} send={send} />,
  payPassword: (s, send) => <PayPasswordView state={s} send={send} />,
  paymentCode: (s, send) => <PaymentCodeView state={s} send={send} />,
  personalVerification: (s, send) => <PersonalVerificationView state={s} send={send} />,
  recoverPassword: (s, send) => <RecoverPasswordView state={s} send={send} renderCaptcha={captcha} />,
  review: (s, send) => <ReviewView state={s} send={send} kind="verification" />,
  scanToPay: (s, send) => <ScanToPayView state={s} send={send} />,
  scanner: (s, send) => <ScannerView state={s} send={send} />,
  sendCode: (s, send) => <SendCodeView state={s} send={send} renderCaptcha={captcha} />,
  session: (s, send) => <SessionCover state={s} send={send} />,
  signUp: (s, send) => <SignUpView state={s} send={send} operatorName="Unitel" renderCaptcha={captcha} />,
  stickers: (s, send) => <StickersView state={s} send={send} />,
  store: (s, send) => <StoreView state={s} send={send} upload={noUpload as never} />,
  subMerchant: (s, send) => <SubMerchantView state={s} send={send} />,
  tokenEntry: (s, send) => <TokenEntryView state={s} send={send} onHome={() => {}} />,
  topup: (s, send) => <TopupView state={s} send={send} />,
  transfer: (s, send) => <TransferView state={s} send={send} />,
  receiveCode: (s, send) => <ReceiveCodeView state={s} send={send} />,
  codeTransfer: (s, send) => <CodeTransferView state={s} send={send} />,
  moneyRequest: (s, send) => <AskView state={s} send={send} />,
  moneyRequestView: (s, send) => <RequestView state={s} send={send} />,
  moneyRequests: (s, send) => <RequestsView state={s} send={send} />,
  payConfirm: (s, send) => <PayConfirmView state={s} send={send} />,
  newPayPassword: (s, send) => <NewPayPasswordView state={s} send={send} />,
  payment: (s, send) => <PaymentView state={s} send={send} summary={<p>1 250,00 Kz</p>} words={TRANSFER_PAYMENT_WORDS} onLeave={() => undefined} />,
  // the payee child in the transfer's words, with its lists' stars and nicknames
  payeeCheck: (s, send) => <PayeeCheckView state={s} send={send} page={TRANSFER_PAYEE_PAGE} />,
  bankSettlement: (s) => <BankSettlement state={s} />,
  walletAssets: (s, send) => <WalletAssetsView state={s} send={send} onPull={async () => send({ type: 'assets.refreshed' })} />,
  withdrawal: (s, send) => <WithdrawalView state={s} send={send} />,
  branchPicker: (s, send) => <BranchPickerView state={s} send={send} />,
  collectionAnalysis: (s, send) => <CollectionAnalysisView state={s} send={send} />,
  dailyPayout: (s, send) => <DailyPayoutView state={s} send={send} />,
  dayReport: (s, send) => <DayReportView state={s} send={send} />,
  invitation: (s, send) => <InvitationView state={s} send={send} />,
  loginPassword: (s, send) => <LoginPasswordView state={s} send={send} />,
  paymentAlerts: (s, send) => <PaymentAlertsView state={s} send={send} />,
  // the records screen hands the view its live alerts
  records: (s, send, page) => <RecordsView state={s} send={send} alerts={page.alerts} />,
  refund: (s, send) => <RefundView state={s} send={send} />,
  couponClaim: (s, send) => <CouponClaimView state={s} send={send} />,
  // the lottery (issue 25): the member's draw, and anyone's check of the draws
  lotteryDraw: (s, send) => <LuckyAppView state={s} send={send} />,
  lotteryCheck: (s, send) => <LotteryCheckView state={s} send={send} />,
  // an activity's page and a help video (issue 25, content)
  activityPage: (s, send) => <ActivityView state={s} send={send} />,
  video: (s, send) => <VideoView state={s} send={send} />,
  voucherRedeem: (s, send) => <VoucherRedeemView state={s} send={send} />,
  // the share page of a package, as a visitor not signed in sees its ways on
  openInApp: (s, send) => <OpenInAppView state={s} send={send} next={{ path: '/app/grouppackages/buy/7', label: 'Comprar o pacote' }} signedIn={false} />,
  linkShare: (s, send) => <ShareLinkView state={s} send={send} label="Partilhar a loja" />,
  receipt: (s, send) => <ReceiptView state={s} send={send} />,
  notices: (s, send) => <NoticesView state={s} send={send} />,
  myCoupons: (s, send) => <MyCouponsView state={s} send={send} />,
  myPackages: (s, send) => <MyPackagesView state={s} send={send} />,
  groupPurchase: (s, send) => <GroupPurchaseView state={s} send={send} />,
  staffInvitation: (s, send) => <StaffInvitationView state={s} send={send} />,
  // one chart, two routes: a clerk's page when the chart was opened for one
  staffList: (s, send) => (s.context.staffId ? <StaffDetailView state={s} send={send} /> : <StaffListView state={s} send={send} />),
  promotions: (s, send) => <PromotionsView state={s} send={send} />,
  // a status change on the owner's promotions (the list's other charts draw it in their words alike)
  statusChange: (s, send) => <PromotionStatusChange change={s} send={send} promotions={[{ ...sampleCoupon, kind: s.context.line.kind as 'coupon', id: s.context.line.id }]} />,
  platformPromotions: (s, send) => <PlatformPromotionsView state={s} send={send} />,
  // the operators' lottery: the activities with their deliveries, and the form of a new one
  platformLottery: (s, send) => <PlatformLotteryView state={s} send={send} />,
  lotteryForm: (s, send) => <LotteryFormView state={s} send={send} listHref="/plateform/lottery" />,
  groupPackages: (s, send) => <GroupPackagesView state={s} send={send} />,
  groupPackageForm: (s, send) => <GroupPackageFormView state={s} send={send} upload={noUpload as never} />,
  // the merchant's forms go back to its list, the platform's to the platform's
  promotionForm: (s, send) => <PromotionFormView state={s} send={send} listHref={s.context.kind === 'platformCashback' ? '/plateform/promotions' : '/app/promotions'} />,
};

/**
 * What the route's screen draws after the chart's view: CashierScreen mounts the live payment
 * alerts below the till while it is open (the `atTill` tag), so do the pictures; each mode of the
 * till is a chart of its own, shown at the open till.
 */
export const BESIDE: Record<string, (state: any, page: { alerts: ReactNode }) => ReactNode> = { // eslint-disable-line @typescript-eslint/no-explicit-any
  cashier: (s, page) => (s.hasTag('atTill') ? page.alerts : null),
  dynamicCode: (_, page) => page.alerts,
  codeCharge: (_, page) => page.alerts,
};

/** Which of a chart's routes (frames.ts) a path's input opens, when it has more than one: as the route table's screens pass it. */
export const ROUTE_OF: Record<string, (input: any) => number> = { // eslint-disable-line @typescript-eslint/no-explicit-any
  // StoreScreen: `/app/store/new`, or `/app/store/$id` for an existing store
  store: (input) => (input?.storeId ? 1 : 0),
  // StaffListScreen, or StaffDetailScreen for one clerk (`?staffId=`)
  staffList: (input) => (input?.staffId ? 1 : 0),
  // PromotionFormScreen, or the platform's PlatformPromotionFormScreen for its cashback
  promotionForm: (input) => (input?.kind === 'platformCashback' ? 1 : 0),
};
