import { useTranslation } from 'react-i18next';
import type { ResponseOf } from '../../services/contract/define.ts';
import type { queryFundDetail } from '../../services/contract/walletAssets.ts';
import { kindLabel, languageOf, lineTime, money } from '../common/format.ts';

type Line = ResponseOf<typeof queryFundDetail>;

/** A fund-detail line in full (spec §3): direction, numbers, balances before and after, who and when. */
export function FundLineView({ line }: { line: Line }) {
  const { t, i18n } = useTranslation();
  const language = languageOf(i18n.language);
  const income = line.direction === 'income';
  const none = t('wallet.line.none');
  const rows: [string, string][] = [
    [t('wallet.line.direction'), t(`wallet.fund.${line.direction}`)],
    [t('wallet.line.kind'), kindLabel(line.kind, t)],
    [t('wallet.line.tradeNo'), line.tradeNo],
    [t('wallet.line.balanceBefore'), money(line.balanceBefore, language)],
    [t('wallet.line.balanceAfter'), money(line.balanceAfter, language)],
    [t('wallet.line.relatedAmount'), money(line.relatedAmount, language)],
    [t('wallet.line.product'), kindLabel(line.product, t)],
    [t('wallet.line.counterparty'), line.counterparty ?? none],
    [t('wallet.line.seller'), line.seller ?? none],
    [t('wallet.line.voucherNo'), line.voucherNo],
    [t('wallet.line.time'), lineTime(line.at, language)],
    [t('wallet.line.note'), line.note || none],
  ];
  return (
    <div className="kw-form">
      <section className="kw-wallet-balance" aria-labelledby="fund-line-amount">
        <span id="fund-line-amount">{kindLabel(line.kind, t)}</span>
        <strong>{`${income ? '+' : '−'}${money(line.amount, language)}`}</strong>
      </section>
      <dl className="kw-summary">
        {rows.map(([label, value]) => (
          <div key={label} style={{ display: 'contents' }}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
