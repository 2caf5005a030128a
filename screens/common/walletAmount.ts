import type { TFunction } from 'i18next';

/** Why an amount paid out of the wallet (a transfer, a payment to a merchant) is refused: the states a chart names. */
export const WALLET_AMOUNT_PROBLEMS = ['unreadable', 'notPositive', 'overAvailable', 'insufficient', 'limitExceeded'] as const;
export type WalletAmountProblem = (typeof WALLET_AMOUNT_PROBLEMS)[number];

/**
 * The problem in the flow's own words (`<section>.amountUnreadable`, `.amountNotPositive`,
 * `.overAvailable` with what is available, `.limits.<limit>` for a limit it names); not enough money
 * and a limit it does not name say the same everywhere (FND10001, FND10003).
 */
export function walletAmountProblemText(t: TFunction, section: string, problem: WalletAmountProblem, { available, limit, limits }: {
  available: string;
  limit: string | null | undefined;
  limits: readonly string[];
}): string {
  switch (problem) {
    case 'unreadable': return t(`${section}.amountUnreadable`);
    case 'notPositive': return t(`${section}.amountNotPositive`);
    case 'overAvailable': return t(`${section}.overAvailable`, { available });
    case 'insufficient': return t('errors.FND10001');
    case 'limitExceeded': return limit && limits.includes(limit) ? t(`${section}.limits.${limit}`) : t('errors.FND10003');
  }
}
