import { useEffect, useState, type ReactNode } from 'react';
import { useMachine } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { SnapshotFrom } from 'xstate';
import type { documentMachine } from '../../machines/document.machine.ts';
import { MERCHANT_CODES } from '../../services/contract/answerCodes.ts';
import { hubBalanceFlow, merchantHomeFlow, staffHomeFlow, unreadNoticesFlow, type Balance, type MerchantHome, type StaffHome, type UnreadNotices } from '../../src/flows/home.ts';
import { normaliseLanguage } from '../../src/lib/language.ts';
import { formatKwanza } from '../../src/lib/money.ts';
import { storage } from '../../src/lib/storage.ts';
import { LanguageMenu } from '../../src/ui/LanguageMenu.tsx';
import { LinkButton } from '../../src/ui/LinkButton.tsx';
import { FieldError } from '../../src/ui/FieldError.tsx';
import { Notice } from '../../src/ui/Notice.tsx';
import '../common/wallet.css';

/**
 * The signed-in home (`/`): the wallet's hub, loaded after the signed-out page's first paint and
 * never part of the first route's JavaScript. The available balance (hidden or shown on a tap,
 * remembered on this device), the ways to pay and move money, a merchant's day, and the tab bar.
 */

/** Whether the balance is hidden on this device (a preference, like the language: it outlives a log-out). */
const HIDE_BALANCE_KEY = 'HideBalance';
const readHidden = () => {
  try {
    return localStorage.getItem(HIDE_BALANCE_KEY) === '1';
  } catch {
    return false;
  }
};
const writeHidden = (hidden: boolean) => {
  try {
    if (hidden) localStorage.setItem(HIDE_BALANCE_KEY, '1');
    else localStorage.removeItem(HIDE_BALANCE_KEY);
  } catch {
    // private mode: the choice lasts this page only
  }
};

const icon = (d: string) => (
  <svg className="kw-hub-icon" viewBox="0 0 24 24" width="28" height="28" aria-hidden="true" focusable="false">
    <path d={d} fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
  </svg>
);
const ICONS = {
  scan: icon('M4 8V5a1 1 0 0 1 1-1h3M16 4h3a1 1 0 0 1 1 1v3M20 16v3a1 1 0 0 1-1 1h-3M8 20H5a1 1 0 0 1-1-1v-3M4 12h16'),
  paymentCode: icon('M4 4h6v6H4zM14 4h6v6h-6zM4 14h6v6H4zM14 14h2v2h-2zM18 18h2v2h-2zM14 18h2M18 14h2'),
  transfer: icon('M4 8h13l-3-3M20 16H7l3 3'),
  receive: icon('M4 4h6v6H4zM14 4h6v6h-6zM4 14h6v6H4zM17 13v8M13 17l4 4 4-4'),
  // an arrow coming in to an open hand: money asked for
  moneyRequest: icon('M12 3v9m-4-4l4 4 4-4M4 15h4l3 3h5a2 2 0 0 0 0-4h-3M4 21h12l4-4'),
  topup: icon('M12 4v12M7 11l5 5 5-5M5 20h14'),
  withdraw: icon('M12 20V8M7 13l5-5 5 5M5 4h14'),
  records: icon('M6 4h12v16H6zM9 8h6M9 12h6M9 16h4'),
  coupon: icon('M4 7h16v3a2 2 0 0 0 0 4v3H4v-3a2 2 0 0 0 0-4zM14 7v10'),
  discount: icon('M6 18L18 6M8 9a1 1 0 1 0 0-2 1 1 0 0 0 0 2zM16 17a1 1 0 1 0 0-2 1 1 0 0 0 0 2z'),
  cashback: icon('M4 12a8 8 0 1 0 2.3-5.7M4 4v3h3M12 8v8M10 10h3a1.5 1.5 0 0 1 0 3h-2a1.5 1.5 0 0 0 0 3h3'),
  lottery: icon('M5 10h14v10H5zM4 7h16v3H4zM12 7v13M12 7c-1.5-3-5-3-5-1s3 1 5 1c2 0 5 1 5-1s-3.5-2-5 1'),
  home: icon('M4 11l8-7 8 7v9h-5v-6H9v6H4z'),
  me: icon('M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM4 20c1.5-4 4.5-6 8-6s6.5 2 8 6'),
  bell: icon('M6 10a6 6 0 0 1 12 0v4l2 3H4l2-3zM10 20a2 2 0 0 0 4 0'),
  eye: icon('M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12zM12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6z'),
  eyeOff: icon('M3 3l18 18M10.6 6.1A10 10 0 0 1 12 6c6.5 0 10 6 10 6a17 17 0 0 1-3.2 3.9M6.6 6.6C3.8 8.4 2 12 2 12s3.5 6 10 6a9.6 9.6 0 0 0 4.4-1.1M9.9 9.9a3 3 0 0 0 4.2 4.2'),
};

