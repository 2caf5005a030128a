import type { ResponseOf } from '../services/contract/define.ts';
import type { BoundCard, BankRules } from '../services/contract/shared.ts';
import type { queryLimits, queryBranches, queryWithdrawProvCities, queryWithdrawStatus, applyWithdraw, querySerivceCharge, queryWithdrawInfo } from '../services/contract/withdrawal.ts';
import type { TopupStatus, applyTopup, resendTopupCode } from '../services/contract/topup.ts';
import type { checkCardBin, inputMobile } from '../services/contract/bindCard.ts';

/**
 * What the bank-card charts (bindCard, topup, withdrawal, cardList) share: the answers they read,
 * the polling interval, and the checks of typed digits and amounts.
 */
export type { BoundCard, BankRules, TopupStatus };
export type WithdrawInfo = ResponseOf<typeof queryWithdrawInfo>;
export type WithdrawLimits = ResponseOf<typeof queryLimits>;
export type ServiceCharge = ResponseOf<typeof querySerivceCharge>;
export type Province = ResponseOf<typeof queryWithdrawProvCities>['provinces'][number];
export type Branch = ResponseOf<typeof queryBranches>['branches'][number];
export type WithdrawReceipt = ResponseOf<typeof applyWithdraw>;
export type WithdrawStatus = ResponseOf<typeof queryWithdrawStatus>;
export type TopupOrder = ResponseOf<typeof applyTopup>;
export type CodeResent = ResponseOf<typeof resendTopupCode>;
export type BinInfo = ResponseOf<typeof checkCardBin>;
export type BindCodeSent = ResponseOf<typeof inputMobile>;

/** The bank's answers are asked for again every two seconds while a payment waits for it. */
export const POLL_INTERVAL_MS = 2_000;

/** Digits only, at most `max` of them. */
export const digitsOf = (value: string, max: number) => value.replace(/\D/g, '').slice(0, max);
