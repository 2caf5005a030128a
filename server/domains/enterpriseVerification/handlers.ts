import crypto from 'node:crypto';
import provinces from '../../../services/data/angola/provinces.json' with { type: 'json' };
import { ACCOUNT_CODES, CODES } from '../../../services/contract/answerCodes.ts';
import { enterpriseDocumentSlots, type EnterpriseForm } from '../../../services/contract/enterpriseVerification.ts';
import { DomainError } from '../../errors.ts';
import type { Handler, HandlerContext, FlowHandlers } from '../../handler.ts';

function enterpriseIdOf(ctx: HandlerContext): string {
  if (ctx.principal?.audience !== 'member') throw new DomainError(CODES.forbidden, 403);
  return ctx.principal.memberId;
}

const STATUS_OF_DECISION = { pending: 'pending', approved: 'verified', rejected: 'failed' } as const;

const advance: Handler<'appRegisterAction/advance'> = async (_input, ctx) => {
  const memberId = enterpriseIdOf(ctx);
  const { rows } = await ctx.db.query<{ member_type: string; status: keyof typeof STATUS_OF_DECISION | null; reason: string | null; submitted_at: Date | null; form: EnterpriseForm | null }>(
    `SELECT m.member_type, v.status, v.reason, v.submitted_at, v.form
       FROM members m LEFT JOIN LATERAL (
         SELECT status, reason, submitted_at, form FROM enterprise_verifications WHERE member_id = m.id ORDER BY submitted_at DESC LIMIT 1
       ) v ON true
      WHERE m.id = $1`,
    [memberId],
  );
  const row = rows[0]!;
  if (row.member_type !== 'enterprise') throw new DomainError(ACCOUNT_CODES.enterprisesOnly);
  return {
    status: row.status ? STATUS_OF_DECISION[row.status] : 'unverified',
    reason: row.reason,
    submittedAt: row.submitted_at ? new Date(row.submitted_at).toISOString() : null,
    lastValues: row.form,
  };
};

/**
 * Submits the form. Every document must be the enterprise's own upload (an image or a PDF, already
 * sniffed by the upload endpoint); the province and city must be real; one request waits at a time.
 */
const apply: Handler<'appRegisterAction/apply'> = async (input, ctx) => {
  const memberId = enterpriseIdOf(ctx);
  const province = provinces.provinces.find((p) => p.id === input.basicInfo.province);
  if (!province || !province.municipalities.includes(input.basicInfo.city)) throw new DomainError(CODES.invalidParameters, 200, 'basicInfo.city');
  return ctx.db.transaction(async (tx) => {
    const { rows: member } = await tx.query<{ member_type: string; verification_status: string }>('SELECT member_type, verification_status FROM members WHERE id = $1 FOR UPDATE', [memberId]);
    if (member[0]!.member_type !== 'enterprise') throw new DomainError(ACCOUNT_CODES.enterprisesOnly);
    if (member[0]!.verification_status === 'verified') throw new DomainError(ACCOUNT_CODES.alreadyVerified);
    const pending = await tx.query("SELECT 1 FROM enterprise_verifications WHERE member_id = $1 AND status = 'pending'", [memberId]);
    if (pending.rows.length > 0) throw new DomainError(ACCOUNT_CODES.alreadyPending);
    const ids = enterpriseDocumentSlots.map((slot) => input.documents[slot]);
    const { rows: owned } = await tx.query<{ n: string }>(
      "SELECT count(DISTINCT id)::text AS n FROM uploaded_files WHERE id = ANY ($1::uuid[]) AND member_id = $2 AND (content_type LIKE 'image/%' OR content_type = 'application/pdf')",
      [ids, memberId],
    );
    if (Number(owned[0]!.n) !== new Set(ids).size || new Set(ids).size !== ids.length) throw new DomainError(ACCOUNT_CODES.documentsInvalid);
    const taken = await tx.query(
      "SELECT 1 FROM enterprise_verifications WHERE company_nif = $1 AND member_id <> $2 AND status IN ('pending', 'approved')",
      [input.company.nif, memberId],
    );
    if (taken.rows.length > 0) throw new DomainError(ACCOUNT_CODES.companyNifTaken);
    const requestId = crypto.randomUUID();
    await tx.query(
      "INSERT INTO enterprise_verifications (id, member_id, form, company_nif, status) VALUES ($1, $2, $3, $4, 'pending')",
      [requestId, memberId, JSON.stringify(input), input.company.nif],
    );
    await tx.query("UPDATE members SET verification_status = 'pending' WHERE id = $1", [memberId]);
    return { status: 'pending' as const, requestId };
  });
};

const queryAllProvCities: Handler<'subMerchant/register/queryAllProvCities'> = async () => ({
  provinces: provinces.provinces.map((p) => ({ id: p.id, name: p.name, cities: p.municipalities })),
});

export const enterpriseVerificationHandlers = {
  'appRegisterAction/advance': advance,
  'appRegisterAction/apply': apply,
  'subMerchant/register/queryAllProvCities': queryAllProvCities,
} satisfies FlowHandlers<'enterpriseVerification'>;
