import { createRootRoute, createRoute, createRouter, notFound, redirect, useParams, useSearch, type ErrorComponentProps } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { Body } from './Body.tsx';
import { lazyScreen } from './lazyScreen.tsx';
import { storage } from './lib/storage.ts';

/**
 * The route table of spec §2, one line a route. Every screen is its own chunk, fetched from /dist/
 * on first visit with the pt dictionary parts it uses beyond the entry's (src/i18n.ts; the server
 * preloads both for the page it serves: keep server/app.ts ROUTE_SCREENS in step). Routes of areas
 * not built yet are added with their screens.
 */
const Home = lazyScreen('home', () => import('../screens/home/HomeScreen.tsx'));
const TokenEntry = lazyScreen('h5-login', () => import('../screens/tokenEntry/TokenEntryScreen.tsx'));
const Agreement = lazyScreen('network-agreement', () => import('../screens/document/AgreementScreen.tsx'));
const HelpDocument = lazyScreen('rule', () => import('../screens/document/HelpDocumentScreen.tsx'));
const Notice = lazyScreen('notice', () => import('../screens/document/NoticeScreen.tsx'));
const NotFound = lazyScreen('not-found', () => import('../screens/common/NotFoundScreen.tsx'));
const SignUp = lazyScreen('get-check-code', () => import('../screens/signUp/SignUpScreen.tsx'), ['accounts']);
const Login = lazyScreen('h5-login', () => import('../screens/login/LoginScreen.tsx'), ['accounts']);
const RecoverPassword = lazyScreen('find-password', () => import('../screens/recoverPassword/RecoverPasswordScreen.tsx'), ['accounts']);
const Settings = lazyScreen('setting', () => import('../screens/settings/SettingsScreen.tsx'), ['accounts', 'member', 'enterprise']);
const PayPassword = lazyScreen('pay-password', () => import('../screens/payPassword/PayPasswordPage.tsx'), ['accounts', 'member']);
const ChangeMobile = lazyScreen('change-mobile', () => import('../screens/changeMobile/ChangeMobileScreen.tsx'), ['accounts', 'member']);
const PersonalCert = lazyScreen('personal-cert', () => import('../screens/personalVerification/PersonalCertScreen.tsx'), ['accounts', 'member']);
const PersonalConfirm = lazyScreen('personal-confirm', () => import('../screens/personalVerification/PersonalConfirmScreen.tsx'), ['member']);
const EnterpriseCert = lazyScreen('enterprise-cert', () => import('../screens/enterpriseVerification/EnterpriseCertScreen.tsx'), ['enterprise']);
const EnterpriseResult = lazyScreen('enterprise-result', () => import('../screens/enterpriseVerification/EnterpriseResultScreen.tsx'), ['enterprise']);
const Wallet = lazyScreen('wallet', () => import('../screens/walletAssets/WalletAssetsScreen.tsx'), ['wallet', 'bank']);
const Transfer = lazyScreen('transfer', () => import('../screens/transfer/TransferScreen.tsx'), ['member', 'wallet']);
const FundDetail = lazyScreen('fund-detail', () => import('../screens/fundDetail/FundDetailScreen.tsx'), ['wallet']);
const FundLine = lazyScreen('fund-line', () => import('../screens/fundDetail/FundLineScreen.tsx'), ['wallet']);
const Cards = lazyScreen('cards', () => import('../screens/cardList/CardListScreen.tsx'), ['bank']);
const BindCard = lazyScreen('bind-card', () => import('../screens/bindCard/BindCardScreen.tsx'), ['accounts', 'bank']);
const TopUp = lazyScreen('topup', () => import('../screens/topup/TopupScreen.tsx'), ['accounts', 'member', 'wallet', 'bank']);
const Withdraw = lazyScreen('withdraw', () => import('../screens/withdrawal/WithdrawalScreen.tsx'), ['member', 'wallet', 'bank']);

// the operators' area (`/plateform/`, sic): chunks of its own, nothing of it in the member app's first route
const OperatorSignIn = lazyScreen('plateform', () => import('../screens/platform/OperatorSignInScreen.tsx'), ['platform']);
const PlatformShell = lazyScreen('plateform-shell', () => import('../screens/platform/PlatformShell.tsx'), ['platform']);
const ReviewQueue = lazyScreen('plateform-queue', () => import('../screens/platform/QueueScreen.tsx'), ['platform']);
const Review = lazyScreen('plateform-review', () => import('../screens/platform/ReviewScreen.tsx'), ['platform']);
const MemberLookup = lazyScreen('plateform-members', () => import('../screens/platform/MemberLookupScreen.tsx'), ['platform']);
const AuditLog = lazyScreen('plateform-audit', () => import('../screens/platform/AuditLogScreen.tsx'), ['platform']);

