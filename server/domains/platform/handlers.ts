import { PLATFORM_CODES } from '../../../services/contract/answerCodes.ts';
import { DomainError } from '../../errors.ts';
import type { Handler, FlowHandlers } from '../../handler.ts';
import { revokeSession } from '../../auth/sessions.ts';
import { writeAudit } from '../../entities/audit.ts';
import { MEMBER_COLUMNS, memberSummary, operatorIdOf, reviewHandlers, type MemberRow } from './reviews.ts';
import { redeemHandoff } from './sso.ts';

const redeem: Handler<'platform/sso/redeem'> = async (input, ctx) => {
  const session = await redeemHandoff(ctx.db, input.handoff, { lifetimeMs: ctx.config.sessionLifetimeMs });
  if (!session) throw new DomainError(PLATFORM_CODES.handoffInvalid);
  return session;
};

const whoami: Handler<'platform/session/whoami'> = async (_input, ctx) => {
  const operatorId = operatorIdOf(ctx);
  const { rows } = await ctx.db.query<{ id: string; name: string; email: string | null }>('SELECT id, name, email FROM operators WHERE id = $1', [operatorId]);
  return { operator: rows[0]! };
};

const signOut: Handler<'platform/session/logout'> = async (_input, ctx) => {
  operatorIdOf(ctx);
  await revokeSession(ctx.db, ctx.principal!.sessionId);
  return {};
};

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Finds members by number, mobile, e-mail or name. Looking at members' data is itself recorded in
 * the audit log (what was searched and how many were shown).
 */
const memberLookup: Handler<'platform/member/lookup'> = async (input, ctx) => {
  const operatorId = operatorIdOf(ctx);
  const query = input.query;
  const digits = query.replace(/[\s-]/g, '');
  const mobile = /^(\+?244)?9\d{8}$/.test(digits) ? `+244${digits.slice(-9)}` : null;
  const memberNumber = /^\d{1,18}$/.test(digits) && !mobile ? digits : null;
  const { rows } = await ctx.db.query<MemberRow>(
    `SELECT ${MEMBER_COLUMNS} FROM members m
      WHERE ($1::bigint IS NOT NULL AND m.id = $1::bigint)
         OR ($2::text IS NOT NULL AND m.mobile = $2)
         OR lower(m.email) LIKE lower($3) || '%'
         OR m.display_name ILIKE '%' || $3 || '%'
         OR m.real_name ILIKE '%' || $3 || '%'
      ORDER BY m.created_at DESC LIMIT 20`,
    [memberNumber, mobile, escapeLike(query)],
  );
  await writeAudit(ctx.db, { operatorId, action: 'member.lookup', subjectType: 'member_search', subjectId: query.slice(0, 64), after: { shown: rows.map((r) => r.member_id) } });
  return { members: rows.map(memberSummary) };
};

const auditQuery: Handler<'platform/audit/query'> = async (input, ctx) => {
  operatorIdOf(ctx);
  const { rows } = await ctx.db.query<{ id: string; at: Date; operator_id: string; operator_name: string; action: string; subject_type: string; subject_id: string; before: Record<string, unknown> | null; after: Record<string, unknown> | null; total: string }>(
    `SELECT a.id::text, a.at, a.operator_id, o.name AS operator_name, a.action, a.subject_type, a.subject_id, a.before, a.after, count(*) OVER () AS total
       FROM operator_audit a JOIN operators o ON o.id = a.operator_id
      WHERE $1::text IS NULL OR a.subject_id = $1 OR a.before->>'member' = $1 OR a.after->>'member' = $1
      ORDER BY a.id DESC LIMIT $2 OFFSET $3`,
    [input.subjectId ?? null, input.pageSize, (input.page - 1) * input.pageSize],
  );
  return {
    items: rows.map((row) => ({
      id: row.id,
      at: new Date(row.at).toISOString(),
      operatorId: row.operator_id,
      operatorName: row.operator_name,
      action: row.action,
      subjectType: row.subject_type,
      subjectId: row.subject_id,
      before: row.before,
      after: row.after,
    })),
    total: Number(rows[0]?.total ?? 0),
  };
};

export const platformHandlers = {
  'platform/sso/redeem': redeem,
  'platform/session/whoami': whoami,
  'platform/session/logout': signOut,
  'platform/member/lookup': memberLookup,
  'platform/audit/query': auditQuery,
  ...reviewHandlers,
} satisfies FlowHandlers<'platform'>;
