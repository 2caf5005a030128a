import type { TFunction } from 'i18next';
import type { Language } from '../../src/lib/language.ts';
import { formatKwanza } from '../../src/lib/money.ts';

/** A promotion's spend as the list calls give it (services/contract/promotions.ts `promotionSpend`). */
export interface Spend {
  amount: number;
  count: number;
  amountLeft: number | null;
  countLeft: number | null;
}

/**
 * A promotion's spend in words, for the merchant's list and the platform's alike: what it gave so
 * far (cashback paid, discounts, a coupon's uses) and, against its budget or stock (what was given
 * plus what its slices still hold), what is left; or that it has none.
 */
export function spendText(t: TFunction, language: Language, kind: 'cashback' | 'discount' | 'coupon', spend: Spend): string[] {
  const money = (cents: number) => formatKwanza(cents, language);
  const lines = [t(`promotions.spend.${kind}`, { amount: money(spend.amount), count: spend.count })];
  if (spend.amountLeft !== null) lines.push(t('promotions.spend.budgetAmount', { total: money(spend.amount + spend.amountLeft), left: money(spend.amountLeft) }));
  if (spend.countLeft !== null) lines.push(t(kind === 'coupon' ? 'promotions.spend.stock' : 'promotions.spend.budgetCount', { total: spend.count + spend.countLeft, left: spend.countLeft }));
  if (spend.amountLeft === null && spend.countLeft === null) lines.push(t('promotions.spend.noBudget'));
  return lines;
}
