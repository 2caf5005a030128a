import { z } from 'zod';
import { defineService } from './define.ts';
import { enterpriseFormSchema, enterpriseDocumentSlots } from './enterpriseVerification.ts';

/**
 * The operators' platform area (`/plateform/`). Operators sign in by OpenID Connect single sign-on
 * (`/sso/login` → identity provider → `/sso/callback`), which hands the page a one-time code; the
 * page redeems it for an SSO-AUTH token. Every other call here needs that token.
 */

const id = z.string().uuid();
const page = z.number().int().min(1).max(10_000).default(1);
const pageSize = z.number().int().min(1).max(50).default(20);
const timestamp = z.string();

export const operatorSchema = z.object({ id: z.string(), name: z.string(), email: z.string().nullable() });

/** Exchanges the one-time hand-off code of the SSO callback for the operator's session token. */
export const redeem = defineService({
  name: 'platform/sso/redeem',
  audience: 'public',
  request: z.object({ handoff: z.string().min(20).max(128) }),
  response: z.object({ token: z.string(), expiresAt: timestamp, operator: operatorSchema }),
});

export const whoami = defineService({
  name: 'platform/session/whoami',
  audience: 'operator',
  request: z.object({}),
  response: z.object({ operator: operatorSchema }),
});

export const signOut = defineService({
  name: 'platform/session/logout',
  audience: 'operator',
  request: z.object({}),
  response: z.object({}),
});

const decision = z.enum(['approve', 'reject']);
/** A rejection tells the member why, so it needs a reason; an approval may carry a note. */
const decideRequest = z.object({ id, decision, reason: z.string().trim().max(500).default('') });

const memberSummary = z.object({
  id: z.string(),
  memberType: z.enum(['individual', 'enterprise']),
  displayName: z.string(),
  mobile: z.string().nullable(),
  email: z.string().nullable(),
  status: z.string(),
  verificationStatus: z.enum(['unverified', 'pending', 'verified', 'failed']),
  accountLevel: z.enum(['I', 'III', 'commercial']),
  createdAt: timestamp,
});
export type MemberSummary = z.infer<typeof memberSummary>;

const document = z.object({ fileId: id, fileName: z.string(), contentType: z.string(), size: z.number().int() });
export type ReviewDocument = z.infer<typeof document>;

const reviewStatus = z.enum(['pending', 'approved', 'rejected']);
const decided = z.object({ decidedAt: timestamp.nullable(), decidedBy: z.string().nullable(), reason: z.string().nullable() });

// ── enterprise verifications ────────────────────────────────────────────────────────────────────

const verificationItem = z.object({
  id,
  memberId: z.string(),
  companyName: z.string(),
  companyNif: z.string(),
  email: z.string().nullable(),
  status: reviewStatus,
  submittedAt: timestamp,
}).extend(decided.shape);

export const verificationQueue = defineService({
  name: 'platform/verification/queue',
  audience: 'operator',
  request: z.object({ status: reviewStatus.default('pending'), page, pageSize }),
  response: z.object({ items: z.array(verificationItem), total: z.number().int() }),
});

export const verificationDetail = defineService({
  name: 'platform/verification/detail',
  audience: 'operator',
  request: z.object({ id }),
  response: verificationItem.extend({
    member: memberSummary,
    form: enterpriseFormSchema,
    /** The form keeps the province's id; reviewers read its name. */
    provinceName: z.string(),
    documents: z.array(document.extend({ slot: z.enum(enterpriseDocumentSlots) })),
    /** The enterprise's earlier requests, newest first, so a reviewer sees past reasons. */
    history: z.array(z.object({ id, status: reviewStatus, submittedAt: timestamp }).extend(decided.shape)),
  }),
});

export const verificationDecide = defineService({
  name: 'platform/verification/decide',
  audience: 'operator',
  request: decideRequest,
  response: z.object({ id, status: z.enum(['approved', 'rejected']) }),
});

// ── mobile-number rebinding without the old number ──────────────────────────────────────────────

const rebindingItem = z.object({
  id,
  memberId: z.string(),
  displayName: z.string(),
  oldMobile: z.string().nullable(),
  newMobile: z.string(),
  status: reviewStatus,
  submittedAt: timestamp,
}).extend(decided.shape);

export const rebindingQueue = defineService({
  name: 'platform/mobileChange/queue',
  audience: 'operator',
  request: z.object({ status: reviewStatus.default('pending'), page, pageSize }),
  response: z.object({ items: z.array(rebindingItem), total: z.number().int() }),
});

export const rebindingDetail = defineService({
  name: 'platform/mobileChange/detail',
  audience: 'operator',
  request: z.object({ id }),
  response: rebindingItem.extend({ member: memberSummary, documents: z.array(document) }),
});

export const rebindingDecide = defineService({
  name: 'platform/mobileChange/decide',
  audience: 'operator',
  request: decideRequest,
  response: z.object({ id, status: z.enum(['approved', 'rejected']) }),
});

// ── members and the audit log ───────────────────────────────────────────────────────────────────

/** By member number, mobile (9 digits or +244…), e-mail or part of the name; at most 20. */
export const memberLookup = defineService({
  name: 'platform/member/lookup',
  audience: 'operator',
  request: z.object({ query: z.string().trim().min(3).max(120) }),
  response: z.object({ members: z.array(memberSummary) }),
});

const auditEntry = z.object({
  id: z.string(),
  at: timestamp,
  operatorId: z.string(),
  operatorName: z.string(),
  action: z.string(),
  subjectType: z.string(),
  subjectId: z.string(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
});
export type AuditEntry = z.infer<typeof auditEntry>;

export const auditQuery = defineService({
  name: 'platform/audit/query',
  audience: 'operator',
  request: z.object({ subjectId: z.string().max(64).optional(), page, pageSize }),
  response: z.object({ items: z.array(auditEntry), total: z.number().int() }),
});
