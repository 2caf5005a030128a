import { useTranslation } from 'react-i18next';
import type { ResponseOf } from '../../services/contract/define.ts';
import type { queryFundDetail } from '../../services/contract/fundDetail.ts';
import { languageOf, lineTime, money } from '../common/format.ts';
import { kindLabel } from './kindLabel.ts';

type Line = ResponseOf<typeof queryFundDetail>;

/** A fund-detail line in full (spec §3): direction, numbers, balances before and after, who and when. */
export function FundLineView({ line }: { line: Line }) {
  const { t, i18n } = useTranslation();
  const language = languageOf(i18n.language);
  const income = line.direction === 'income';
  const none = t('fundDetail.line.none');
  const rows: [string, string][] = [
    [t('fundDetail.line.direction'), t(`fundDetail.${line.direction}`)],
    [t('fundDetail.line.kind'), kindLabel(line.kind, t)],
    [t('fundDetail.line.tradeNo'), line.tradeNo],
    [t('fundDetail.line.balanceBefore'), money(line.balanceBefore, language)],
    [t('fundDetail.line.balanceAfter'), money(line.balanceAfter, language)],
    [t('fundDetail.line.relatedAmount'), money(line.relatedAmount, language)],
    [t('fundDetail.line.product'), kindLabel(line.product, t)],
    [t('fundDetail.line.counterparty'), line.counterparty ?? none],
    [t('fundDetail.line.seller'), line.seller ?? none],
    [t('fundDetail.line.voucherNo'), line.voucherNo],
    [t('fundDetail.line.time'), lineTime(line.at, language)],
    [t('fundDetail.line.note'), line.note || none],
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
