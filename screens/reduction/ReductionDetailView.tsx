import { useTranslation } from 'react-i18next';
import type { ResponseOf } from '../../services/contract/define.ts';
import type { queryReductionDetail } from '../../services/contract/reduction.ts';
import { Summary, type SummaryRow } from '../../src/ui/Summary.tsx';
import { languageOf, lineTime, money } from '../common/format.ts';

export type Reduction = ResponseOf<typeof queryReductionDetail>;

/**
 * A payment a discount or a coupon lowered, in full: the price, the merchant's discount (its
 * campaign), the coupon (its name), what was paid, the merchant and store, the numbers, when; what
 * the merchant refunded of it, and the cashback it gave (its record one tap away).
 */
export function ReductionDetailView({ reduction }: { reduction: Reduction }) {
  const { t, i18n } = useTranslation();
  const language = languageOf(i18n.language);
  const kz = (value: number) => money(value, language);
  const none = t('reduction.detail.none');
  const rows: SummaryRow[] = [
    [t('reduction.detail.price'), kz(reduction.price)],
    [t('reduction.detail.discount'), reduction.discount > 0 ? `−${kz(reduction.discount)}${reduction.discountName ? ` (${reduction.discountName})` : ''}` : none],
    [t('reduction.detail.coupon'), reduction.coupon ? `−${kz(reduction.coupon.amount)} (${reduction.coupon.name})` : none],
    [t('reduction.detail.paid'), kz(reduction.paid)],
    [t('reduction.detail.merchant'), reduction.merchant],
    [t('reduction.detail.store'), reduction.store ?? none],
    [t('reduction.detail.time'), lineTime(reduction.at, language)],
    [t('reduction.detail.transactionNo'), reduction.transactionNo],
    [t('reduction.detail.voucherNo'), reduction.voucherNo],
    [t('reduction.detail.refunded'), reduction.refunded > 0 ? kz(reduction.refunded) : none],
    [t('reduction.detail.cashback'), reduction.cashback ? <a href={`/app/cashbackdetail/${reduction.cashback.id}`}>{`+${kz(reduction.cashback.amount)}`}</a> : none],
  ];
  return (
    <div className="kw-form">
      <section className="kw-wallet-balance" aria-labelledby="reduction-saved">
        <span id="reduction-saved">{t('reduction.detail.saved')}</span>
        <strong>{kz(reduction.discount + (reduction.coupon?.amount ?? 0))}</strong>
      </section>
      <Summary rows={rows} />
    </div>
  );
}
