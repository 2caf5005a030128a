import path from 'node:path';
import { readConfig } from './config.ts';
import { GATEWAY_POOL, openDatabase } from './db/index.ts';
import { seed, DEMO_ACCOUNTS, DEMO_OPERATOR } from './db/seed.ts';
import { seedVideos } from './db/seedVideos.ts';
import { localAdapters } from './adapters/local.ts';
import { logProvider } from './adapters/logMessageProvider.ts';
import { buildApp, startDraining } from './app.ts';
import { startOutboxDelivery } from './jobs/outbox.ts';
import { startBankSettlement } from './jobs/bankSettlement.ts';
import { startVoucherExpiry } from './jobs/groupVoucherExpiry.ts';
import { startPrizeDelivery } from './jobs/prizeDelivery.ts';
import { startDailyPayout } from './jobs/dailyPayout.ts';

const config = readConfig();
// the development key is in the source: a production database sealed with it would give every phone's secret away
if (config.production && !process.env.OFFLINE_CODE_KEY?.trim()) {
  console.error('OFFLINE_CODE_KEY is required in production (32 bytes, hex or base64): it seals the offline payment codes\' secrets');
  process.exit(1);
}
// the embedded database lives in this one process: a second gateway would have a wallet of its own
if (config.production && !config.databaseUrl && !config.embeddedDatabaseInProduction) {
  console.error('DATABASE_URL is required in production: without it each gateway opens its own embedded database (DATA_DIR/pglite), and two gateways would hold two different wallets. Set DATABASE_URL to the PostgreSQL primary (several hosts: postgres://user@h1:5432,h2:5432/db?target_session_attrs=read-write), or EMBEDDED_DATABASE=1 for a single gateway on purpose');
  process.exit(1);
}
// the gateway's pool answers, or fails as retryable, within the app's 20 s (server/db/index.ts, GATEWAY_POOL)
const db = await openDatabase({
  databaseUrl: config.databaseUrl,
  dataDir: config.dataDir,
  poolSize: config.databasePoolSize,
  pool: { ...GATEWAY_POOL, connectTimeoutMs: config.databaseConnectTimeoutMs, statementTimeoutMs: config.databaseStatementTimeoutMs },
});
// demo logins only outside production (their passwords are in README); an operator to start with from the environment
const demo = !config.production;
await seed(db, { demo, operator: config.operatorBootstrap });
// the outside world: the local simulators and disk (a production provider would be chosen here)
// FILES_DIR: with several gateways, one directory they all mount (README "The gateways")
const adapters = localAdapters(db, config, config.filesDir);
// the help videos (/app/video/:id) into storage, made here the first time (server/db/seedVideos.ts)
await seedVideos(adapters.storage);
const app = await buildApp({ config, db, adapters, logger: true });

if (config.production) app.log.warn('no SMS/e-mail gateway is configured: messages are queued and logged with their codes masked');
const stopOutbox = startOutboxDelivery(db, logProvider(app.log, { redactCodes: config.production }), app.log);
const stopBankSettlement = startBankSettlement(db, adapters.bank, app.log, config.bank.pollMs);
// unused group vouchers past their end are refunded (README "Group purchases"), once, whichever gateway runs it
const stopVoucherExpiry = startVoucherExpiry(db, app.log);
// lottery prizes into the winners' cashback accounts (README "Lottery"), each once, within the 2 hours
const stopPrizeDelivery = startPrizeDelivery(db, app.log, config.lotteryDeliveryMs);
// the merchants' daily payouts (README "Daily payout"), each once a Luanda day, whichever gateway runs it
const stopDailyPayout = startDailyPayout(db, app.log, config.dailyPayoutMs);

const shutdown = async () => {
  // the balancer sees GET /readyz fail and sends no new calls; those under way and any sent meanwhile are still served
  startDraining(app);
  if (config.shutdownDrainMs > 0) await new Promise((resolve) => setTimeout(resolve, config.shutdownDrainMs));
  stopOutbox();
  await stopBankSettlement();
  await stopVoucherExpiry();
  await stopPrizeDelivery();
  await stopDailyPayout();
  await app.close();
  await db.close();
  process.exit(0);
};
process.once('SIGINT', shutdown);
process.once('SIGTERM', shutdown);

await app.listen({ port: config.port, host: config.host });
const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite in ${path.join(config.dataDir, 'pglite')}`;
console.log(`\n  Kwanza Wallet is running at http://localhost:${config.port}/  (database: ${where})`);
if (demo) {
  console.log('  Demo logins:');
  for (const account of DEMO_ACCOUNTS) console.log(`    ${account.memberType.padEnd(10)}  ${account.login.padEnd(16)}  password ${account.password}`);
}
if (config.oidc.builtIn) {
  console.log(`  Operators (platform area ${config.publicUrl}/plateform/, built-in sign-on):`);
  if (demo) console.log(`    ${DEMO_OPERATOR.username.padEnd(28)}  password ${DEMO_OPERATOR.password}`);
  if (config.operatorBootstrap) console.log(`    ${config.operatorBootstrap.username.padEnd(28)}  (OPERATOR_USERNAME)`);
} else {
  console.log(`  Operators sign in through ${config.oidc.issuer}`);
}
console.log('');
