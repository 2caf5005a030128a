import { z } from 'zod';
import { defineService } from './define.ts';

/**
 * The notices inbox (issue 26, part 5; README "Notices inbox"): what the member was told — money
 * received, a refund, a request for money and its answer, a staff invitation, a verification's
 * result — merged with the operators' published announcements, newest first, in pages; the
 * unread count the home shows; marking one read (as it is opened) or all. Only the member's own:
 * another member's notice is NTC10001, as one that does not exist.
 */

/** What a notice is about; `announcement` is the operators' (one for everyone, `/anouncement/<id>`). */
export const noticeKind = z.enum([
  'transferReceived', 'paymentRefunded', 'staffInvitation', 'verificationResult',
  'moneyRequested', 'moneyRequestPaid', 'moneyRequestDeclined', 'announcement',
]);
export type NoticeKindShown = z.infer<typeof noticeKind>;

/**
 * A notice's key in the inbox: `m<id>` a member's own notice, `a<id>` an announcement (two tables,
 * one list: the letter says which).
 */
export const noticeKey = z.string().regex(/^[ma]\d{1,18}$/);

/**
 * What a line shows, as the flow that wrote it put it: an amount in cêntimos (`amount`), the other
 * side masked or a merchant's trade name (`counterpart`), a store, an outcome… never a secret.
 */
export const noticeParams = z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()]));
export type NoticeParams = z.infer<typeof noticeParams>;

export const noticeItem = z.object({
  id: noticeKey,
  kind: noticeKind,
  /** The id of what the notice opens (a transfer, a refund, an invitation, a request, an announcement). */
  ref: z.string(),
  params: noticeParams,
  /** An announcement's title in the member's language (else pt); null for the member's own notices, worded by the app. */
  title: z.string().nullable(),
  read: z.boolean(),
  at: z.string(),
});
export type NoticeItem = z.infer<typeof noticeItem>;

const unread = z.number().int().min(0);

export const listNotices = defineService({
  name: 'wallet/notices/list',
  audience: 'member',
  request: z.object({ cursor: z.string().max(64).optional(), pageSize: z.number().int().min(1).max(50).default(20) }).strict(),
  // the unread count with every page, so the list's header and the home agree after a refresh
  response: z.object({ items: z.array(noticeItem), nextCursor: z.string().nullable(), unread }),
});

export const unreadNotices = defineService({
  name: 'wallet/notices/unreadCount',
  audience: 'member',
  request: z.object({}).strict(),
  response: z.object({ unread }),
});

/** Marks one notice read (again: no change); answers the unread count left. */
export const markNoticeRead = defineService({
  name: 'wallet/notices/markRead',
  audience: 'member',
  request: z.object({ id: noticeKey }).strict(),
  response: z.object({ id: noticeKey, unread }),
});

/** Marks every notice read, the announcements published so far too; a notice arriving meanwhile stays unread. */
export const markAllNoticesRead = defineService({
  name: 'wallet/notices/markAllRead',
  audience: 'member',
  request: z.object({}).strict(),
  response: z.object({ unread }),
});
