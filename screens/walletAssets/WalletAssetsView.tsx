import { PullToRefresh } from '../common/PullToRefresh.tsx';
import { useTranslation } from 'react-i18next';
import type { SnapshotFrom } from 'xstate';
import type { walletAssetsMachine, WalletAssetsEvent } from '../../machines/walletAssets.machine.ts';
import { FieldError } from '../../src/ui/FieldError.tsx';
import { LoadFailedStep, Loading } from '../../src/ui/LoadFailed.tsx';
import { languageOf, money } from '../common/format.ts';
import { signedInMemberType, verificationHref } from '../../src/lib/verification.ts';
import { LinkButton } from '../../src/ui/LinkButton.tsx';

type State = SnapshotFrom<typeof walletAssetsMachine>;
type Send = (event: WalletAssetsEvent) => void;

const LEVELS = ['I', 'III', 'commercial'];

/**
 * The wallet: available balance, frozen, cashback received (leading to its records) and the
 * account level, with the way to transfer, to the fund detail, to the member's coupons and discounts. `onPull` (pull-to-refresh) resolves when the refresh ends.
 */
export function WalletAssetsView({ state, send, onPull }: { state: State; send: Send; onPull?: () => Promise<unknown> }) {
  const { t, i18n } = useTranslation();
  const language = languageOf(i18n.language);
  if (state.matches('loading')) return <Loading />;
  const assets = state.context.assets;
  if (state.matches('failed') || !assets) return <LoadFailedStep errorCode={state.context.errorCode} fallback={t('walletAssets.failed')} onRetry={() => send({ type: 'assets.retry' })} />;
  const refreshing = state.hasTag('refreshing');
  const content = (
    <div className="kw-form">
      <section className="kw-wallet-balance" aria-labelledby="wallet-available">
        <span id="wallet-available">{t('walletAssets.available')}</span>
        <strong>{money(assets.available, language)}</strong>
      </section>
      <dl className="kw-wallet-figures">
        <div>
          <dt>{t('walletAssets.frozen')}</dt>
          <dd>{money(assets.frozen, language)}</dd>
        </div>
        <div>
          <dt>{t('walletAssets.cashback')}</dt>
          {/* the total received leads to the records behind it */}
          <dd><a href="/app/cashbacklist" aria-label={`${t('walletAssets.cashbackList')}: ${money(assets.cashbackTotal, language)}`}>{money(assets.cashbackTotal, language)}</a></dd>
        </div>
        <div>
          <dt>{t('walletAssets.level')}</dt>
          <dd>{LEVELS.includes(assets.accountLevel) ? t(`walletAssets.levels.${assets.accountLevel}`) : assets.accountLevel}</dd>
        </div>
        <div>
          <dt>{t('walletAssets.verification')}</dt>
          <dd>{assets.verified ? t('walletAssets.verified') : <a href={verificationHref()}>{signedInMemberType() === 'enterprise' ? t('common.verifyCompany') : t('walletAssets.verify')}</a>}</dd>
        </div>
      </dl>
      {state.matches({ ready: 'refreshFailed' }) && <FieldError>{t('walletAssets.refreshFailed')}</FieldError>}
      <div className="kw-wallet-links">
        <LinkButton href="/app/transfer" primary block={false}>{t('walletAssets.transfer')}</LinkButton>
        <LinkButton href="/app/funddetail" block={false}>{t('walletAssets.fundDetail')}</LinkButton>
      </div>
      <nav className="kw-wallet-links" aria-label={t('walletAssets.promotions')}>
        <LinkButton href="/app/coupons" block={false}>{t('walletAssets.coupons')}</LinkButton>
        <LinkButton href="/app/mypackages" block={false}>{t('walletAssets.packages')}</LinkButton>
        <LinkButton href="/app/reductionlist" block={false}>{t('walletAssets.reductions')}</LinkButton>
      </nav>
      <nav className="kw-wallet-links" aria-label={t('bank.links.title')}>
        <LinkButton href="/app/topup" block={false}>{t('bank.links.topup')}</LinkButton>
        <LinkButton href="/app/withdraw" block={false}>{t('bank.links.withdraw')}</LinkButton>
        <a className="kw-text-button kw-centered-text" href="/app/cards">{t('bank.links.cards')}</a>
      </nav>
      <button type="button" className="kw-text-button" disabled={refreshing} onClick={() => send({ type: 'assets.refreshed' })}>
        {refreshing ? t('walletAssets.refreshing') : t('walletAssets.refresh')}
      </button>
    </div>
  );
  return onPull ? <PullToRefresh onRefresh={onPull}>{content}</PullToRefresh> : content;
}
