import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { SnapshotFrom } from 'xstate';
import type { myPackagesMachine, MyPackagesEvent } from '../../machines/myPackages.machine.ts';
import type { GroupVoucher } from '../../services/contract/groupPackages.ts';
import { VOUCHER_STATES } from '../../services/contract/values.ts';
import { LoadFailedStep, Loading } from '../../src/ui/LoadFailed.tsx';
import { Notice } from '../../src/ui/Notice.tsx';
import { VoucherCard } from '../common/VoucherCard.tsx';
import { languageOf, lineTime } from '../common/format.ts';

type State = SnapshotFrom<typeof myPackagesMachine>;
type Send = (event: MyPackagesEvent) => void;

/** A voucher's line: the package, the store, its state and the date that goes with it (until when, used when and where, expired when). */
function VoucherLine({ voucher, onOpen }: { voucher: GroupVoucher; onOpen: () => void }) {
  const { t, i18n } = useTranslation();
  const language = languageOf(i18n.language);
  const note = voucher.state === 'unused' ? t('myPackages.validUntil', { time: lineTime(voucher.expiresAt, language) })
    : voucher.state === 'redeemed' ? t('myPackages.redeemedAt', { time: voucher.redeemedAt ? lineTime(voucher.redeemedAt, language) : '', store: voucher.redeemedStoreName ?? voucher.storeName })
      : voucher.state === 'expired' ? t('myPackages.expiredAt', { time: lineTime(voucher.expiresAt, language) })
        : t('myPackages.refundedNote', { time: lineTime(voucher.expiresAt, language) });
  return (
    <li className="kw-voucher-line">
      <strong className="kw-fund-kind">{voucher.packageName}</strong>
      <span className="kw-voucher-state">{t(`myPackages.states.${voucher.state}`)}</span>
      <span className="kw-hint">{voucher.storeName} · {voucher.merchantName}</span>
      <span className="kw-hint">{note}</span>
      {voucher.code && <Button size="small" color="primary" onClick={onOpen}>{t('myPackages.open')}</Button>}
    </li>
  );
}

/** My packages: the state filter (all first), and the vouchers; an unused one opens its QR. */
export function MyPackagesView({ state, send }: { state: State; send: Send }) {
  const { t } = useTranslation();
  const { context } = state;
  if (state.matches('voucher')) {
    const voucher = context.vouchers.find((v) => v.voucherId === context.openId);
    return (
      <div className="kw-form">
        {voucher && <VoucherCard voucher={voucher} />}
        <Button block size="large" onClick={() => send({ type: 'voucher.close' })}>{t('myPackages.close')}</Button>
      </div>
    );
  }
  const filters = [null, ...VOUCHER_STATES] as const;
  return (
    <div className="kw-form">
      <div className="kw-fund-filters" role="group" aria-label={t('myPackages.filters.label')}>
        {filters.map((option) => (
          <button key={option ?? 'all'} type="button" className="kw-tab" aria-pressed={context.filter === option} onClick={() => send({ type: 'filter.changed', state: option })}>
            {t(`myPackages.filters.${option ?? 'all'}`)}
          </button>
        ))}
      </div>
      {state.matches('loading') && <Loading label={t('myPackages.loading')} />}
      {state.matches('failed') && <LoadFailedStep errorCode={context.errorCode} fallback={t('myPackages.failed')} onRetry={() => send({ type: 'list.retry' })} />}
      {state.matches('empty') && <Notice kind="status">{t(context.filter ? 'myPackages.emptyFiltered' : 'myPackages.empty')}</Notice>}
      {state.matches('listed') && (
        <ul className="kw-voucher-list" aria-label={t('myPackages.list')}>
          {context.vouchers.map((voucher) => (
            <VoucherLine key={voucher.voucherId} voucher={voucher} onOpen={() => send({ type: 'voucher.open', voucherId: voucher.voucherId })} />
          ))}
        </ul>
      )}
    </div>
  );
}