function Action({ href, label, glyph, primary = false }: { href: string; label: string; glyph: ReactNode; primary?: boolean }) {
  return (
    <a className={primary ? 'kw-hub-action kw-hub-action-primary' : 'kw-hub-action'} href={href} data-track={`hub.action${href}`}>
      {glyph}
      <span>{label}</span>
    </a>
  );
}

type Read = SnapshotFrom<typeof documentMachine>;
const money = (centimos: number, language: string) => formatKwanza(centimos, normaliseLanguage(language));

/**
 * The figure the hub leads with: the wallet's available balance, or for a merchant the collection
 * balance with its withdrawal beside it (a shop's money is there), the wallet's a line below.
 */
function BalanceCard({ state, merchant, onRetry }: { state: Read; merchant: MerchantHome | null; onRetry: () => void }) {
  const { t, i18n } = useTranslation();
  const [hidden, setHidden] = useState(readHidden);
  const assets = state.matches('ready') ? (state.context.document as Balance) : null;
  const toggle = () => {
    writeHidden(!hidden);
    setHidden(!hidden);
  };
  const shown = (centimos: number) => (hidden ? '••••••' : money(centimos, i18n.language));
  if (merchant) {
    return (
      <section className="kw-hub-balance" aria-labelledby="hub-collection">
        <div className="kw-hub-balance-top">
          <span id="hub-collection">{t('hub.settlement')}</span>
          <button type="button" className="kw-hub-eye" aria-pressed={hidden} aria-label={hidden ? t('hub.showBalance') : t('hub.hideBalance')} onClick={toggle}>
            {hidden ? ICONS.eyeOff : ICONS.eye}
          </button>
        </div>
        <div className="kw-hub-lead">
          <strong className="kw-hub-figure">{shown(merchant.settlement.available)}</strong>
          <a className="kw-hub-lead-action" href="/app/withdraw" data-track="hub.collection.withdraw">{t('hub.withdraw')}</a>
        </div>
        <a className="kw-hub-wallet-link" href="/app/wallet">{assets ? t('hub.walletBalance', { amount: shown(assets.available) }) : t('hub.wallet')}</a>
      </section>
    );
  }
  let figure: ReactNode;
  if (assets) figure = <strong className="kw-hub-figure">{shown(assets.available)}</strong>;
  else if (state.matches('failed')) {
    figure = (
      <span className="kw-hub-balance-failed" role="alert">
        {t('hub.balanceFailed')}{' '}
        <button type="button" className="kw-text-button kw-hub-on-brand" onClick={onRetry}>{t('common.retry')}</button>
      </span>
    );
  } else if (state.matches('unavailable')) figure = <span className="kw-hub-balance-failed" role="alert">{t(`errors.${state.context.errorCode ?? 'AGW50000'}`)}</span>; else figure = <span role="status" className="kw-hub-figure-pending">{t('common.loading')}</span>;
  return (
    <section className="kw-hub-balance" aria-labelledby="hub-available">
      <div className="kw-hub-balance-top">
        <span id="hub-available">{t('hub.available')}</span>
        <button type="button" className="kw-hub-eye" aria-pressed={hidden} aria-label={hidden ? t('hub.showBalance') : t('hub.hideBalance')} onClick={toggle}>
          {hidden ? ICONS.eyeOff : ICONS.eye}
        </button>
      </div>
      {figure}
      <a className="kw-hub-wallet-link" href="/app/wallet">{t('hub.wallet')}</a>
    </section>
  );
}

