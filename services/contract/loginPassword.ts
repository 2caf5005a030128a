import { z } from 'zod';
import { defineService } from './define.ts';
import { passwordText } from './shared.ts';

/**
 * `wallet/password/setPwd`: a signed-in member changes the login password with the current one.
 * Wrong current passwords count towards the log-in lock-out; the member's other sessions end.
 */
export const setPwd = defineService({
  name: 'wallet/password/setPwd',
  audience: 'member',
  request: z.object({ oldPassword: passwordText, password: passwordText }),
  response: z.object({ changed: z.literal(true), otherSessionsEnded: z.number().int().min(0) }),
});
