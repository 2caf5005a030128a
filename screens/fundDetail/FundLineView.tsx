import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { ResponseOf } from '../../services/contract/define.ts';
import type { FundLineFacts, queryFundDetail } from '../../services/contract/fundDetail.ts';
import type { Language } from '../../src/lib/language.ts';
import { languageOf, lineTime, money } from '../common/format.ts';
import { kindLabel } from '../common/kindLabel.ts';
import { LinkButton } from '../../src/ui/LinkButton.tsx';

type Line = ResponseOf<typeof queryFundDetail>;
type Row = [label: string, value: string];

/** A card as the card list shows it: "BAI 6004 00** **** 0011". */
const cardText = (card: { bankShort: string; maskedCardNo: string } | null, none: string) => (card ? `${card.bankShort} ${card.maskedCardNo}` : none);

/**
 * The rows a kind of movement has: a transfer's other person (masked name and number), a top-up's
 * card, a withdrawal's card with its amount, charge and total on their own lines, a merchant
 * payment's merchant (its trade name) and store, a refund's merchant and the voucher of the payment
 * it gives back. Anything else names its other side, when it has one.
 */
function factRows(line: Line, facts: FundLineFacts, t: TFunction, language: Language): Row[] {
  const none = t('fundDetail.line.none');
  switch (facts.type) {
    case 'transfer':
      return [
        [line.direction === 'expenditure' ? t('fundDetail.line.to') : t('fundDetail.line.from'), facts.name ?? none],
        [t('fundDetail.line.mobile'), facts.mobile ?? none],
      ];
    case 'topup':
      return [[t('fundDetail.line.card'), cardText(facts.card, none)]];
    case 'withdrawal':
      return [
        [t('fundDetail.line.card'), cardText(facts.card, none)],
        [t('fundDetail.line.withdrawn'), money(facts.amount, language)],
        [t('fundDetail.line.charge'), money(facts.charge, language)],
        [facts.returned ? t('fundDetail.line.totalReturned') : t('fundDetail.line.totalHeld'), money(facts.total, language)],
        [t('fundDetail.line.state'), t(`fundDetail.line.states.${facts.state}`)],
      ];
    case 'merchantPayment':
      return [
        [t('fundDetail.line.merchant'), facts.merchant],
        [t('fundDetail.line.store'), facts.store ?? none],
      ];
    case 'refund':
      return [
        [t('fundDetail.line.merchant'), facts.merchant],
        [t('fundDetail.line.store'), facts.store ?? none],
        [t('fundDetail.line.paymentVoucherNo'), facts.paymentVoucherNo],
      ];
    default:
      return line.counterparty ? [[t('fundDetail.line.counterparty'), line.counterparty]] : [];
  }
}

/**
 * A finished movement of the five kinds with a receipt to share (issue 26): a transfer, a top-up, a
 * withdrawal not refused by the bank, a merchant payment, a refund (the server's rule, wallet/fund/queryReceipt).
 */
export const hasReceipt = (facts: FundLineFacts) =>
  facts.type === 'withdrawal' ? !facts.returned && facts.state !== 'FAILED' : facts.type !== 'other';

/** A fund-detail line in full (spec §3): direction, who or what by kind of movement, the numbers, balances before and after, when. */
export function FundLineView({ line }: { line: Line }) {
  const { t, i18n } = useTranslation();
  const language = languageOf(i18n.language);
  const income = line.direction === 'income';
  const rows: Row[] = [
    [t('fundDetail.line.direction'), t(`fundDetail.${line.direction}`)],
    [t('fundDetail.line.kind'), kindLabel(line.kind, t)],
    ...factRows(line, line.facts, t, language),
    [t('fundDetail.line.tradeNo'), line.tradeNo],
    [t('fundDetail.line.voucherNo'), line.voucherNo],
    [t('fundDetail.line.balanceBefore'), money(line.balanceBefore, language)],
    [t('fundDetail.line.balanceAfter'), money(line.balanceAfter, language)],
    [t('fundDetail.line.time'), lineTime(line.at, language)],
    // what the payer wrote on a transfer; nothing else has a note
    ...(line.facts.type === 'transfer' ? [[t('fundDetail.line.note'), line.note || t('fundDetail.line.none')] as Row] : []),
  ];
  return (
    <div className="kw-form">
      <section className="kw-wallet-balance" aria-labelledby="fund-line-amount">
        <span id="fund-line-amount">{kindLabel(line.kind, t)}</span>
        <strong>{`${income ? '+' : '−'}${money(line.amount, language)}`}</strong>
        {line.charge !== null && <span className="kw-fund-charge">{t('fundDetail.includesCharge', { charge: money(line.charge, language) })}</span>}
      </section>
      <dl className="kw-summary">
        {rows.map(([label, value]) => (
          <div key={label} style={{ display: 'contents' }}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {hasReceipt(line.facts) && <LinkButton href={`/app/receipt/${line.id}`} primary>{t('common.viewReceipt')}</LinkButton>}
    </div>
  );
}
