import { NOTICE_CODES } from '../../../services/contract/answerCodes.ts';
import { noticeKind, type NoticeItem, type NoticeKindShown, type NoticeParams } from '../../../services/contract/notices.ts';
import type { Queryable } from '../../db/index.ts';
import { DomainError } from '../../errors.ts';
import type { FlowHandlers, Handler } from '../../handler.ts';
import { memberIdOf } from '../../entities/members.ts';
import type { NoticeKind } from '../../entities/memberNotices.ts';

/**
 * The kinds the inbox shows: the contract's (each worded by the app and opening a screen). A kind a
 * flow adds to NoticeKind fails to compile here until the contract has it too; until then rows of a
 * kind the app cannot show (an older gateway, a newer row) are neither listed nor counted.
 */
const EVERY_KIND_SHOWN: Exclude<NoticeKind, NoticeKindShown> extends never ? true : never = true;
const MEMBER_KINDS = noticeKind.options.filter((kind): kind is NoticeKind => kind !== 'announcement' && EVERY_KIND_SHOWN);

/** A line's params as the contract carries them: plain values only (a nested value a flow wrote would fail the whole answer). */
const plainParams = (params: Record<string, unknown>): NoticeParams =>
  Object.fromEntries(Object.entries(params).filter(([, value]) => value === null || ['string', 'number', 'boolean'].includes(typeof value))) as NoticeParams;

/**
 * The notices inbox (README "Notices inbox"): the member's own notices (member_notices, written by
 * the flows that make the thing: server/entities/memberNotices.ts, and the transfer's trigger in
 * migration 040) merged with the operators' published announcements (`notices`, one row for
 * everyone, read marks per member in notice_reads), newest first. Every statement is keyed by
 * the caller's member id: nobody reads or marks another member's notice (NTC10001, as for one
 * that does not exist).
 */

/**
 * An announcement is in a member's inbox when it is published now and was published at most this
 * many days before they joined: a newcomer sees the recent ones (the welcome), not years of them unread.
 */
export const ANNOUNCEMENTS_BEFORE_JOINING_DAYS = 30;

/** The announcements member $1 sees, `n` being `notices`. */
const VISIBLE_ANNOUNCEMENT = `n.published_at <= now() AND (n.unpublished_at IS NULL OR n.unpublished_at > now())
  AND n.published_at >= (SELECT created_at FROM members WHERE id = $1) - interval '${ANNOUNCEMENTS_BEFORE_JOINING_DAYS} days'
  AND EXISTS (SELECT 1 FROM notice_texts t WHERE t.notice_id = n.id)`;

/** The time a cursor keeps, to the microsecond (PostgreSQL's precision), in UTC. */
const SORT_AT = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US')`;

/**
 * A page ends at a line: its time to the microsecond, then its table's letter (`m` before `a` at
 * the same instant) and its id, both descending. Opaque to the app.
 */
interface Cursor {
  at: string;
  source: 'm' | 'a';
  id: string;
}
const CURSOR = /^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6})_([ma])(\d{1,18})$/;
const cursorOf = (text: string | undefined): Cursor | null => {
  const match = text ? CURSOR.exec(text) : null;
  return match ? { at: match[1]!, source: match[2] as 'm' | 'a', id: match[3]! } : null;
};
const cursorText = (line: Line) => `${line.sort_at}_${line.id}`;
/** Adds a statement parameter, answering its placeholder. */
const param = (params: unknown[], value: unknown) => `$${params.push(value)}`;

type Line = NoticeItem & { sort_at: string };

type MemberNoticeRow = { id: string; kind: NoticeItem['kind']; ref: string; params: NoticeParams; read: boolean; created_at: Date | string; sort_at: string };
type AnnouncementRow = { id: string; title: string; read: boolean; published_at: Date | string; sort_at: string };

/** The member's own notices after the cursor, newest first (the member_notices_member_time index). */
async function memberNotices(db: Queryable, memberId: string, cursor: Cursor | null, limit: number): Promise<Line[]> {
  const params: unknown[] = [memberId, limit, MEMBER_KINDS];
  let after = 'true';
  if (cursor?.source === 'm') after = `(n.created_at, n.id) < (${param(params, cursor.at)}::timestamp AT TIME ZONE 'UTC', ${param(params, cursor.id)}::bigint)`;
  // at the cursor's instant a member notice comes before an announcement: after an `a` cursor none of that instant is left
  else if (cursor) after = `n.created_at < ${param(params, cursor.at)}::timestamp AT TIME ZONE 'UTC'`;
  const { rows } = await db.query<MemberNoticeRow>(
    `SELECT n.id::text, n.kind, n.ref, n.params, n.read_at IS NOT NULL AS read, n.created_at, ${SORT_AT('n.created_at')} AS sort_at
       FROM member_notices n
      WHERE n.member_id = $1 AND n.kind = ANY ($3::text[]) AND ${after}
      ORDER BY n.created_at DESC, n.id DESC LIMIT $2`,
    params,
  );
  return rows.map((row) => ({
    id: `m${row.id}`, kind: row.kind, ref: row.ref, params: plainParams(row.params), title: null, read: row.read, at: new Date(row.created_at).toISOString(), sort_at: row.sort_at,
  }));
}

