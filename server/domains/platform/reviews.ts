import provinces from '../../../services/data/angola/provinces.json' with { type: 'json' };
import { ACCOUNT_CODES, PLATFORM_CODES } from '../../../services/contract/answerCodes.ts';
import { enterpriseDocumentSlots, type EnterpriseForm } from '../../../services/contract/enterpriseVerification.ts';
import type { Queryable } from '../../db/index.ts';
import { DomainError } from '../../errors.ts';
import { messageText, normaliseLanguage } from '../../i18n.ts';
import { enqueueMessage } from '../../adapters/messages.ts';
import type { Handler } from '../../handler.ts';
import { writeAudit } from '../../entities/audit.ts';
import { operatorIdOf } from '../../auth/principal.ts';
import { addNotice } from '../../entities/memberNotices.ts';

export { operatorIdOf };

/**
 * The two review queues: enterprise verifications and mobile-number rebinding without the old
 * number. A decision locks the member, then the request (the order the member's own calls use),
 * resolves a pending request once, changes the member, writes the audit entry and tells the member,
 * all in one transaction.
 */

const MIN_REASON = 5;
const iso = (value: Date | string | null) => (value ? new Date(value).toISOString() : null);

export const MEMBER_COLUMNS = `m.id::text AS member_id, m.member_type, m.display_name, m.mobile, m.email, m.status AS member_status,
  m.verification_status, m.account_level, m.created_at AS member_created_at, m.language`;

export interface MemberRow {
  member_id: string;
  member_type: 'individual' | 'enterprise';
  display_name: string;
  mobile: string | null;
  email: string | null;
  member_status: string;
  verification_status: 'unverified' | 'pending' | 'verified' | 'failed';
  account_level: 'I' | 'III' | 'commercial';
  member_created_at: Date;
  language: string;
}

export const memberSummary = (row: MemberRow) => ({
  id: row.member_id,
  memberType: row.member_type,
  displayName: row.display_name,
  mobile: row.mobile,
  email: row.email,
  status: row.member_status,
  verificationStatus: row.verification_status,
  accountLevel: row.account_level,
  createdAt: iso(row.member_created_at)!,
});

interface DecisionRow {
  status: 'pending' | 'approved' | 'rejected';
  submitted_at: Date;
  decided_at: Date | null;
  decided_by_name: string | null;
  reason: string | null;
}
const decision = (row: DecisionRow) => ({
  status: row.status,
  submittedAt: iso(row.submitted_at)!,
  decidedAt: iso(row.decided_at),
  decidedBy: row.decided_by_name,
  reason: row.reason,
});

/** Pending requests oldest first (first come, first served); decided ones newest first. */
const queueOrder = (status: string, table: 'v' | 'r') => (status === 'pending' ? `${table}.submitted_at ASC` : `${table}.decided_at DESC`);

function checkReason(input: { decision: 'approve' | 'reject'; reason: string }) {
  if (input.decision === 'reject' && input.reason.length < MIN_REASON) throw new DomainError(PLATFORM_CODES.reasonRequired);
}

async function lockMember(tx: Queryable, memberId: string) {
  const { rows } = await tx.query<MemberRow & { nif: string | null }>(`SELECT ${MEMBER_COLUMNS}, m.nif FROM members m WHERE m.id = $1 FOR UPDATE`, [memberId]);
  return rows[0]!;
}

// ── enterprise verifications ────────────────────────────────────────────────────────────────────