/** A merchant's day (today's takings, the settlement balance) and its tools; an enterprise without a collection account is offered one. */
function MerchantPanel({ state, verified, onRetry }: { state: Read; verified: boolean | null; onRetry: () => void }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const title = <h2 id="hub-merchant">{t('hub.merchantTitle')}</h2>;
  if (state.matches('loading')) return <section className="kw-section" aria-labelledby="hub-merchant">{title}<Notice>{t('common.loading')}</Notice></section>;
  if (state.matches('failed')) {
    return (
      <section className="kw-section" aria-labelledby="hub-merchant">
        {title}
        <FieldError>{t('hub.merchantFailed')}</FieldError>
        <button type="button" className="kw-text-button" onClick={onRetry}>{t('common.retry')}</button>
      </section>
    );
  }
  if (state.matches('unavailable')) {
    if (state.context.errorCode !== MERCHANT_CODES.notAMerchant) {
      return <section className="kw-section" aria-labelledby="hub-merchant">{title}<FieldError>{t(`errors.${state.context.errorCode ?? 'AGW50000'}`)}</FieldError></section>;
    }
    // not a merchant: a verified enterprise may open a collection account, another verifies first (known once the balance is)
    if (verified === null) return null;
    return (
      <section className="kw-section kw-hub-open" aria-labelledby="hub-merchant">
        {title}
        <p className="kw-muted-text">{verified ? t('hub.openExplain') : t('hub.verifyExplain')}</p>
        {verified
          ? <LinkButton href="/app/open" primary>{t('hub.openAccount')}</LinkButton>
          : <LinkButton href="/app/enterprisecert">{t('hub.verifyCompany')}</LinkButton>}
      </section>
    );
  }
  const home = state.context.document as MerchantHome;
  return (
    <section className="kw-section kw-hub-merchant" aria-labelledby="hub-merchant">
      {title}
      <p className="kw-hub-merchant-name">{home.merchant.name}</p>
      <dl className="kw-wallet-figures">
        <div>
          <dt>{t('hub.today')}</dt>
          <dd>{money(home.today.amount, language)}</dd>
        </div>
        <div>
          <dt>{t('hub.todayCount')}</dt>
          <dd>{home.today.count}</dd>
        </div>
        <div>
          <dt>{t('hub.todayNet')}</dt>
          <dd>{money(home.today.net, language)}</dd>
        </div>
      </dl>
      <div className="kw-wallet-links">
        <LinkButton href="/app/cashier" primary block={false}>{t('hub.cashier')}</LinkButton>
        <LinkButton href="/app/merchantlist" block={false}>{t('hub.codesAndStores', { count: home.stores.length })}</LinkButton>
        <LinkButton href="/app/records" block={false}>{t('hub.salesRecords')}</LinkButton>
        <LinkButton href="/app/collectionanalysis" block={false}>{t('hub.analysis')}</LinkButton>
        <LinkButton href="/app/dayreport" block={false}>{t('hub.dayReport')}</LinkButton>
        <LinkButton href="/app/dailypayout" block={false}>{t('hub.dailyPayout')}</LinkButton>
        <LinkButton href="/app/stafflist" block={false}>{t('hub.staff')}</LinkButton>
        <LinkButton href="/app/promotions" block={false}>{t('hub.promotions')}</LinkButton>
        <LinkButton href="/app/grouppackages" block={false}>{t('hub.groupPackages')}</LinkButton>
      </div>
    </section>
  );
}

