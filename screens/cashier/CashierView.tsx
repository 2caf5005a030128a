import { useTranslation } from 'react-i18next';
import type { SnapshotFrom } from 'xstate';
import type { cashierMachine, CashierEvent } from '../../machines/cashier.machine.ts';
import { LoadFailedStep, Loading } from '../../src/ui/LoadFailed.tsx';
import { WayOn } from '../../src/ui/WayOn.tsx';
import { CodeChargePanel, type CodeChargeActor } from './CodeChargeView.tsx';
import { DynamicCodePanel, type DynamicCodeActor } from './DynamicCodeView.tsx';
import { StoreLine } from './till.tsx';
import { voucherRedeemPath } from '../../src/scan/kinds.ts';

type State = SnapshotFrom<typeof cashierMachine>;
type Send = (event: CashierEvent) => void;

/** Renders the cashier chart: the store, and the two ways to charge, each drawn from its own child chart. */
export function CashierView({ state, send }: { state: State; send: Send }) {
  const { t } = useTranslation();
  const { context } = state;
  const store = context.stores.find((s) => s.storeId === context.storeId) ?? null;

  if (state.matches('loadingStores')) return <Loading />;
  if (state.matches('storesFailed')) {
    return <LoadFailedStep errorCode={context.errorCode} fallback={t('cashier.storesFailed')} onRetry={() => send({ type: 'stores.retry' })} />;
  }
  if (state.matches('notMerchant')) {
    return <WayOn problem={t('errors.MCH10003')} href="/app/open" label={t('merchantList.open')} />;
  }
  if (state.matches('cannotCollect')) {
    // a clerk: never the owner's way on (create a store), which they cannot take
    return <WayOn problem={context.errorCode ? t(`errors.${context.errorCode}`) : t('cashier.storeClosed')} href="/" label={t('merchantOpening.toHome')} />;
  }
  if (state.matches('noStores')) {
    return <WayOn notice={t('cashier.noStores')} href="/app/merchantlist" label={t('merchantOpening.toList')} />;
  }
  if (state.matches('choosingStore')) {
    return (
      <div className="kw-form">
        <h2 className="kw-step-title">{t('cashier.whichStore')}</h2>
        <ul className="kw-mch-options" aria-label={t('cashier.stores')}>
          {context.stores.map((s) => (
            <li key={s.storeId}>
              <button type="button" className="kw-mch-option" onClick={() => send({ type: 'store.chosen', storeId: s.storeId })}>
                <strong>{s.name}</strong> <span className="kw-muted">{s.merchantName}</span>
              </button>
            </li>
          ))}
        </ul>
      </div>
    );
  }
  if (state.matches('choosingMode')) {
    return (
      <div className="kw-form">
        <div className="kw-row-actions">
          <StoreLine storeName={store?.name ?? ''} />
          {context.stores.length > 1 && <button type="button" className="kw-text-button" onClick={() => send({ type: 'store.change' })}>{t('cashier.changeStore')}</button>}
        </div>
        <h2 className="kw-step-title">{t('cashier.howTitle')}</h2>
        <button type="button" className="kw-mch-option kw-mch-mode" onClick={() => send({ type: 'mode.dynamic' })}>
          <strong>{t('cashier.modeDynamic')}</strong> <span className="kw-muted">{t('cashier.modeDynamicHint')}</span>
        </button>
        <button type="button" className="kw-mch-option kw-mch-mode" onClick={() => send({ type: 'mode.scan' })}>
          <strong>{t('cashier.modeScan')}</strong> <span className="kw-muted">{t('cashier.modeScanHint')}</span>
        </button>
        {/* a group-package voucher the customer bought: redeemed on its own page, for this store */}
        <a className="kw-mch-option kw-mch-mode" href={voucherRedeemPath(null, context.storeId)}>
          <strong>{t('cashier.modeVoucher')}</strong> <span className="kw-muted">{t('cashier.modeVoucherHint')}</span>
        </a>
      </div>
    );
  }
  if (state.matches('interrupted')) {
    // the records first: a second charge before knowing could charge the customer twice
    return <WayOn problem={t('cashier.interrupted')} href="/app/records" label={t('cashier.toRecords')} other={{ label: t('cashier.again'), onPress: () => send({ type: 'cashier.again' }) }} />;
  }
  // each mode is its own chart: its screens read the child actor
  if (state.matches('dynamic')) return <DynamicCodePanel actor={state.children.dynamicCode as DynamicCodeActor | undefined} storeName={store?.name ?? ''} />;
  return <CodeChargePanel actor={state.children.codeCharge as CodeChargeActor | undefined} storeName={store?.name ?? ''} />;
}
