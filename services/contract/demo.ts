import { z } from 'zod';
import { defineService } from './define.ts';

/**
 * The guided demo (`/demo`, issue 25): the demo accounts and test data a server in development or
 * demo mode is seeded with (server/db/seed.ts, the bank simulator), so a salesperson or a trainee
 * can walk through the app's flows on them. A production server refuses it (CNT40401): it has no
 * demo accounts to give.
 */
export const demoAccount = z.object({
  /** A person (individual member), a company (enterprise member, a merchant), or an operator of the platform area. */
  kind: z.enum(['member', 'merchant', 'operator']),
  name: z.string(),
  /** What is typed to sign in: a mobile number (9 digits), an e-mail, an operator's user name. */
  login: z.string(),
  password: z.string(),
});
export type DemoAccount = z.infer<typeof demoAccount>;

export const demoGuideSchema = z.object({
  accounts: z.array(demoAccount),
  /** B.I. numbers the identity registry simulator knows (identity verification). */
  identities: z.array(z.object({ nif: z.string(), fullName: z.string() })),
  /** The simulated bank's test debit cards of the demo people (binding a card, topping up). */
  cards: z.array(z.object({ cardNo: z.string(), holder: z.string(), mobile: z.string(), note: z.string() })),
  /** Where the SMS and e-mail codes the server sends can be read (development only). */
  outboxUrl: z.string(),
});
export type DemoGuide = z.infer<typeof demoGuideSchema>;

export const getDemoGuide = defineService({
  name: 'common/demo/guide',
  audience: 'public',
  request: z.object({}).strict(),
  response: demoGuideSchema,
});
