import { MERCHANT_CODES } from '../../../services/contract/answerCodes.ts';
import type { Queryable } from '../../db/index.ts';
import { DomainError } from '../../errors.ts';
import type { FlowHandlers, Handler } from '../../handler.ts';
import { consumePayAuthorization } from '../payPassword/authorizations.ts';
import { memberIdOf } from '../members/moneyMembers.ts';

const SET = 'pay/passwordFree/set';

export interface PasswordFree {
  enabled: boolean;
  /** What the member set (kept while switched off, so switching on again offers it). */
  limit: bigint;
  /** What a payment-code charge may be without the pay password: 0 when off, never above today's cap. */
  effectiveLimit: bigint;
}

/**
 * A member's password-free setting (`agreement/nopwd`): off until switched on. The cap is read at
 * each charge, so lowering PASSWORD_FREE_CAP_KZ lowers every member's effective limit at once.
 */
export async function passwordFreeOf(db: Queryable, memberId: string, cap: number): Promise<PasswordFree> {
  const { rows } = await db.query<{ enabled: boolean; limit_amount: string }>('SELECT enabled, limit_amount::text FROM password_free_settings WHERE member_id = $1', [memberId]);
  const row = rows[0];
  const limit = BigInt(row?.limit_amount ?? '0');
  const capped = limit < BigInt(cap) ? limit : BigInt(cap);
  return { enabled: row?.enabled ?? false, limit, effectiveLimit: row?.enabled ? capped : 0n };
}

const answer = (setting: PasswordFree, cap: number) => ({ enabled: setting.enabled, limit: Number(setting.limit), cap });

const query: Handler<'pay/passwordFree/query'> = async (_input, ctx) =>
  answer(await passwordFreeOf(ctx.db, memberIdOf(ctx), ctx.config.merchant.passwordFreeCap), ctx.config.merchant.passwordFreeCap);

/**
 * Switches password-free payments on with a limit within the cap (MCH10015 above it), confirmed
 * with the pay password for exactly this setting (`payToken` for {service, amount: limit,
 * counterparty: 'passwordFree'}, FND10008 otherwise), or off (no password: it only makes paying stricter).
 * The contract asks a confirmation for every switch-on or change of the limit, lowering included:
 * one rule, and a setting that lets money move is never changed without the password.
 */
const set: Handler<typeof SET> = async (input, ctx) => {
  const memberId = memberIdOf(ctx);
  const cap = ctx.config.merchant.passwordFreeCap;
  return ctx.db.transaction(async (tx) => {
    if (!input.enabled) {
      await tx.query(
        `INSERT INTO password_free_settings (member_id, enabled, limit_amount) VALUES ($1, false, 0)
         ON CONFLICT (member_id) DO UPDATE SET enabled = false, updated_at = now()`,
        [memberId],
      );
    } else {
      if (input.limit > cap) throw new DomainError(MERCHANT_CODES.passwordFreeOverCap, 200, String(cap));
      await consumePayAuthorization(tx, memberId, input.payToken, { service: SET, amount: input.limit, counterparty: 'passwordFree' });
      await tx.query(
        `INSERT INTO password_free_settings (member_id, enabled, limit_amount) VALUES ($1, true, $2)
         ON CONFLICT (member_id) DO UPDATE SET enabled = true, limit_amount = EXCLUDED.limit_amount, updated_at = now()`,
        [memberId, input.limit],
      );
    }
    return answer(await passwordFreeOf(tx, memberId, cap), cap);
  });
};

export const passwordFreeHandlers = {
  'pay/passwordFree/query': query,
  [SET]: set,
} satisfies FlowHandlers<'passwordFree'>;
