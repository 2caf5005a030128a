/**
 * The prize delivery job alone in a process of its own, one record at a time with a pause between
 * (so a test can kill it with SIGKILL in the middle of a run): DATABASE_URL, PAUSE_MS.
 */
import { openPostgres } from '../../server/db/index.ts';
import { runPrizeDeliveryOnce } from '../../server/jobs/prizeDelivery.ts';

const db = await openPostgres(process.env.DATABASE_URL!, 2);
const pause = Number(process.env.PAUSE_MS ?? 10);
for (;;) {
  const tick = await runPrizeDeliveryOnce(db, 1);
  if (tick.sent + tick.postponed + tick.failed === 0) break;
  await new Promise((resolve) => setTimeout(resolve, pause));
}
await db.close();
