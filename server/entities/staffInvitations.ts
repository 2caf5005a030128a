import type { SentInvitation } from '../../services/contract/staffInvitation.ts';
import type { ReceivedInvitation } from '../../services/contract/invitation.ts';
import type { InvitationState } from '../../services/contract/merchantShared.ts';
import { STAFF_CODES } from '../../services/contract/answerCodes.ts';
import type { Queryable } from '../db/index.ts';
import { DomainError } from '../errors.ts';

/**
 * Staff invitations as both sides read them (server/db/migrations/023_staff_invitations.sql).
 * 'expired' is computed here, in the one SQL expression every read and every answer uses, so a
 * list, a detail and a refusal never disagree about an invitation past its time.
 */
export const STATE_NOW = `CASE WHEN i.state = 'sent' AND i.expires_at <= now() THEN 'expired' ELSE i.state END`;

export interface InvitationRow {
  id: string;
  merchant_id: string;
  store_id: string;
  store_name: string;
  store_address: string;
  merchant_name: string;
  channel: 'mobile' | 'email' | 'qr';
  contact: string | null;
  all_records: boolean;
  state: InvitationState;
  created_at: Date | string;
  expires_at: Date | string;
  answered_at: Date | string | null;
  answered_by: string | null;
}

export const INVITATION_SELECT = `SELECT i.id::text, i.merchant_id::text, i.store_id::text, s.name AS store_name, s.address AS store_address,
    m.name AS merchant_name, i.channel, i.contact, i.all_records, ${STATE_NOW} AS state, i.created_at, i.expires_at, i.answered_at,
    i.answered_by::text
  FROM staff_invitations i JOIN stores s ON s.id = i.store_id JOIN merchants m ON m.id = i.merchant_id`;

const iso = (value: Date | string) => new Date(value).toISOString();

export function toSentInvitation(row: InvitationRow): SentInvitation {
  return {
    invitationId: row.id,
    storeId: row.store_id,
    storeName: row.store_name,
    channel: row.channel,
    // the merchant typed it: shown to its owner in full (the invited person's side never carries it)
    contact: row.contact,
    allRecords: row.all_records,
    state: row.state,
    createdAt: iso(row.created_at),
    expiresAt: iso(row.expires_at),
    answeredAt: row.answered_at ? iso(row.answered_at) : null,
  };
}

export function toReceivedInvitation(row: InvitationRow, personId: string): ReceivedInvitation {
  return {
    invitationId: row.id,
    merchantName: row.merchant_name,
    storeId: row.store_id,
    storeName: row.store_name,
    storeAddress: row.store_address,
    channel: row.channel,
    allRecords: row.all_records,
    state: row.state,
    expiresAt: iso(row.expires_at),
    answeredAt: row.answered_at ? iso(row.answered_at) : null,
    answeredByYou: row.answered_by === personId,
  };
}

export async function invitationById(db: Queryable, id: string, options: { lock?: boolean } = {}): Promise<InvitationRow | null> {
  const { rows } = await db.query<InvitationRow>(`${INVITATION_SELECT} WHERE i.id = $1${options.lock ? ' FOR UPDATE OF i' : ''}`, [id]);
  return rows[0] ?? null;
}

/** The refusal for an invitation that can no longer change: expired, withdrawn or answered. */
export function refuseSettled(row: InvitationRow): void {
  if (row.state === 'expired') throw new DomainError(STAFF_CODES.invitationExpired);
  if (row.state === 'withdrawn') throw new DomainError(STAFF_CODES.invitationWithdrawn);
  if (row.state !== 'sent') throw new DomainError(STAFF_CODES.invitationAnswered);
}
