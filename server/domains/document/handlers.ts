import { CODES } from '../../../services/contract/answerCodes.ts';
import { DomainError } from '../../errors.ts';
import { normaliseLanguage } from '../../i18n.ts';
import type { Handler, FlowHandlers } from '../../handler.ts';
import { findDocument } from './documents.ts';

const getDocument: Handler<'common/content/getDocument'> = async (input, ctx) => {
  const document = await findDocument(input.slug, input.language ? normaliseLanguage(input.language) : ctx.language);
  if (!document) throw new DomainError(CODES.notFound, 404);
  return document;
};

/** A published notice in the caller's language, else pt, else whichever text it has. */
const getNoticeDetail: Handler<'wallet/notice/getNoticeDetail'> = async (input, ctx) => {
  const { rows } = await ctx.db.query<{ id: string; published_at: Date | string; language: string; title: string; body: string }>(
    `SELECT n.id, n.published_at, t.language, t.title, t.body
       FROM notices n JOIN notice_texts t ON t.notice_id = n.id
      WHERE n.id = $1 AND n.published_at <= now() AND (n.unpublished_at IS NULL OR n.unpublished_at > now())
      ORDER BY (t.language = $2) DESC, (t.language = 'pt') DESC
      LIMIT 1`,
    [input.id, ctx.language],
  );
  const notice = rows[0];
  if (!notice) throw new DomainError(CODES.notFound, 404);
  return {
    id: String(notice.id),
    title: notice.title,
    body: notice.body.split(/\n{2,}/),
    publishedAt: new Date(notice.published_at).toISOString(),
    language: normaliseLanguage(notice.language),
  };
};

export const documentHandlers = {
  'common/content/getDocument': getDocument,
  'wallet/notice/getNoticeDetail': getNoticeDetail,
} satisfies FlowHandlers<'document'>;
