import type { Queryable } from '../db/index.ts';

export interface AuditRecord {
  operatorId: string;
  action: string;
  subjectType: string;
  subjectId: string;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

/** Written in the same transaction as the decision it records: no decision without its entry. */
export async function writeAudit(tx: Queryable, record: AuditRecord): Promise<void> {
  await tx.query(
    'INSERT INTO operator_audit (operator_id, action, subject_type, subject_id, before, after) VALUES ($1, $2, $3, $4, $5, $6)',
    [record.operatorId, record.action, record.subjectType, record.subjectId,
      record.before ? JSON.stringify(record.before) : null, record.after ? JSON.stringify(record.after) : null],
  );
}