const verificationQueue: Handler<'platform/verification/queue'> = async (input, ctx) => {
  operatorIdOf(ctx);
  const { rows } = await ctx.db.query<DecisionRow & { id: string; member_id: string; company_name: string; company_nif: string; email: string | null; total: string }>(
    `SELECT v.id, v.member_id::text, v.form->'company'->>'name' AS company_name, v.company_nif, m.email,
            v.status, v.submitted_at, v.decided_at, o.name AS decided_by_name, v.reason, count(*) OVER () AS total
       FROM enterprise_verifications v JOIN members m ON m.id = v.member_id LEFT JOIN operators o ON o.id = v.decided_by
      WHERE v.status = $1 ORDER BY ${queueOrder(input.status, 'v')} LIMIT $2 OFFSET $3`,
    [input.status, input.pageSize, (input.page - 1) * input.pageSize],
  );
  return {
    items: rows.map((row) => ({ id: row.id, memberId: row.member_id, companyName: row.company_name, companyNif: row.company_nif, email: row.email, ...decision(row) })),
    total: Number(rows[0]?.total ?? 0),
  };
};

const verificationDetail: Handler<'platform/verification/detail'> = async (input, ctx) => {
  operatorIdOf(ctx);
  const { rows } = await ctx.db.query<DecisionRow & MemberRow & { id: string; form: EnterpriseForm; company_nif: string }>(
    `SELECT v.id, v.form, v.company_nif, v.status, v.submitted_at, v.decided_at, o.name AS decided_by_name, v.reason, ${MEMBER_COLUMNS}
       FROM enterprise_verifications v JOIN members m ON m.id = v.member_id LEFT JOIN operators o ON o.id = v.decided_by
      WHERE v.id = $1`,
    [input.id],
  );
  const row = rows[0];
  if (!row) throw new DomainError(PLATFORM_CODES.reviewNotFound);
  const fileIds = enterpriseDocumentSlots.map((slot) => row.form.documents[slot]);
  const { rows: files } = await ctx.db.query<{ id: string; original_name: string; content_type: string; size_bytes: string }>(
    'SELECT id, original_name, content_type, size_bytes FROM uploaded_files WHERE id = ANY ($1::uuid[]) AND member_id = $2',
    [fileIds, row.member_id],
  );
  const byId = new Map(files.map((file) => [file.id, file]));
  const { rows: history } = await ctx.db.query<DecisionRow & { id: string }>(
    `SELECT v.id, v.status, v.submitted_at, v.decided_at, o.name AS decided_by_name, v.reason
       FROM enterprise_verifications v LEFT JOIN operators o ON o.id = v.decided_by
      WHERE v.member_id = $1 AND v.id <> $2 ORDER BY v.submitted_at DESC LIMIT 20`,
    [row.member_id, row.id],
  );
  return {
    id: row.id,
    memberId: row.member_id,
    companyName: row.form.company.name,
    companyNif: row.company_nif,
    email: row.email,
    ...decision(row),
    member: memberSummary(row),
    form: row.form,
    provinceName: provinces.provinces.find((p) => p.id === row.form.basicInfo.province)?.name ?? row.form.basicInfo.province,
    documents: enterpriseDocumentSlots.flatMap((slot) => {
      const file = byId.get(row.form.documents[slot]);
      return file ? [{ slot, fileId: file.id, fileName: file.original_name, contentType: file.content_type, size: Number(file.size_bytes) }] : [];
    }),
    history: history.map((h) => ({ id: h.id, ...decision(h) })),
  };
};

