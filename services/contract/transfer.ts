import { z } from 'zod';
import { defineService } from './define.ts';
import { cents, nationalMobile, positiveCents } from './shared.ts';

/** Who a mobile number belongs to, as the payer should see it before paying: the verified name, masked. */
export const queryPayee = defineService({
  name: 'wallet/transfer/queryPayee',
  audience: 'member',
  request: z.object({ mobile: nationalMobile }),
  response: z.object({ maskedName: z.string(), mobile: z.string() }),
});

/** Sends money to another member by mobile number; `payToken` comes from checkPayPwd with this payment as purpose. */
export const doTransfer = defineService({
  name: 'wallet/transfer/doTransfer',
  audience: 'member',
  request: z.object({ mobile: nationalMobile, amount: positiveCents, note: z.string().trim().max(60).default(''), payToken: z.string().min(20).max(128) }),
  response: z.object({ transferId: z.string(), amount: cents, available: cents, maskedName: z.string(), at: z.string() }),
});

/** A payee as the payer sees them in their lists: the verified name masked as the payee check masks it, the number masked for show; `mobile` (national) fills the payee check when tapped, never skipping it. */
const listedPayee = z.object({ mobile: z.string(), maskedName: z.string(), maskedMobile: z.string() });
export const favouritePayee = listedPayee.extend({ id: z.string(), nickname: z.string().nullable() });
export const recentPayee = listedPayee.extend({ favouriteId: z.string().nullable() });
/** A private nickname: 1 to 40 characters once trimmed, seen only by the member who gave it. */
export const payeeNickname = z.string().trim().min(1).max(40);
const favouriteId = z.string().regex(/^\d{1,18}$/);

/** The last people this member paid (latest 8 distinct payees of posted transfers, newest first) and their favourites. */
export const listPayees = defineService({
  name: 'wallet/transfer/listPayees',
  audience: 'member',
  request: z.object({}),
  response: z.object({ recent: z.array(recentPayee), favourites: z.array(favouritePayee) }),
});

/** Stars a payee by number (a payee lookup, counted as queryPayee counts it); starring again answers the same favourite. */
export const starPayee = defineService({
  name: 'wallet/transfer/starPayee',
  audience: 'member',
  request: z.object({ mobile: nationalMobile }),
  response: favouritePayee,
});

/** Unstars one of this member's favourites (another member's id is not found). */
export const unstarPayee = defineService({
  name: 'wallet/transfer/unstarPayee',
  audience: 'member',
  request: z.object({ id: favouriteId }),
  response: z.object({}),
});

/** Gives one of this member's favourites a private nickname, or takes it away (null). */
export const renamePayee = defineService({
  name: 'wallet/transfer/renamePayee',
  audience: 'member',
  request: z.object({ id: favouriteId, nickname: payeeNickname.nullable() }),
  response: favouritePayee,
});
