import { z } from 'zod';
import { defineService } from './define.ts';
import { cents } from './shared.ts';
import { storeId } from './merchantShared.ts';

/** A payment as an alert shows it: no payer, nothing a clerk of the store may not see. */
const alertPayment = z.object({
  paymentId: z.string(),
  storeId,
  storeName: z.string(),
  amount: cents,
  at: z.string(),
});
export type AlertPayment = z.infer<typeof alertPayment>;

/** Opaque to the client: where the caller's stream stands (server/domains/paymentAlerts/cursor.ts). */
export const alertCursor = z.string().min(1).max(16_000);

/**
 * Long polling for the payments to the caller's stores (owner: all of them; clerk: their store,
 * their own collections or all with the permission). Without `after`: answers at once with no
 * payments and the cursor of now. With it: answers at once with the payments since, else waits up
 * to ALERT_WAIT_SECONDS (values.ts) and answers empty; always with the cursor to send next, so a call repeated
 * after a lost answer neither misses nor repeats a payment. A removed clerk gets STF10009; a wait
 * past ALERT_WAITS_PER_MEMBER held by the member or ALERT_WAITS_PER_PROCESS by the server AGW10006
 * (`subMsg` member or process: try again later; the call without `after` is never refused so). The app
 * sends it as a background call: waiting is not activity, so it does not hold the session open.
 */
export const waitAlerts = defineService({
  name: 'merchant/alerts/wait',
  audience: 'member',
  request: z.object({ after: alertCursor.optional() }),
  response: z.object({ payments: z.array(alertPayment), cursor: alertCursor }),
});