const verificationDecide: Handler<'platform/verification/decide'> = async (input, ctx) => {
  const operatorId = operatorIdOf(ctx);
  checkReason(input);
  return ctx.db.transaction(async (tx) => {
    const { rows: found } = await tx.query<{ member_id: string }>('SELECT member_id::text FROM enterprise_verifications WHERE id = $1', [input.id]);
    if (!found[0]) throw new DomainError(PLATFORM_CODES.reviewNotFound);
    const member = await lockMember(tx, found[0].member_id);
    const { rows } = await tx.query<{ status: string; company_nif: string; company_name: string }>(
      "SELECT status, company_nif, form->'company'->>'name' AS company_name FROM enterprise_verifications WHERE id = $1 FOR UPDATE",
      [input.id],
    );
    const request = rows[0]!;
    if (request.status !== 'pending') throw new DomainError(PLATFORM_CODES.alreadyDecided);
    const approve = input.decision === 'approve';
    if (approve) {
      const taken = await tx.query('SELECT 1 FROM members WHERE nif = $1 AND id <> $2', [request.company_nif, member.member_id]);
      if (taken.rows.length > 0) throw new DomainError(ACCOUNT_CODES.companyNifTaken);
      // the registered company name is the enterprise's verified name: cards bound to it (its settlement card) must be in that name
      await tx.query("UPDATE members SET verification_status = 'verified', account_level = 'commercial', nif = $2, real_name = $3, verified_at = now() WHERE id = $1", [member.member_id, request.company_nif, request.company_name]);
    } else {
      await tx.query("UPDATE members SET verification_status = 'failed' WHERE id = $1", [member.member_id]);
    }
    const status = approve ? 'approved' : 'rejected';
    await tx.query(
      'UPDATE enterprise_verifications SET status = $2, decided_at = now(), decided_by = $3, reason = $4 WHERE id = $1',
      [input.id, status, operatorId, input.reason || null],
    );
    await writeAudit(tx, {
      operatorId,
      action: approve ? 'verification.approve' : 'verification.reject',
      subjectType: 'enterprise_verification',
      subjectId: input.id,
      before: { status: 'pending', member: member.member_id, verificationStatus: member.verification_status, accountLevel: member.account_level },
      after: { status, member: member.member_id, verificationStatus: approve ? 'verified' : 'failed', accountLevel: approve ? 'commercial' : member.account_level, reason: input.reason || null },
    });
    // the enterprise's inbox (README "Notices inbox"), opening its verification's result page
    await addNotice(tx, { memberId: member.member_id, kind: 'verificationResult', ref: input.id, params: { subject: 'enterprise', outcome: approve ? 'verified' : 'failed' } });
    if (member.email) {
      const language = normaliseLanguage(member.language);
      await enqueueMessage(tx, {
        channel: 'email',
        destination: member.email,
        language,
        body: messageText(language, approve ? 'messages.review.verificationApproved' : 'messages.review.verificationRejected', { reason: input.reason }),
      });
    }
    return { id: input.id, status } as const;
  });
};

// ── mobile-number rebinding ─────────────────────────────────────────────────────────────────────

type RebindingRow = DecisionRow & { id: string; member_id: string; display_name: string; old_mobile: string | null; new_mobile: string };
const REVIEW_STATUS = { pending_review: 'pending', approved: 'approved', rejected: 'rejected' } as const;
const rebindingItem = (row: RebindingRow) => ({
  id: row.id,
  memberId: row.member_id,
  displayName: row.display_name,
  oldMobile: row.old_mobile,
  newMobile: row.new_mobile,
  ...decision({ ...row, status: REVIEW_STATUS[row.status as keyof typeof REVIEW_STATUS] }),
});

const rebindingQueue: Handler<'platform/mobileChange/queue'> = async (input, ctx) => {
  operatorIdOf(ctx);
  const status = input.status === 'pending' ? 'pending_review' : input.status;
  const { rows } = await ctx.db.query<RebindingRow & { total: string }>(
    `SELECT r.id, r.member_id::text, m.display_name, r.old_mobile, r.new_mobile, r.status, r.submitted_at, r.decided_at,
            o.name AS decided_by_name, r.reason, count(*) OVER () AS total
       FROM mobile_change_requests r JOIN members m ON m.id = r.member_id LEFT JOIN operators o ON o.id = r.decided_by
      WHERE r.route = 'review' AND r.status = $1 ORDER BY ${queueOrder(input.status, 'r')} LIMIT $2 OFFSET $3`,
    [status, input.pageSize, (input.page - 1) * input.pageSize],
  );
  return { items: rows.map(rebindingItem), total: Number(rows[0]?.total ?? 0) };
};

