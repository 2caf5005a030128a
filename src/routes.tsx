import { createRootRoute, createRoute, createRouter, notFound, useParams, type ErrorComponentProps } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { Body } from './Body.tsx';
import { lazyScreen } from './lazyScreen.tsx';

/**
 * The route table of spec §2, one line a route. Every screen is its own chunk, fetched from /dist/
 * on first visit. Routes of areas not built yet are added with their screens.
 */
const Home = lazyScreen('home', () => import('../screens/home/HomeScreen.tsx'));
const TokenEntry = lazyScreen('h5-login', () => import('../screens/entry/TokenEntryScreen.tsx'));
const Agreement = lazyScreen('network-agreement', () => import('../screens/content/AgreementScreen.tsx'));
const HelpDocument = lazyScreen('rule', () => import('../screens/content/HelpDocumentScreen.tsx'));
const Notice = lazyScreen('notice', () => import('../screens/content/NoticeScreen.tsx'));
const NotFound = lazyScreen('not-found', () => import('../screens/common/NotFoundScreen.tsx'));
const SignUp = lazyScreen('get-check-code', () => import('../screens/accounts/SignUpScreen.tsx'));
const Login = lazyScreen('h5-login', () => import('../screens/accounts/LoginScreen.tsx'));
const RecoverPassword = lazyScreen('find-password', () => import('../screens/accounts/RecoverPasswordScreen.tsx'));
const Settings = lazyScreen('setting', () => import('../screens/accounts/SettingsScreen.tsx'));
const PayPassword = lazyScreen('pay-password', () => import('../screens/accounts/PayPasswordPage.tsx'));
const ChangeMobile = lazyScreen('change-mobile', () => import('../screens/accounts/ChangeMobileScreen.tsx'));
const PersonalCert = lazyScreen('personal-cert', () => import('../screens/verification/PersonalCertScreen.tsx'));
const PersonalConfirm = lazyScreen('personal-confirm', () => import('../screens/verification/PersonalConfirmScreen.tsx'));

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

const routeTree = rootRoute.addChildren([
  page('/', () => <Home />),
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
  page('/app/register', () => <SignUp memberType="individual" />),
  page('/app/enterpriseregister', () => <SignUp memberType="enterprise" />),
]);

export const router = createRouter({ routeTree, defaultPreload: 'intent', scrollRestoration: true });

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
