import type { TFunction } from 'i18next';
import type { AmountEntryShown } from './AmountEntryView.tsx';

/**
 * Why an amount paid out of the wallet (a transfer, a payment to a merchant) is refused, in the
 * flow's own words (`<section>.amountUnreadable`, `.amountNotPositive`, `.overAvailable` with what
 * is available, `.limits.<limit>` for a limit it names), by the amount child or by the server the
 * page asked before (not enough money and a limit it does not name say the same everywhere,
 * FND10001, FND10003); null when nothing is wrong.
 */
export function walletAmountProblemText(t: TFunction, section: string, entry: AmountEntryShown, { available, limits }: {
  available: string;
  limits: readonly string[];
}): string | null {
  const refusal = entry.refusal;
  switch (entry.problem) {
    case null: return null;
    case 'unreadable': return t(`${section}.amountUnreadable`);
    case 'notPositive':
    case 'belowMin': return t(`${section}.amountNotPositive`);
    case 'overLimit': return t(`${section}.overAvailable`, { available });
    case 'refused':
      if (refusal?.code === 'FND10003') return refusal.detail && limits.includes(refusal.detail) ? t(`${section}.limits.${refusal.detail}`) : t('errors.FND10003');
      return refusal?.code ? t(`errors.${refusal.code}`) : t('network.gateway');
  }
}

/** The money is short (over the balance shown, or the server's FND10001): the page offers a top-up. */
export const moneyShort = (entry: AmountEntryShown) => entry.problem === 'overLimit' || (entry.problem === 'refused' && entry.refusal?.code === 'FND10001');
