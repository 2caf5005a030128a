import type { Queryable } from '../db/index.ts';

/**
 * The notices inbox's rows (migration 035, README "Notices"). A flow tells a member something by
 * calling `addNotice` in the transaction that makes the thing, so nothing is announced that did
 * not happen; the same (member, kind, ref) is told once however often the flow is retried.
 */
export type NoticeKind =
  | 'transferReceived'
  | 'paymentRefunded'
  | 'staffInvitation'
  | 'verificationResult'
  | 'moneyRequested'
  | 'moneyRequestPaid'
  | 'moneyRequestDeclined';

export interface NewNotice {
  memberId: string;
  kind: NoticeKind;
  /** The id of the thing the notice opens. */
  ref: string;
  /** What the line shows: amounts in cents, masked names; never a secret. */
  params?: Record<string, string | number | boolean | null>;
}

/** Writes the notice unless this member was already told this (kind, ref); answers whether it was new. */
export async function addNotice(tx: Queryable, notice: NewNotice): Promise<boolean> {
  const { rows } = await tx.query(
    `INSERT INTO member_notices (member_id, kind, ref, params) VALUES ($1, $2, $3, $4::jsonb)
     ON CONFLICT (member_id, kind, ref) DO NOTHING RETURNING id`,
    [notice.memberId, notice.kind, notice.ref, JSON.stringify(notice.params ?? {})],
  );
  return rows.length > 0;
}