/** Agreements by prefix: none (the app's language), /en/ and /pt/ (pinned), as spec §2 lists them. */
const AGREEMENTS = {
  none: ['registrationAgreement', 'fastLoginAgreement', 'telnetWorkAgreement', 'fastPayAccountAgreement', 'fastPayAccountNoAgreement',
    'privacyProtectionAgreement', 'chargeAgreement', 'accountLevel', 'fingerPrint', 'realNameAuthAgreement', 'nopwd', 'payqrcode', 'terminal'],
  en: ['registrationAgreement', 'fastPayAccountAgreement', 'privacyProtectionAgreement', 'realNameAuthAgreement', 'nopwd', 'payqrcode'],
  pt: ['registrationAgreement', 'fastPayAccountAgreement', 'privacyProtectionAgreement', 'realNameAuthAgreement', 'nopwd', 'payqrcode', 'collectionqrcode'],
} as const;

function ChunkError({ error }: ErrorComponentProps) {
  const { t } = useTranslation();
  return (
    <div className="kw-centered" role="alert">
      <p>{(error as Error | undefined)?.name === 'ChunkLoadError' ? t('chunk.failed') : t('errors.AGW50000')}</p>
      <button type="button" className="kw-button kw-button-primary" onClick={() => window.location.reload()}>
        {t('chunk.reload')}
      </button>
    </div>
  );
}

const rootRoute = createRootRoute({ component: () => <Body />, notFoundComponent: () => <NotFound />, errorComponent: ChunkError });

const page = (path: string, component: () => React.ReactNode) => createRoute({ getParentRoute: () => rootRoute, path, component });

function agreementRoute(prefix: keyof typeof AGREEMENTS) {
  const path = prefix === 'none' ? '/agreement/$slug' : `/${prefix}/agreement/$slug`;
  return createRoute({
    getParentRoute: () => rootRoute,
    path,
    beforeLoad: ({ params }) => {
      if (!(AGREEMENTS[prefix] as readonly string[]).includes((params as { slug: string }).slug)) throw notFound();
    },
    component: function AgreementPage() {
      const { slug } = useParams({ strict: false }) as { slug: string };
      return <Agreement slug={slug} language={prefix === 'none' ? undefined : prefix} />;
    },
  });
}

const REQUEST_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const pageNumber = (value: unknown) => (typeof value === 'number' && Number.isInteger(value) && value > 1 && value <= 10_000 ? { page: value } : {});
/** Queue filters live in the address (Back returns to the same tab and page); pending and page 1 are the defaults. */
const queueSearch = (search: Record<string, unknown>): { status?: 'approved' | 'rejected'; page?: number } => ({
  ...(search.status === 'approved' || search.status === 'rejected' ? { status: search.status } : {}),
  ...pageNumber(search.page),
});
const auditSearch = (search: Record<string, unknown>): { subjectId?: string; page?: number } => ({
  ...(typeof search.subjectId === 'string' && search.subjectId.length <= 64 ? { subjectId: search.subjectId } : {}),
  ...pageNumber(search.page),
});
const requestIdRequired = ({ params }: { params: unknown }) => {
  if (!REQUEST_ID.test((params as { id: string }).id)) throw notFound();
};

/** Operators' pages need a stored operator token; without one, the sign-in page, which comes back here. */
const operatorArea = createRoute({
  getParentRoute: () => rootRoute,
  id: 'operator',
  beforeLoad: ({ location }) => {
    if (!storage.getUserInfo()?.token) throw redirect({ href: `/plateform/?returnTo=${encodeURIComponent(location.pathname + location.searchStr)}`, replace: true }); // no fragment: the return rule refuses one
  },
  component: () => <PlatformShell />,
});
const operatorPage = (path: string, component: () => React.ReactNode) => createRoute({ getParentRoute: () => operatorArea, path, component });

