import { z } from 'zod';
import { defineService } from './define.ts';

/** decisions.md: the B.I. number, 9 digits + 2 letters + 3 digits (shape only). */
export const personalNif = z.string().transform((v) => v.replace(/\s+/g, '').toUpperCase()).pipe(z.string().regex(/^\d{9}[A-Z]{2}\d{3}$/));

/** Step 1: the NIF; the registry must know it. Answers an attempt for the name step. */
export const identityAuth = defineService({
  name: 'common/certification/identityAuth',
  audience: 'member',
  request: z.object({ nif: personalNif }),
  response: z.object({ checkId: z.string().uuid(), nifMasked: z.string() }),
});

/** Step 2: the full name as on the B.I.; three tries. A match verifies the member (level III). */
export const getRealName = defineService({
  name: 'wallet/card/getRealName',
  audience: 'member',
  request: z.object({ checkId: z.string().uuid(), fullName: z.string().trim().min(3).max(120) }),
  response: z.object({ status: z.literal('verified'), accountLevel: z.enum(['I', 'III', 'commercial']), realName: z.string() }),
});
