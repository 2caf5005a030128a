/**
 * `npm run ledger:check`: the ledger's invariants on the configured database (DATABASE_URL, or the
 * embedded one under DATA_DIR), in one consistent snapshot. Exits 1 when one does not hold.
 */
import { readConfig } from '../config.ts';
import { openDatabase } from '../db/index.ts';
import { checkInvariants } from './invariants.ts';

const config = readConfig();
const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  const report = await db.transaction(async (tx) => {
    await tx.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ');
    return checkInvariants(tx);
  });
  console.log(JSON.stringify(report, null, 2));
  console.log(report.ok ? 'ledger: invariants hold' : 'ledger: INVARIANTS BROKEN');
  process.exitCode = report.ok ? 0 : 1;
} finally {
  await db.close();
}
