import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { SnapshotFrom } from 'xstate';
import type { merchantListMachine, MerchantListEvent, MerchantTree } from '../../machines/merchantList.machine.ts';
import { LoadFailedStep, Loading } from '../../src/ui/LoadFailed.tsx';
import { LinkButton } from '../../src/ui/LinkButton.tsx';
import { WayOn } from '../../src/ui/WayOn.tsx';
import { languageOf } from '../common/format.ts';
import { categoryLabel } from '../common/category.ts';
import { daysText } from '../common/storeDays.ts';

type State = SnapshotFrom<typeof merchantListMachine>;
type Send = (event: MerchantListEvent) => void;
type Merchant = MerchantTree['merchant'];

/** One merchant (or sub-merchant) with its stores, each a link to the store, and "new store". */
function MerchantSection({ merchant, main }: { merchant: Merchant; main: boolean }) {
  const { t, i18n } = useTranslation();
  const language = languageOf(i18n.language);
  const headingId = `merchant-${merchant.merchantId}`;
  const place = [merchant.city, merchant.nif && t('merchantList.nif', { nif: merchant.nif })].filter(Boolean).join(' · ');
  return (
    <section className="kw-mch-section" aria-labelledby={headingId}>
      <div className="kw-mch-head">
        <h2 id={headingId}>{merchant.name}</h2>
        <span className="kw-mch-badge">{main ? t('merchantList.main') : t('merchantList.sub')}</span>
      </div>
      <p className="kw-muted-text">{[categoryLabel(merchant.mcc, language), place].filter(Boolean).join(' · ')}</p>
      {merchant.stores.length === 0 ? (
        <p className="kw-muted-text">{t('merchantList.noStores')}</p>
      ) : (
        <ul className="kw-mch-stores" aria-label={t('merchantList.storesOf', { name: merchant.name })}>
          {merchant.stores.map((store) => (
            <li key={store.storeId} className="kw-mch-store">
              <a className="kw-mch-store-link" href={`/app/store/${store.storeId}`}>{store.name}</a>
              <span className={`kw-mch-badge kw-mch-${store.status}`}>{t(`merchantList.status.${store.status}`)}</span>
              <span className="kw-muted kw-mch-store-lines">
                {daysText(store.businessDays, t)} · {store.opensAt}–{store.closesAt} · {store.address}
              </span>
              {store.status === 'open' && <a className="kw-text-button kw-mch-store-codes" href={`/app/store/${store.storeId}/codes`}>{t('merchantList.codes')}</a>}
            </li>
          ))}
        </ul>
      )}
      <a className="kw-text-button" href={`/app/store/new?merchantId=${merchant.merchantId}`}>{t('merchantList.newStoreFor', { name: merchant.name })}</a>
    </section>
  );
}

/** Renders the merchant list chart: loading, a refusal or no answer, no collection account, the merchant and its sub-merchants with their stores. */
export function MerchantListView({ state, send }: { state: State; send: Send }) {
  const { t } = useTranslation();
  const { context } = state;
  if (state.matches('loading')) return <Loading />;
  if (state.matches('failed')) {
    return <LoadFailedStep errorCode={context.errorCode} fallback={t('merchantList.loadFailed')} onRetry={() => send({ type: 'list.retry' })} />;
  }
  if (state.matches('notMerchant') || !context.list) {
    return <WayOn notice={t('errors.MCH10003')} href="/app/open" label={t('merchantList.open')} />;
  }
  const { merchant, subMerchants } = context.list;
  return (
    <div className="kw-form">
      <MerchantSection merchant={merchant} main />
      {subMerchants.length === 0 ? (
        <p className="kw-muted-text">{t('merchantList.noSubMerchants')}</p>
      ) : (
        subMerchants.map((sub) => <MerchantSection key={sub.merchantId} merchant={sub} main={false} />)
      )}
      <div className="kw-mch-ways">
        <LinkButton href="/app/submerchant" primary>{t('merchantList.registerSub')}</LinkButton>
        <LinkButton href="/app/cashier">{t('merchantOpening.toCashier')}</LinkButton>
        <Button block size="large" onClick={() => send({ type: 'list.refresh' })}>{t('merchantList.refresh')}</Button>
      </div>
    </div>
  );
}
