import type { FlowHandlers, Handler } from '../../handler.ts';
import { writeAudit } from '../../entities/audit.ts';
import { operatorIdOf } from '../../auth/principal.ts';
import { createCashbackPolicy, promotionSpend, setPromotionStatus } from '../../entities/promotions.ts';

/**
 * The platform's cashback policies (README "Promotions"), kept by operators (`SSO-AUTH`): listed
 * with their spend, made, paused, resumed and ended, each change written to operator_audit with its
 * before and after in the same transaction. The rules are the entity's (server/entities/promotions.ts).
 */

const dates = (input: { startsAt?: string; endsAt?: string }) => ({
  startsAt: input.startsAt === undefined ? undefined : new Date(input.startsAt),
  endsAt: input.endsAt === undefined ? undefined : new Date(input.endsAt),
});

const saveCashback: Handler<'platform/promotion/saveCashback'> = async (input, ctx) => {
  const operatorId = operatorIdOf(ctx);
  const policyId = await ctx.db.transaction(async (tx) => {
    const created = await createCashbackPolicy(tx, { platform: true }, operatorId, { ...input, ...dates(input) });
    await writeAudit(tx, { operatorId, action: 'promotion.cashback.create', subjectType: 'cashbackPolicy', subjectId: created, after: input });
    return created;
  });
  return { policyId };
};

const setStatus: Handler<'platform/promotion/setStatus'> = async (input, ctx) => {
  const operatorId = operatorIdOf(ctx);
  await ctx.db.transaction(async (tx) => {
    const before = (await tx.query<{ status: string }>('SELECT status FROM cashback_policies WHERE id = $1 AND merchant_id IS NULL', [input.id])).rows[0];
    await setPromotionStatus(tx, { platform: true }, 'cashback', input.id, input.status);
    await writeAudit(tx, { operatorId, action: 'promotion.cashback.status', subjectType: 'cashbackPolicy', subjectId: input.id, before: before ?? null, after: { status: input.status } });
  });
  return input;
};

interface PolicyRow {
  id: string;
  name: string;
  status: 'active' | 'paused' | 'ended';
  type: 'ratio' | 'random';
  ratio_bp: number | null;
  min_cashback: string;
  max_cashback: string | null;
  min_payment: string;
  budget_amount: string | null;
  budget_count: number | null;
  member_id: string | null;
  starts_at: Date;
  ends_at: Date | null;
}

const figure = (value: string | null) => (value === null ? null : Number(value));

/** The platform's policies (merchant_id NULL), newest first, each with its spend (promotionSpend). */
const list: Handler<'platform/promotion/list'> = async (_input, ctx) => {
  operatorIdOf(ctx);
  const { rows } = await ctx.db.query<PolicyRow>(
    `SELECT id::text, name, status, type, ratio_bp, min_cashback::text, max_cashback::text, min_payment::text, budget_amount::text, budget_count,
            member_id::text, starts_at, ends_at
       FROM cashback_policies WHERE merchant_id IS NULL ORDER BY created_at DESC, id DESC LIMIT 200`,
  );
  const policies = [];
  for (const row of rows) {
    const spent = await promotionSpend(ctx.db, 'cashback', row.id);
    policies.push({
      id: row.id, name: row.name, status: row.status, type: row.type, ratioBp: row.ratio_bp, minCashback: Number(row.min_cashback), maxCashback: figure(row.max_cashback),
      minPayment: Number(row.min_payment), budgetAmount: figure(row.budget_amount), budgetCount: row.budget_count, memberId: row.member_id,
      startsAt: new Date(row.starts_at).toISOString(), endsAt: row.ends_at === null ? null : new Date(row.ends_at).toISOString(),
      spend: { amount: Number(spent.amount), count: spent.count, amountLeft: spent.amountLeft === null ? null : Number(spent.amountLeft), countLeft: spent.countLeft },
    });
  }
  return { policies };
};

export const platformPromotionsHandlers = {
  'platform/promotion/saveCashback': saveCashback,
  'platform/promotion/setStatus': setStatus,
  'platform/promotion/list': list,
} satisfies FlowHandlers<'platformPromotions'>;