/**
 * An individual's work as a clerk: their store's cashier, and the invitations waiting for an
 * answer. Nothing when neither, and nothing while it loads or when it cannot be read: most members
 * work at no store, and their hub stays as it was.
 */
function StaffPanel({ state }: { state: Read }) {
  const { t } = useTranslation();
  if (!state.matches('ready')) return null;
  const title = <h2 id="hub-staff">{t('hub.staffTitle')}</h2>;
  const home = state.context.document as StaffHome;
  if (!home.place && home.pending === 0) return null;
  return (
    <section className="kw-section kw-hub-merchant" aria-labelledby="hub-staff">
      {title}
      {home.place && <p className="kw-hub-merchant-name">{t('hub.staffAt', { store: home.place.storeName, merchant: home.place.merchantName })}</p>}
      <div className="kw-wallet-links">
        {home.place && <LinkButton href="/app/cashier" primary block={false}>{t('hub.myCashier')}</LinkButton>}
        {home.place && <LinkButton href="/app/records" block={false}>{t('hub.myCollections')}</LinkButton>}
        {home.place && <LinkButton href="/app/dayreport" block={false}>{t('hub.myDayReport')}</LinkButton>}
        {home.pending > 0 && <LinkButton href="/app/invitations" block={false}>{t('hub.invitationsWaiting', { count: home.pending })}</LinkButton>}
      </div>
    </section>
  );
}

/**
 * The inbox's entry (`/app/notices`) with the unread count on a badge. The count is read each time
 * the hub is shown (coming back to the home mounts it again) and when the page comes back into view
 * (the app left in the background, a page restored from the back-forward cache): each is a new read.
 * Nothing but the bell while it loads or when it cannot be read.
 */
function InboxEntry({ language }: { language: string }) {
  const [round, setRound] = useState(0);
  useEffect(() => {
    const again = () => {
      if (document.visibilityState === 'visible') setRound((r) => r + 1);
    };
    const restored = (event: PageTransitionEvent) => {
      if (event.persisted) setRound((r) => r + 1);
    };
    document.addEventListener('visibilitychange', again);
    window.addEventListener('pageshow', restored);
    return () => {
      document.removeEventListener('visibilitychange', again);
      window.removeEventListener('pageshow', restored);
    };
  }, []);
  return <InboxBadge key={round} language={language} />;
}

function InboxBadge({ language }: { language: string }) {
  const { t } = useTranslation();
  const [state] = useMachine(unreadNoticesFlow, { input: { key: 'unreadNotices', language } });
  const unread = state.matches('ready') ? (state.context.document as UnreadNotices).unread : 0;
  return (
    <a className="kw-hub-inbox" href="/app/notices" data-track="hub.inbox" aria-label={unread > 0 ? t('hub.inboxUnread', { count: unread }) : t('hub.inbox')}>
      {ICONS.bell}
      {unread > 0 && <span className="kw-hub-badge" aria-hidden="true">{unread > 99 ? '99+' : unread}</span>}
    </a>
  );
}

/** The bottom tab bar wallets have: home, records, me. */
function TabBar() {
  const { t } = useTranslation();
  return (
    <nav className="kw-tabbar" aria-label={t('hub.tabs')}>
      <a href="/" aria-current="page" data-track="hub.tab.home">{ICONS.home}<span>{t('hub.tabHome')}</span></a>
      <a href="/app/funddetail" data-track="hub.tab.records">{ICONS.records}<span>{t('hub.tabRecords')}</span></a>
      <a href="/app/setting" data-track="hub.tab.me">{ICONS.me}<span>{t('hub.tabMe')}</span></a>
    </nav>
  );
}

