/**
 * The prize delivery job alone in a process of its own, pausing inside each record's transaction
 * after its posting (so a test's SIGKILL lands while a transaction is open): DATABASE_URL, PAUSE_MS.
 */
import { openPostgres } from '../../server/db/index.ts';
import { runPrizeDeliveryOnce } from '../../server/jobs/prizeDelivery.ts';

const db = await openPostgres(process.env.DATABASE_URL!, 2);
const pause = Number(process.env.PAUSE_MS ?? 10);
await runPrizeDeliveryOnce(db, { budgetMs: 600_000, beforeCommit: () => new Promise((resolve) => setTimeout(resolve, pause)) });
await db.close();