const operatorRoutes = operatorArea.addChildren([
  createRoute({ getParentRoute: () => operatorArea, path: '/plateform/verifications', validateSearch: queueSearch, component: () => <ReviewQueue kind="verification" /> }),
  createRoute({
    getParentRoute: () => operatorArea,
    path: '/plateform/verifications/$id',
    beforeLoad: requestIdRequired,
    component: function VerificationReviewPage() {
      const { id } = useParams({ strict: false }) as { id: string };
      return <Review key={id} kind="verification" id={id} />;
    },
  }),
  createRoute({ getParentRoute: () => operatorArea, path: '/plateform/rebinding', validateSearch: queueSearch, component: () => <ReviewQueue kind="rebinding" /> }),
  createRoute({
    getParentRoute: () => operatorArea,
    path: '/plateform/rebinding/$id',
    beforeLoad: requestIdRequired,
    component: function RebindingReviewPage() {
      const { id } = useParams({ strict: false }) as { id: string };
      return <Review key={id} kind="rebinding" id={id} />;
    },
  }),
  operatorPage('/plateform/members', () => <MemberLookup />),
  createRoute({ getParentRoute: () => operatorArea, path: '/plateform/audit', validateSearch: auditSearch, component: () => <AuditLog /> }),
]);

/** The fund detail list stays mounted behind a line's page (a child route), so Back finds it as it was. */
const fundDetailRoute = createRoute({ getParentRoute: () => rootRoute, path: '/app/funddetail', component: () => <FundDetail /> });
const fundDetailRoutes = fundDetailRoute.addChildren([
  createRoute({
    getParentRoute: () => fundDetailRoute,
    path: '$id',
    beforeLoad: ({ params }) => {
      if (!/^\d{1,18}$/.test((params as { id: string }).id)) throw notFound();
    },
    component: function FundLinePage() {
      const { id } = useParams({ strict: false }) as { id: string };
      return <FundLine key={id} id={id} />;
    },
  }),
]);

const routeTree = rootRoute.addChildren([
  page('/', () => <Home />),
  page('/plateform', () => <OperatorSignIn />),
  operatorRoutes,
  createRoute({
    getParentRoute: () => rootRoute,
    path: '/index/$token',
    component: function TokenEntryPage() {
      const { token } = useParams({ strict: false }) as { token: string };
      return <TokenEntry token={token} />;
    },
  }),
  agreementRoute('none'),
  agreementRoute('en'),
  agreementRoute('pt'),
  createRoute({
    getParentRoute: () => rootRoute,
    path: '/anouncement/$id',
    beforeLoad: ({ params }) => {
      if (!/^\d{1,18}$/.test((params as { id: string }).id)) throw notFound();
    },
    component: function NoticePage() {
      const { id } = useParams({ strict: false }) as { id: string };
      return <Notice id={id} />;
    },
  }),
  page('/app/helpdoc', () => <HelpDocument slug="helpdoc" />),
  page('/app/usermanual', () => <HelpDocument slug="usermanual" />),
  page('/app/principleinstru', () => <HelpDocument slug="principleinstru" />),
  page('/app/download', () => <HelpDocument slug="download" />),
  page('/recharge/rule', () => <HelpDocument slug="rechargeRule" />),
  page('/app/login', () => <Login />),
  page('/app/findpassword', () => <RecoverPassword />),
  page('/app/setting', () => <Settings />),
  page('/app/paypassword', () => <PayPassword />),
  page('/app/changemobile', () => <ChangeMobile />),
  page('/app/personalcert', () => <PersonalCert />),
  page('/app/personalconfirm', () => <PersonalConfirm />),
  page('/app/enterprisecert', () => <EnterpriseCert />),
  page('/app/result', () => <EnterpriseResult />),
  page('/app/register', () => <SignUp memberType="individual" />),
  page('/app/enterpriseregister', () => <SignUp memberType="enterprise" />),
  page('/app/wallet', () => <Wallet />),
  page('/app/transfer', () => <Transfer />),
  page('/app/cards', () => <Cards />),
  createRoute({
    getParentRoute: () => rootRoute,
    path: '/app/cards/bind',
    // the flow that sent the member to bind a card, where "continue" leads once it is bound
    validateSearch: (search: Record<string, unknown>): { from?: 'topup' | 'withdraw' } => (search.from === 'topup' || search.from === 'withdraw' ? { from: search.from } : {}),
    component: function BindCardPage() {
      const { from } = useSearch({ strict: false }) as { from?: 'topup' | 'withdraw' };
      return <BindCard from={from} />;
    },
  }),
  page('/app/topup', () => <TopUp />),
  page('/app/withdraw', () => <Withdraw />),
  fundDetailRoutes,
]);

export const router = createRouter({ routeTree, defaultPreload: 'intent', scrollRestoration: true });

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
