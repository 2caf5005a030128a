import { z } from 'zod';
import { defineService } from './define.ts';

export const documentSlugs = [
  'registrationAgreement', 'fastLoginAgreement', 'telnetWorkAgreement', 'fastPayAccountAgreement',
  'fastPayAccountNoAgreement', 'privacyProtectionAgreement', 'chargeAgreement', 'accountLevel',
  'fingerPrint', 'realNameAuthAgreement', 'nopwd', 'payqrcode', 'collectionqrcode', 'terminal',
  'helpdoc', 'usermanual', 'principleinstru', 'rechargeRule', 'download',
  // issue 25: how activities work, and the two result pages (an agent-assisted operation, an agent's agreement)
  'activeguide', 'witness', 'agentAgreements',
] as const;
export type DocumentSlug = (typeof documentSlugs)[number];

export const contentLanguages = ['pt', 'en', 'zh', 'fr'] as const;

const section = z.object({
  heading: z.string(),
  paragraphs: z.array(z.string()),
  items: z.array(z.string()).optional(),
});

export const documentSchema = z.object({
  slug: z.enum(documentSlugs),
  language: z.enum(contentLanguages),
  title: z.string(),
  updated: z.string(),
  sections: z.array(section),
});
export type ContentDocument = z.infer<typeof documentSchema>;

/** Agreements, help and guides: public, answered in the asked language (pt when missing). */
export const getDocument = defineService({
  name: 'common/content/getDocument',
  audience: 'public',
  request: z.object({ slug: z.enum(documentSlugs), language: z.enum(contentLanguages).optional() }),
  response: documentSchema,
});

export const noticeSchema = z.object({
  id: z.string(),
  title: z.string(),
  body: z.array(z.string()),
  publishedAt: z.string(),
  language: z.enum(contentLanguages),
});
export type Notice = z.infer<typeof noticeSchema>;

export const getNoticeDetail = defineService({
  name: 'wallet/notice/getNoticeDetail',
  audience: 'public',
  request: z.object({ id: z.string().regex(/^\d{1,18}$/) }),
  response: noticeSchema,
});
