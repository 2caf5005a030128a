import { CODES, LEDGER_CODES, PAYEE_CODES } from '../../../services/contract/answerCodes.ts';
import type { Queryable } from '../../db/index.ts';
import { DomainError } from '../../errors.ts';
import type { FlowHandlers, Handler, InStatementSessionHandler } from '../../handler.ts';
import { moneyStatement } from '../../ledger/ledger.ts';
import { payloadHash } from '../../ledger/idempotent.ts';
import { purposeHash } from '../../ledger/payAuthorizations.ts';
import { hashToken } from '../../auth/sessions.ts';
import { maskName, memberIdOf, moneyMember } from '../../entities/members.ts';
import { countPayeeLookup, PAYEE_LOOKUPS_PER_HOUR } from '../../entities/payeeLookups.ts';
import { maskMobile } from '../../../src/lib/phone.ts';

const SERVICE = 'wallet/transfer/doTransfer';
const e164 = (national: string) => `+244${national}`;

// counted in one budget with the other doors to a name (a scanned receive code): server/entities/payeeLookups.ts
export { PAYEE_LOOKUPS_PER_HOUR };

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

/** The latest distinct payees a member's lists show, and the most favourites a member keeps. */
export const RECENT_PAYEES = 8;
export const FAVOURITES_MAX = 50;

interface PayeeRow { id: string; payee_id: string; nickname: string | null; mobile: string; real_name: string }
const national = (mobile: string) => mobile.replace(/^\+244/, '');
const listed = (row: PayeeRow) => ({ mobile: national(row.mobile), maskedName: maskName(row.real_name), maskedMobile: maskMobile(national(row.mobile)) });
const favourite = (row: PayeeRow) => ({ ...listed(row), id: row.id, nickname: row.nickname });

/** A member's favourites, with the payee as they are now (only active verified members are listed). */
const FAVOURITES_SQL = `SELECT f.id::text, f.payee_id::text, f.nickname, m.mobile, m.real_name
  FROM member_favourite_payees f JOIN members m ON m.id = f.payee_id
 WHERE f.member_id = $1 AND m.status = 'active' AND m.verification_status = 'verified' AND m.real_name IS NOT NULL AND m.mobile IS NOT NULL`;

/** The last people paid, from the ledger (a refused transfer posts nothing), and the favourites: this member's only. */
const listPayees: Handler<'wallet/transfer/listPayees'> = async (_input, ctx) => {
  const memberId = memberIdOf(ctx);
  const recent = await ctx.db.query<PayeeRow & { last_id: string }>(
    `SELECT r.last_id::text, r.payee_id::text, f.id::text AS id, f.nickname, m.mobile, m.real_name
       FROM (SELECT c.member_id AS payee_id, max(t.id) AS last_id
               FROM ledger_accounts d
               JOIN ledger_transfers t ON t.debit_account_id = d.id AND t.kind = 'transfer'
               JOIN ledger_accounts c ON c.id = t.credit_account_id
              WHERE d.member_id = $1 AND d.kind = 'available' AND c.member_id IS NOT NULL AND c.member_id <> $1
              GROUP BY c.member_id) r
       JOIN members m ON m.id = r.payee_id
       LEFT JOIN member_favourite_payees f ON f.member_id = $1 AND f.payee_id = r.payee_id
      WHERE m.status = 'active' AND m.verification_status = 'verified' AND m.real_name IS NOT NULL AND m.mobile IS NOT NULL
      ORDER BY r.last_id DESC LIMIT ${RECENT_PAYEES}`,
    [memberId],
  );
  const favourites = await ctx.db.query<PayeeRow>(`${FAVOURITES_SQL} ORDER BY f.id DESC`, [memberId]);
  return {
    recent: recent.rows.map((row) => ({ ...listed(row), favouriteId: row.id })),
    favourites: favourites.rows.map(favourite),
  };
};

/** One favourite of this member's, or the not-found code (another member's id is not found either). */
async function ownFavourite(db: Queryable, memberId: string, id: string): Promise<PayeeRow> {
  const { rows } = await db.query<PayeeRow>(`${FAVOURITES_SQL} AND f.id = $2`, [memberId, id]);
  if (!rows[0]) throw new DomainError(PAYEE_CODES.favouriteNotFound);
  return rows[0];
}

/** Stars a payee found as queryPayee finds them (and counted as a lookup); at most FAVOURITES_MAX, counted under the member's row lock. */
const starPayee: Handler<'wallet/transfer/starPayee'> = async (input, ctx) => {
  const memberId = memberIdOf(ctx);
  await countPayeeLookup(ctx.db, memberId);
  const payee = await moneyMember(ctx.db, { mobile: e164(input.mobile) });
  if (!payee?.verified || !payee.realName) throw new DomainError(LEDGER_CODES.payeeNotFound);
  if (payee.id === memberId) throw new DomainError(LEDGER_CODES.payeeIsSelf);
  return ctx.db.transaction(async (tx) => {
    // stars at once take turns on the member's row, held until the count and the insert commit
    await tx.query('SELECT id FROM members WHERE id = $1 FOR NO KEY UPDATE', [memberId]);
    const { rows: [existing] } = await tx.query<{ id: string }>('SELECT id::text FROM member_favourite_payees WHERE member_id = $1 AND payee_id = $2', [memberId, payee.id]);
    if (existing) return favourite(await ownFavourite(tx, memberId, existing.id));
    const { rows: [count] } = await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM member_favourite_payees WHERE member_id = $1', [memberId]);
    if (count!.n >= FAVOURITES_MAX) throw new DomainError(PAYEE_CODES.tooManyFavourites);
    const { rows: [made] } = await tx.query<{ id: string }>('INSERT INTO member_favourite_payees (member_id, payee_id) VALUES ($1, $2) RETURNING id::text', [memberId, payee.id]);
    return favourite(await ownFavourite(tx, memberId, made!.id));
  });
};

const unstarPayee: Handler<'wallet/transfer/unstarPayee'> = async (input, ctx) => {
  const { rows } = await ctx.db.query('DELETE FROM member_favourite_payees WHERE id = $1 AND member_id = $2 RETURNING id', [input.id, memberIdOf(ctx)]);
  if (!rows.length) throw new DomainError(PAYEE_CODES.favouriteNotFound);
  return {};
};

const renamePayee: Handler<'wallet/transfer/renamePayee'> = async (input, ctx) => {
  const memberId = memberIdOf(ctx);
  const { rows } = await ctx.db.query('UPDATE member_favourite_payees SET nickname = $3 WHERE id = $1 AND member_id = $2 RETURNING id', [input.id, memberId, input.nickname]);
  if (!rows.length) throw new DomainError(PAYEE_CODES.favouriteNotFound);
  return favourite(await ownFavourite(ctx.db, memberId, input.id));
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
  'wallet/transfer/listPayees': listPayees,
  'wallet/transfer/starPayee': starPayee,
  'wallet/transfer/unstarPayee': unstarPayee,
  'wallet/transfer/renamePayee': renamePayee,
} satisfies FlowHandlers<'transfer'>;