/** The signed-in home: balance, the ways to pay and move money, a merchant's day, and the tab bar. */
export default function Hub() {
  const { t, i18n } = useTranslation();
  const user = storage.getUserInfo();
  const [balance, sendBalance] = useMachine(hubBalanceFlow, { input: { key: 'balance', language: i18n.language } });
  // individuals are never merchants: only enterprises (or an account not yet known) ask
  const asksMerchant = user?.memberType !== 'individual';
  const verified = balance.matches('ready') ? (balance.context.document as Balance).verified : null;
  const frame = (lead: ReactNode, work: ReactNode) => (
    <HubFrame greeting={user?.displayName ? t('hub.greeting', { name: user.displayName }) : t('hub.greetingAnonymous')} lead={lead} work={work} />
  );
  const retryBalance = () => sendBalance({ type: 'document.retry' });
  if (asksMerchant) return <MerchantHub balance={balance} verified={verified} onRetryBalance={retryBalance} frame={frame} language={i18n.language} />;
  return frame(<BalanceCard state={balance} merchant={null} onRetry={retryBalance} />, <Staff language={i18n.language} />);
}

/** The hub's layout: the greeting and the lead figure, the ways to pay and move money, the person's work, the tab bar. */
function HubFrame({ greeting, lead, work }: { greeting: string; lead: ReactNode; work: ReactNode }) {
  const { t, i18n } = useTranslation();
  return (
    <div className="kw-hub">
      <header className="kw-hero kw-hub-hero">
        <div className="kw-hero-top">
          <span className="kw-brand">{t('app.name')}</span>
          <span className="kw-hub-top-tools">
            <InboxEntry language={i18n.language} />
            <LanguageMenu />
          </span>
        </div>
        <h1 className="kw-hub-greeting">{greeting}</h1>
        {lead}
      </header>
      <nav className="kw-hub-pay" aria-label={t('hub.payTitle')}>
        <Action href="/app/scan" label={t('hub.scan')} glyph={ICONS.scan} primary />
        <Action href="/app/paymentcode" label={t('hub.paymentCode')} glyph={ICONS.paymentCode} primary />
      </nav>
      <nav className="kw-hub-grid" aria-label={t('hub.moneyTitle')}>
        <Action href="/app/transfer" label={t('hub.transfer')} glyph={ICONS.transfer} />
        <Action href="/app/receive" label={t('hub.receive')} glyph={ICONS.receive} />
        <Action href="/app/moneyRequest" label={t('hub.moneyRequest')} glyph={ICONS.moneyRequest} />
        <Action href="/app/topup" label={t('hub.topup')} glyph={ICONS.topup} />
        <Action href="/app/withdraw" label={t('hub.withdraw')} glyph={ICONS.withdraw} />
        <Action href="/app/funddetail" label={t('hub.records')} glyph={ICONS.records} />
        <Action href="/app/coupons" label={t('hub.coupons')} glyph={ICONS.coupon} />
        <Action href="/app/reductionlist" label={t('hub.reductions')} glyph={ICONS.discount} />
        <Action href="/app/cashbacklist" label={t('hub.cashback')} glyph={ICONS.cashback} />
        <Action href="/app/luckyApp" label={t('hub.lottery')} glyph={ICONS.lottery} />
      </nav>
      {work}
      <TabBar />
    </div>
  );
}

/** An enterprise's hub: a merchant leads with its collection balance once its day is read; otherwise the wallet's. */
function MerchantHub({ balance, verified, onRetryBalance, frame, language }: {
  balance: Read; verified: boolean | null; onRetryBalance: () => void; frame: (lead: ReactNode, work: ReactNode) => ReactNode; language: string;
}) {
  const [state, send] = useMachine(merchantHomeFlow, { input: { key: 'merchantHome', language } });
  const home = state.matches('ready') ? (state.context.document as MerchantHome) : null;
  return <>{frame(<BalanceCard state={balance} merchant={home} onRetry={onRetryBalance} />, <MerchantPanel state={state} verified={verified} onRetry={() => send({ type: 'document.retry' })} />)}</>;
}

function Staff({ language }: { language: string }) {
  const [state] = useMachine(staffHomeFlow, { input: { key: 'staffHome', language } });
  return <StaffPanel state={state} />;
}
