import { MERCHANT_CODES } from '../../../services/contract/answerCodes.ts';
import { DomainError } from '../../errors.ts';
import type { FlowHandlers, Handler } from '../../handler.ts';
import { consumePayAuthorization } from '../../ledger/payAuthorizations.ts';
import { memberIdOf, passwordFreeOf, type PasswordFree } from '../../entities/members.ts';

const SET = 'pay/passwordFree/set';

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
