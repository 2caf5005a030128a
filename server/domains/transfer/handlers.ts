import { CODES, LEDGER_CODES } from '../../../services/contract/answerCodes.ts';
import type { Queryable } from '../../db/index.ts';
import { DomainError } from '../../errors.ts';
import type { FlowHandlers, Handler, InStatementSessionHandler } from '../../handler.ts';
import { moneyStatement } from '../../ledger/ledger.ts';
import { payloadHash } from '../../ledger/idempotent.ts';
import { purposeHash } from '../../ledger/payAuthorizations.ts';
import { hashToken } from '../../auth/sessions.ts';
import { memberIdOf, moneyMember } from '../../entities/members.ts';

const SERVICE = 'wallet/transfer/doTransfer';
const e164 = (national: string) => `+244${national}`;

/** Payee lookups a member may make within an hour of their first: plenty to pay people, too few to scrape names. */
export const PAYEE_LOOKUPS_PER_HOUR = 30;

/** Counts one lookup; refuses with the minutes left in the window once the hour's lookups are spent. */
async function countPayeeLookup(db: Queryable, memberId: string): Promise<void> {
  const { rows } = await db.query<{ lookups: number; minutes_left: number }>(
    `INSERT INTO payee_lookup_usage AS u (member_id, window_start, lookups) VALUES ($1, now(), 1)
     ON CONFLICT (member_id) DO UPDATE SET
       lookups = CASE WHEN u.window_start > now() - interval '1 hour' THEN u.lookups + 1 ELSE 1 END,
       window_start = CASE WHEN u.window_start > now() - interval '1 hour' THEN u.window_start ELSE now() END
     RETURNING lookups, ceil(extract(epoch FROM window_start + interval '1 hour' - now()) / 60)::int AS minutes_left`,
    [memberId],
  );
  const usage = rows[0]!;
  if (usage.lookups > PAYEE_LOOKUPS_PER_HOUR) throw new DomainError(LEDGER_CODES.payeeLookupsExhausted, 200, String(usage.minutes_left));
}

/** The payee as the payer will see them: only a verified member, by their verified name, masked. */
const queryPayee: Handler<'wallet/transfer/queryPayee'> = async (input, ctx) => {
  const payerId = memberIdOf(ctx);
  await countPayeeLookup(ctx.db, payerId);
  const payee = await moneyMember(ctx.db, { mobile: e164(input.mobile) });
  if (!payee?.verified || !payee.realName) throw new DomainError(LEDGER_CODES.payeeNotFound);
  if (payee.id === payerId) throw new DomainError(LEDGER_CODES.payeeIsSelf);
  const { rows } = await ctx.db.query<{ masked: string }>('SELECT mask_name($1) AS masked', [payee.realName]);
  return { maskedName: rows[0]!.masked, mobile: e164(input.mobile) };
};

type TransferAnswer = Awaited<ReturnType<Handler<typeof SERVICE>>>;

/**
 * Member to member, in one round trip: the money-call pattern's SQL form (server/ledger/README.md).
 * `wallet_transfer_in_session` (migrations 016 and 018) checks the session (registered below as
 * checking it in its statement, so the registry leaves that to it), claims the requestNo (a replay
 * answers what the first call answered), spends the pay-password confirmation given for this
 * payment, checks both members and the payer's limits, posts under the account locks, checks the
 * payee's ceiling and stores the answer; a refusal is stored as the first answer too.
 */
const doTransfer: InStatementSessionHandler<typeof SERVICE>['handle'] = async (input, ctx) => {
  const session = ctx.session;
  const [outcome] = await moneyStatement<{ code: string; detail: string; answer: TransferAnswer | null }>(
    ctx.db,
    'wallet_transfer_in_session',
    'SELECT * FROM wallet_transfer_in_session($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)',
    [session.tokenHash, session.idleSeconds, session.granularitySeconds, ctx.requestNo, payloadHash(SERVICE, input), hashToken(input.payToken),
      purposeHash({ service: SERVICE, amount: input.amount, counterparty: input.mobile }), e164(input.mobile), input.amount, input.note],
  );
  if (outcome!.code === CODES.forbidden) throw new DomainError(CODES.forbidden, 403);
  if (outcome!.code !== CODES.ok) throw new DomainError(outcome!.code, 200, outcome!.detail || undefined);
  return outcome!.answer!;
};

export const transferHandlers = {
  'wallet/transfer/queryPayee': queryPayee,
  [SERVICE]: { sessionCheck: 'inStatement', handle: doTransfer },
} satisfies FlowHandlers<'transfer'>;
