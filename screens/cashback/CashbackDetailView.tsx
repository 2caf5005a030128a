import { useTranslation } from 'react-i18next';
import type { ResponseOf } from '../../services/contract/define.ts';
import type { queryCashbackDetail } from '../../services/contract/cashback.ts';
import { Summary, type SummaryRow } from '../../src/ui/Summary.tsx';
import { languageOf, lineTime, money } from '../common/format.ts';

export type CashbackRecord = ResponseOf<typeof queryCashbackDetail>;

/**
 * A cashback record in full (spec §3 "Cashback record"): what came back and from whom (the
 * merchant, or the platform's marketing — never an account of theirs), the payment it came with
 * (its operation number and voucher, what was paid), the campaign, the member as its beneficiary
 * (masked as on their other pages), why and when; then each refund that clawed part of it back,
 * with its state (spec §4: returned, returned in part, not returned).
 */
export function CashbackDetailView({ record }: { record: CashbackRecord }) {
  const { t, i18n } = useTranslation();
  const language = languageOf(i18n.language);
  const none = t('cashback.detail.none');
  const kz = (value: number) => money(value, language);
  const rows: SummaryRow[] = [
    [t('cashback.detail.merchant'), record.merchant],
    [t('cashback.detail.store'), record.store ?? none],
    [t('cashback.detail.status'), t(`cashback.status.${record.status}`)],
    [t('cashback.detail.consumerAmount'), kz(record.consumerAmount)],
    [t('cashback.detail.contributor'), record.contributor.kind === 'merchant' ? t('cashback.detail.contributorMerchant', { name: record.contributor.name }) : t('cashback.detail.contributorPlatform')],
    [t('cashback.detail.policy'), record.policyName],
    [t('cashback.detail.policyId'), record.policyId],
    [t('cashback.detail.cashbackNo'), record.cashbackNo],
    [t('cashback.detail.transactionNo'), record.transactionNo],
    [t('cashback.detail.tradeVoucherNo'), record.tradeVoucherNo],
    [t('cashback.detail.refundTransactionNo'), record.refundTransactionNo ?? none],
    [t('cashback.detail.refundVoucherNo'), record.refundVoucherNo ?? none],
    [t('cashback.detail.beneficiary'), record.beneficiary.name ?? none],
    [t('cashback.detail.memberId'), record.beneficiary.memberId],
    [t('cashback.detail.account'), record.beneficiary.login ? t('cashback.detail.cashbackAccountOf', { login: record.beneficiary.login }) : t('cashback.detail.cashbackAccount')],
    [t('cashback.detail.role'), t(`cashback.detail.roles.${record.role}`)],
    [t('cashback.detail.reason'), t(`cashback.detail.reasons.${record.reason}`)],
    [t('cashback.detail.time'), lineTime(record.at, language)],
    [t('cashback.detail.clawedBack'), record.clawedBack > 0 ? t('cashback.detail.clawedOfDue', { clawedBack: kz(record.clawedBack), due: kz(record.clawbackDue) }) : none],
  ];
  return (
    <div className="kw-form">
      <section className="kw-wallet-balance" aria-labelledby="cashback-amount">
        <span id="cashback-amount">{t('cashback.detail.amount')}</span>
        <strong>{`+${kz(record.amount)}`}</strong>
      </section>
      <Summary rows={rows} />
      <section aria-labelledby="cashback-refunds">
        <h2 id="cashback-refunds">{t('cashback.detail.refundsTitle')}</h2>
        {record.refunds.length === 0 ? (
          <p className="kw-muted-text">{t('cashback.detail.noRefunds')}</p>
        ) : (
          <ul className="kw-fund-list" aria-label={t('cashback.detail.refundsTitle')}>
            {record.refunds.map((refund) => (
              <li key={refund.refundNo} className="kw-fund-line">
                <span className="kw-fund-kind">{refund.refundNo}</span>
                <span className="kw-fund-amount">{`−${kz(refund.clawedBack)}`}</span>
                <span className="kw-fund-meta">{[t(`cashback.refundStates.${refund.status}`), t('cashback.detail.refundDue', { due: kz(refund.due) }), lineTime(refund.at, language)].join(' · ')}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