/** The announcements the member sees after the cursor, newest first, titled in their language (else pt, else any). */
async function announcements(db: Queryable, memberId: string, language: string, cursor: Cursor | null, limit: number): Promise<Line[]> {
  const params: unknown[] = [memberId, language, limit];
  let after = 'true';
  if (cursor?.source === 'a') after = `(n.published_at, n.id) < (${param(params, cursor.at)}::timestamp AT TIME ZONE 'UTC', ${param(params, cursor.id)}::bigint)`;
  // at the cursor's instant the announcements come after the member's notices: after an `m` cursor all of that instant are left
  else if (cursor) after = `n.published_at <= ${param(params, cursor.at)}::timestamp AT TIME ZONE 'UTC'`;
  const { rows } = await db.query<AnnouncementRow>(
    `SELECT n.id::text, t.title, r.member_id IS NOT NULL AS read, n.published_at, ${SORT_AT('n.published_at')} AS sort_at
       FROM notices n
       CROSS JOIN LATERAL (SELECT title FROM notice_texts t WHERE t.notice_id = n.id ORDER BY (t.language = $2) DESC, (t.language = 'pt') DESC, t.language LIMIT 1) t
       LEFT JOIN notice_reads r ON r.member_id = $1 AND r.notice_id = n.id
      WHERE ${VISIBLE_ANNOUNCEMENT} AND ${after}
      ORDER BY n.published_at DESC, n.id DESC LIMIT $3`,
    params,
  );
  return rows.map((row) => ({
    id: `a${row.id}`, kind: 'announcement', ref: row.id, params: {}, title: row.title, read: row.read, at: new Date(row.published_at).toISOString(), sort_at: row.sort_at,
  }));
}

/** Newest first: time, then `m` before `a`, then the id (as numbers). */
const newestFirst = (x: Line, y: Line) =>
  (x.sort_at !== y.sort_at ? (x.sort_at < y.sort_at ? 1 : -1)
    : x.id[0] !== y.id[0] ? (x.id[0] === 'm' ? -1 : 1)
      : Number(BigInt(y.id.slice(1)) - BigInt(x.id.slice(1))) || 0);

/** The member's unread notices and unread announcements (the partial index member_notices_unread; announcements are few). */
export async function unreadCount(db: Queryable, memberId: string): Promise<number> {
  const { rows } = await db.query<{ unread: number }>(
    `SELECT ((SELECT count(*) FROM member_notices WHERE member_id = $1 AND read_at IS NULL AND kind = ANY ($2::text[]))
           + (SELECT count(*) FROM notices n WHERE ${VISIBLE_ANNOUNCEMENT}
                AND NOT EXISTS (SELECT 1 FROM notice_reads r WHERE r.member_id = $1 AND r.notice_id = n.id)))::int AS unread`,
    [memberId, MEMBER_KINDS],
  );
  return rows[0]!.unread;
}

const listNotices: Handler<'wallet/notices/list'> = async (input, ctx) => {
  const memberId = memberIdOf(ctx);
  const cursor = cursorOf(input.cursor);
  // each table's next page, merged: the page is the newest pageSize of both, one more tells whether more follow
  const [own, announced] = [
    await memberNotices(ctx.db, memberId, cursor, input.pageSize + 1),
    await announcements(ctx.db, memberId, ctx.language, cursor, input.pageSize + 1),
  ];
  const merged = [...own, ...announced].sort(newestFirst);
  const page = merged.slice(0, input.pageSize);
  return {
    items: page.map(({ sort_at: _sortAt, ...item }) => item),
    nextCursor: merged.length > input.pageSize ? cursorText(page.at(-1)!) : null,
    unread: await unreadCount(ctx.db, memberId),
  };
};

const countUnread: Handler<'wallet/notices/unreadCount'> = async (_input, ctx) => ({ unread: await unreadCount(ctx.db, memberIdOf(ctx)) });

const markRead: Handler<'wallet/notices/markRead'> = async (input, ctx) => {
  const memberId = memberIdOf(ctx);
  const id = input.id.slice(1);
  if (input.id.startsWith('m')) {
    // read once: the first time it is opened is when it was read
    const { rows } = await ctx.db.query(
      `UPDATE member_notices SET read_at = coalesce(read_at, now()) WHERE id = $1 AND member_id = $2 RETURNING id`,
      [id, memberId],
    );
    if (!rows[0]) throw new DomainError(NOTICE_CODES.noticeUnknown);
  } else {
    const { rows } = await ctx.db.query(
      `INSERT INTO notice_reads (member_id, notice_id) SELECT $1, n.id FROM notices n WHERE n.id = $2 AND ${VISIBLE_ANNOUNCEMENT}
       ON CONFLICT (member_id, notice_id) DO UPDATE SET read_at = notice_reads.read_at RETURNING notice_id`,
      [memberId, id],
    );
    // unpublished meanwhile (or never one this member sees)
    if (!rows[0]) throw new DomainError(NOTICE_CODES.noticeUnknown);
  }
  return { id: input.id, unread: await unreadCount(ctx.db, memberId) };
};

const markAllRead: Handler<'wallet/notices/markAllRead'> = async (_input, ctx) => {
  const memberId = memberIdOf(ctx);
  return ctx.db.transaction(async (tx) => {
    await tx.query('UPDATE member_notices SET read_at = now() WHERE member_id = $1 AND read_at IS NULL', [memberId]);
    await tx.query(
      `INSERT INTO notice_reads (member_id, notice_id) SELECT $1, n.id FROM notices n WHERE ${VISIBLE_ANNOUNCEMENT}
       ON CONFLICT (member_id, notice_id) DO NOTHING`,
      [memberId],
    );
    return { unread: await unreadCount(tx, memberId) };
  });
};

export const noticesHandlers = {
  'wallet/notices/list': listNotices,
  'wallet/notices/unreadCount': countUnread,
  'wallet/notices/markRead': markRead,
  'wallet/notices/markAllRead': markAllRead,
} satisfies FlowHandlers<'notices'>;
