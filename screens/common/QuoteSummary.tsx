import { useTranslation } from 'react-i18next';
import type { MerchantQuote, QuotedAdjustment } from '../../machines/scanToPay.machine.ts';
import { Summary, type SummaryRow } from '../../src/ui/Summary.tsx';
import { FieldError } from '../../src/ui/FieldError.tsx';
import { languageOf, money } from './format.ts';

/**
 * A merchant payment's quote as the payer reads it before the pay password: the price, each
 * promotion by its name (off the price, or coming back as cashback, or a coupon this payment
 * earns, lottery draws it earns), the part paid with their cashback balance ("Paid with cashback: − X"), what they pay from
 * their balance and, after a payment that found the quote changed, why it changed.
 */
export function QuoteSummary({ quote, changedBy }: { quote: MerchantQuote | null; changedBy?: string | null }) {
  const { t, i18n } = useTranslation();
  const language = languageOf(i18n.language);
  if (!quote) return null;
  const named = (adjustment: QuotedAdjustment) => adjustment.name ?? t(`scanToPay.quote.${adjustment.kind}`);
  const rows: SummaryRow[] = [[t('scanToPay.quote.price'), money(quote.amount, language)]];
  for (const adjustment of quote.adjustments) {
    if (adjustment.kind === 'cashback' || adjustment.kind === 'draw') continue;
    if (adjustment.kind === 'cashbackDeduction') {
      // not off the price: part of it paid from the cashback balance instead of the available one
      if (adjustment.amount > 0) rows.push([t('scanToPay.quote.cashbackDeduction'), `− ${money(adjustment.amount, language)}`, 'kw-quote-gain']);
    } else if (adjustment.reference?.startsWith('grant:')) {
      rows.push([t('scanToPay.quote.granted'), named(adjustment), 'kw-quote-gain']);
    } else if (adjustment.amount > 0) {
      rows.push([t(`scanToPay.quote.${adjustment.kind}Named`, { name: named(adjustment) }), `− ${money(adjustment.amount, language)}`, 'kw-quote-gain']);
    }
  }
  rows.push([t('scanToPay.quote.payable'), <strong key="payable">{money(quote.payable, language)}</strong>, 'kw-quote-payable']);
  const cashback = quote.adjustments.find((a) => a.kind === 'cashback');
  if (cashback) rows.push([t('scanToPay.quote.cashbackNamed', { name: named(cashback) }), `+ ${money(quote.cashback, language)}`, 'kw-quote-gain']);
  // the lottery's draws this payment earns (`amount` counts draws, not money)
  for (const draw of quote.adjustments.filter((a) => a.kind === 'draw')) {
    rows.push([t('scanToPay.quote.drawNamed', { name: named(draw) }), t('scanToPay.quote.drawsEarned', { count: draw.amount }), 'kw-quote-gain']);
  }
  return (
    <>
      {changedBy && <FieldError>{t(`errors.${changedBy}`)}</FieldError>}
      <Summary className="kw-quote" rows={rows} />
    </>
  );
}
