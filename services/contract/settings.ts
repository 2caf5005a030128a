import { z } from 'zod';
import { defineService } from './define.ts';
import { memberProfileSchema } from './session.ts';

/** `common/setting/main`: what the settings screen lists for the signed-in member. */
export const settingMain = defineService({
  name: 'common/setting/main',
  audience: 'member',
  request: z.object({}),
  response: z.object({
    profile: memberProfileSchema,
    payPasswordSet: z.boolean(),
    payLockedMinutes: z.number().int().nullable(),
    verificationStatus: z.enum(['unverified', 'pending', 'verified', 'failed']),
    accountLevel: z.enum(['I', 'III', 'commercial']),
  }),
});
