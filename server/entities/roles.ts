import { MERCHANT_CODES, STAFF_CODES, type Code } from '../../services/contract/answerCodes.ts';
import type { ServiceName } from '../../services/contract/index.ts';
import { DomainError } from '../errors.ts';

/**
 * Who may act on a merchant, its sub-merchants and their stores (spec §6; DESIGN.md "Roles"): the
 * table README's "Who may do what" shows, and the refusal each role gets. The entities that decide
 * who a caller is (merchants.ts: the owner; staff.ts: a clerk; stores.ts: the caller at a store)
 * answer with it; tests/unit/readmeRoles.test.ts keeps the table and README equal, and the
 * authorisation matrix in tests/server/staff.test.ts takes its expectations from it.
 */

/** Who a caller is to a merchant's calls: README's columns. */
export type MerchantRole = 'owner' | 'clerk' | 'removedClerk' | 'anyoneElse';

export const ROLE_COLUMNS: Readonly<Record<MerchantRole, string>> = {
  owner: 'owner (the enterprise that opened the account)',
  clerk: "clerk (an individual who agreed to one store's invitation)",
  removedClerk: 'removed clerk',
  anyoneElse: 'anyone else',
};

/**
 * A role's answer to a family of calls: what it may do, in README's words, or the codes it is
 * refused with — the first is the one the role gets; for `anyoneElse` the first is a member on no
 * merchant's side, the others a member of another merchant naming this one's store.
 */
export type RoleAnswer = string | readonly [Code, ...Code[]];

export interface RoleRule extends Readonly<Record<MerchantRole, RoleAnswer>> {
  /** README's name for the family (the row's first cell). */
  calls: string;
  /** The gateway services of the family (the CSV export is records' `GET /merchant/records/export`, owner only). */
  services: readonly ServiceName[];
}

const { staffRemoved, ownerOnly: ownerOnlyCode, assignedElsewhere, notAnIndividual } = STAFF_CODES;
const { notAMerchant, notYours } = MERCHANT_CODES;

/** Who may do what (spec §6; DESIGN.md "Roles"), by family of calls, in README's order. */
export const ROLE_RULES = {
  cashier: {
    calls: 'cashier: dynamic code, charge a payment code, look up and redeem a group voucher',
    services: ['merchant/cashier/stores', 'merchant/cashier/createDynamicCode', 'merchant/cashier/queryDynamicCode', 'merchant/cashier/chargePaymentCode', 'merchant/cashier/queryCharge',
      'merchant/groupPackage/voucher', 'merchant/groupPackage/redeem'],
    owner: "all its and its sub-merchants' stores",
    clerk: 'their store only',
    removedClerk: [staffRemoved],
    anyoneElse: [notAMerchant, notYours],
  },
  records: {
    calls: 'records, day report',
    services: ['merchant/records/query', 'merchant/records/detail', 'merchant/dayReport/query'],
    owner: 'all stores, by store, clerk or code binding; CSV',
    clerk: "their own collections, or all their store's with the all-records permission; no CSV; the day report of their own till",
    removedClerk: [staffRemoved],
    anyoneElse: [notAMerchant],
  },
  alerts: {
    calls: 'live alerts',
    services: ['merchant/alerts/wait'],
    owner: 'all its stores',
    clerk: 'as records',
    removedClerk: [staffRemoved],
    anyoneElse: [notAMerchant],
  },
  ownerOnly: {
    calls: 'refunds, analysis, settlement, daily payout, staff, stores, codes and stickers, sub-merchants, merchant home and list, promotions, group packages',
    services: [
      'merchant/refund/apply', 'merchant/analysis/query', 'merchant/analysis/fundDetails',
      'merchant/staff/invitations', 'merchant/staff/invitationDetail', 'merchant/staff/invite', 'merchant/staff/withdrawInvitation', 'merchant/staff/list', 'merchant/staff/detail', 'merchant/staff/update', 'merchant/staff/remove',
      'merchant/store/save', 'merchant/store/detail', 'merchant/store/close',
      'merchant/code/list', 'merchant/code/bind', 'merchant/code/unbind',
      'subMerchant/register/apply', 'merchant/home/summary', 'merchant/list/query',
      'merchant/promotion/saveCashback', 'merchant/promotion/saveDiscount', 'merchant/promotion/saveCoupon', 'merchant/promotion/setStatus', 'merchant/promotion/list',
      'merchant/groupPackage/save', 'merchant/groupPackage/list', 'merchant/groupPackage/setStatus',
      'merchant/dailyPayout/query', 'merchant/dailyPayout/save',
    ],
    owner: 'yes',
    clerk: [ownerOnlyCode],
    removedClerk: [staffRemoved],
    anyoneElse: [notAMerchant],
  },
  invitation: {
    calls: 'answer an invitation',
    services: ['staff/invitation/pending', 'staff/invitation/summary', 'staff/invitation/detail', 'staff/invitation/respond'],
    owner: '—',
    clerk: `one store at a time (\`${assignedElsewhere}\`)`,
    removedClerk: 'may be invited again',
    anyoneElse: `individuals only (\`${notAnIndividual}\`)`,
  },
} as const satisfies Record<string, RoleRule>;

export type RoleFamily = keyof typeof ROLE_RULES;

/** The refusal a family's table row gives a caller who is not let in. */
export function refused(family: RoleFamily, role: Exclude<MerchantRole, 'owner'>): DomainError {
  const answer: RoleAnswer = ROLE_RULES[family][role];
  // a programming error: the caller was let in by the table and refused by the code
  if (typeof answer === 'string') throw new Error(`ROLE_RULES.${family}: a ${role} is not refused`);
  return new DomainError(answer[0]);
}
