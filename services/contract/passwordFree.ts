import { z } from 'zod';
import { defineService } from './define.ts';
import { cents } from './shared.ts';

/**
 * Password-free payments (`agreement/nopwd`): payment-code charges up to `limit` go through
 * without the pay password. Off until the member switches it on; `cap` is the most the limit may be.
 */
export const queryPasswordFree = defineService({
  name: 'pay/passwordFree/query',
  audience: 'member',
  request: z.object({}),
  response: z.object({ enabled: z.boolean(), limit: cents, cap: cents }),
});

/**
 * Switches it on (with a limit within the cap, MCH10015 otherwise) or off. Switching on or raising
 * the limit is confirmed with the pay password: `payToken` for purpose
 * `{service: 'pay/passwordFree/set', amount: limit, counterparty: 'passwordFree'}`; switching off needs none.
 */
export const setPasswordFree = defineService({
  name: 'pay/passwordFree/set',
  audience: 'member',
  request: z.discriminatedUnion('enabled', [
    z.object({ enabled: z.literal(true), limit: z.number().int().positive(), payToken: z.string().min(20).max(128) }),
    z.object({ enabled: z.literal(false) }),
  ]),
  response: z.object({ enabled: z.boolean(), limit: cents, cap: cents }),
});
