import categories from '../../../services/data/merchant_categories.json' with { type: 'json' };
import { LEDGER_CODES, MERCHANT_CODES } from '../../../services/contract/answerCodes.ts';
import type { EnterpriseForm } from '../../../services/contract/enterpriseVerification.ts';
import type { Queryable } from '../../db/index.ts';
import { DomainError } from '../../errors.ts';
import type { FlowHandlers, Handler } from '../../handler.ts';
import { openSettlementAccounts } from '../../ledger/settlement.ts';
import { activeCard } from '../../entities/cards.ts';
import { memberIdOf } from '../../auth/principal.ts';
import { MERCHANT_COLUMNS, toMerchantSummary, type MerchantRow } from '../../entities/merchants.ts';

/**
 * Opening a collection account (`/app/open`): a verified enterprise accepts the collection-code
 * agreement, picks its business category and the bound debit card its settlement balance is
 * withdrawn to, and becomes a merchant named as its approved verification names the company
 * (the short name customers know), with its settlement shards in the ledger.
 */

const CATEGORY_CODES = new Set(categories.categories.map((c) => c.code));

interface Standing {
  member_type: 'individual' | 'enterprise';
  verification_status: 'unverified' | 'pending' | 'verified' | 'failed';
  /** The approved verification's form (the latest approved one), if any. */
  form: EnterpriseForm | null;
}

async function standingOf(db: Queryable, memberId: string, lock = false): Promise<Standing> {
  const { rows } = await db.query<Standing>(
    `SELECT m.member_type, m.verification_status,
            (SELECT v.form FROM enterprise_verifications v WHERE v.member_id = m.id AND v.status = 'approved' ORDER BY v.decided_at DESC LIMIT 1) AS form
       FROM members m WHERE m.id = $1${lock ? ' FOR UPDATE OF m' : ''}`,
    [memberId],
  );
  return rows[0]!;
}

async function ownMerchant(db: Queryable, memberId: string): Promise<MerchantRow | null> {
  const { rows } = await db.query<MerchantRow>(`SELECT ${MERCHANT_COLUMNS} FROM merchants m WHERE m.member_id = $1 AND m.parent_id IS NULL`, [memberId]);
  return rows[0] ?? null;
}

/** The service charge of a new collection account: 0.5 % of each payment, at most 5 000 Kz (written into the merchant's row when it opens). */
export const NEW_MERCHANT_CHARGE = { rateBp: 50, cap: 500_000 } as const;

const queryOpening: Handler<'merchant/open/query'> = async (_input, ctx) => {
  const memberId = memberIdOf(ctx);
  const chargeTerms = { rateBp: NEW_MERCHANT_CHARGE.rateBp, cap: NEW_MERCHANT_CHARGE.cap };
  const standing = await standingOf(ctx.db, memberId);
  if (standing.member_type !== 'enterprise') return { state: 'individual', companyName: null, merchant: null, chargeTerms };
  const companyName = standing.form?.company.shortName ?? null;
  const merchant = await ownMerchant(ctx.db, memberId);
  if (merchant) return { state: 'open', companyName, merchant: toMerchantSummary(merchant), chargeTerms };
  // verified means an approved verification with its form (the merchant's name comes from it): what apply checks too
  const state = standing.verification_status === 'verified' && standing.form ? 'canOpen' : standing.verification_status === 'pending' ? 'pendingVerification' : 'notVerified';
  return { state, companyName: state === 'canOpen' ? companyName : null, merchant: null, chargeTerms };
};

/**
 * Opens the account in one transaction: the member's row is locked first, so two taps at once
 * open one merchant (the second is MCH10002); the settlement shards are opened with it, never on
 * the payment path.
 */
const openMerchant: Handler<'merchant/open/apply'> = async (input, ctx) => {
  const memberId = memberIdOf(ctx);
  return ctx.db.transaction(async (tx) => {
    const standing = await standingOf(tx, memberId, true);
    if (standing.member_type !== 'enterprise') throw new DomainError(MERCHANT_CODES.notAnEnterprise);
    // an approval sets the member verified with its form; a member verified without one (never, today) is not a verified company
    if (standing.verification_status !== 'verified' || !standing.form) throw new DomainError(LEDGER_CODES.verificationNeeded);
    if (await ownMerchant(tx, memberId)) throw new DomainError(MERCHANT_CODES.alreadyMerchant);
    if (!CATEGORY_CODES.has(input.mcc)) throw new DomainError(MERCHANT_CODES.categoryUnknown);
    const card = await activeCard(tx, memberId, input.settlementCardId);
    const { company, basicInfo } = standing.form;
    const { rows } = await tx.query<MerchantRow>(
      `INSERT INTO merchants AS m (member_id, name, nif, mcc, province_id, city, settlement_card_id, charge_rate_bp, charge_cap)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING ${MERCHANT_COLUMNS}`,
      [memberId, company.shortName.trim().slice(0, 60), company.nif, input.mcc, basicInfo.province, basicInfo.city, card.id, NEW_MERCHANT_CHARGE.rateBp, NEW_MERCHANT_CHARGE.cap],
    );
    const merchant = rows[0]!;
    await openSettlementAccounts(tx, memberId, merchant.settlement_shards);
    return { merchant: toMerchantSummary(merchant) };
  });
};

export const merchantOpeningHandlers = {
  'merchant/open/query': queryOpening,
  'merchant/open/apply': openMerchant,
} satisfies FlowHandlers<'merchantOpening'>;