const rebindingDetail: Handler<'platform/mobileChange/detail'> = async (input, ctx) => {
  operatorIdOf(ctx);
  const { rows } = await ctx.db.query<RebindingRow & MemberRow & { file_ids: string[] }>(
    `SELECT r.id, r.old_mobile, r.new_mobile, r.status, r.submitted_at, r.decided_at, o.name AS decided_by_name, r.reason, r.file_ids, ${MEMBER_COLUMNS}
       FROM mobile_change_requests r JOIN members m ON m.id = r.member_id LEFT JOIN operators o ON o.id = r.decided_by
      WHERE r.id = $1 AND r.route = 'review' AND r.status IN ('pending_review', 'approved', 'rejected')`,
    [input.id],
  );
  const row = rows[0];
  if (!row) throw new DomainError(PLATFORM_CODES.reviewNotFound);
  const { rows: files } = await ctx.db.query<{ id: string; original_name: string; content_type: string; size_bytes: string }>(
    'SELECT id, original_name, content_type, size_bytes FROM uploaded_files WHERE id = ANY ($1::uuid[]) AND member_id = $2 ORDER BY created_at',
    [row.file_ids, row.member_id],
  );
  return {
    ...rebindingItem(row),
    member: memberSummary(row),
    documents: files.map((file) => ({ fileId: file.id, fileName: file.original_name, contentType: file.content_type, size: Number(file.size_bytes) })),
  };
};

const rebindingDecide: Handler<'platform/mobileChange/decide'> = async (input, ctx) => {
  const operatorId = operatorIdOf(ctx);
  checkReason(input);
  return ctx.db.transaction(async (tx) => {
    const { rows: found } = await tx.query<{ member_id: string }>("SELECT member_id::text FROM mobile_change_requests WHERE id = $1 AND route = 'review'", [input.id]);
    if (!found[0]) throw new DomainError(PLATFORM_CODES.reviewNotFound);
    const member = await lockMember(tx, found[0].member_id);
    const { rows } = await tx.query<{ status: string; new_mobile: string }>('SELECT status, new_mobile FROM mobile_change_requests WHERE id = $1 FOR UPDATE', [input.id]);
    const request = rows[0]!;
    if (request.status !== 'pending_review') throw new DomainError(request.status === 'verified' ? PLATFORM_CODES.reviewNotFound : PLATFORM_CODES.alreadyDecided);
    const approve = input.decision === 'approve';
    if (approve) {
      const taken = await tx.query('SELECT 1 FROM members WHERE mobile = $1 AND id <> $2', [request.new_mobile, member.member_id]);
      if (taken.rows.length > 0) throw new DomainError(ACCOUNT_CODES.mobileTaken);
      await tx.query('UPDATE members SET mobile = $2 WHERE id = $1', [member.member_id, request.new_mobile]);
    }
    const status = approve ? 'approved' : 'rejected';
    await tx.query(
      'UPDATE mobile_change_requests SET status = $2, decided_at = now(), decided_by = $3, reason = $4 WHERE id = $1',
      [input.id, status, operatorId, input.reason || null],
    );
    await writeAudit(tx, {
      operatorId,
      action: approve ? 'mobileChange.approve' : 'mobileChange.reject',
      subjectType: 'mobile_change_request',
      subjectId: input.id,
      before: { status: 'pending', member: member.member_id, mobile: member.mobile },
      after: { status, member: member.member_id, mobile: approve ? request.new_mobile : member.mobile, reason: input.reason || null },
    });
    const language = normaliseLanguage(member.language);
    await enqueueMessage(tx, {
      channel: 'sms',
      destination: request.new_mobile,
      language,
      body: messageText(language, approve ? 'messages.review.rebindingApproved' : 'messages.review.rebindingRejected', { reason: input.reason }),
    });
    return { id: input.id, status } as const;
  });
};

export const reviewHandlers = {
  'platform/verification/queue': verificationQueue,
  'platform/verification/detail': verificationDetail,
  'platform/verification/decide': verificationDecide,
  'platform/mobileChange/queue': rebindingQueue,
  'platform/mobileChange/detail': rebindingDetail,
  'platform/mobileChange/decide': rebindingDecide,
};
