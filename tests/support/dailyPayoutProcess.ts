/**
 * The daily payout job alone in a process of its own, pausing inside each payout's transaction once
 * its withdrawal is started (so a test's SIGKILL lands while a transaction is open): DATABASE_URL, PAUSE_MS.
 */
import { openPostgres } from '../../server/db/index.ts';
import { runDailyPayoutOnce } from '../../server/jobs/dailyPayout.ts';

const db = await openPostgres(process.env.DATABASE_URL!, 2);
const pause = Number(process.env.PAUSE_MS ?? 10);
await runDailyPayoutOnce(db, { budgetMs: 600_000, beforeCommit: () => new Promise((resolve) => setTimeout(resolve, pause)) });
await db.close();
