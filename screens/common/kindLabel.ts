import type { TFunction } from 'i18next';

// A ledger kind's name is the fund detail's words: kept out of screens/common/format.ts, which every
// money screen loads, so that those do not fetch the fund detail's dictionary part.

/** The kinds of ledger movement that have a name of their own; anything else reads "movement". */
const KINDS = ['transfer', 'topup', 'withdrawal', 'withdraw_hold', 'withdraw_release', 'payment', 'refund', 'cashback', 'fee'] as const;

/** Ledger kinds that read as another's name: a payment to a merchant is a payment, its refund (and the charge it gives back) a refund. */
const KIND_ALIASES: Record<string, (typeof KINDS)[number]> = { merchant_pay: 'payment', merchant_refund: 'refund', refund_charge: 'refund' };

export function kindLabel(kind: string, t: TFunction): string {
  const named = KIND_ALIASES[kind] ?? kind;
  return (KINDS as readonly string[]).includes(named) ? t(`fundDetail.kinds.${named}`) : t('fundDetail.kinds.other');
}
