/**
 * `npm run cluster`: the production formation on this machine (README "Running in production"):
 * a pg_auto_failover monitor, two PostgreSQL nodes with a synchronous standby, GATEWAYS gateways
 * (3 by default) and HAProxy in front. Builds the app first if dist/ is missing, prints where
 * everything is and the state, and stops it all on Ctrl-C (checking that every process is gone).
 * Ports and directory: see formation.ts (CLUSTER_PG_PORT…).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { DEMO_ACCOUNTS, DEMO_OPERATOR } from '../db/seed.ts';
import { formationSettings, startFormation, stopOnSignals, type Formation } from './formation.ts';
import { replicationSettings } from './postgres.ts';

const settings = formationSettings({ gateways: 3, postgres: 55401, gateway: 55411, balancer: 55420, stats: 55421 });

if (!fs.existsSync('dist/.vite/manifest.json') || !fs.existsSync('dist-server')) {
  console.log('dist/ is missing: building the app first (npm run build)…');
  for (const args of [['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'], ['node_modules/vite/bin/vite.js', 'build', '--ssr', 'src/entry-server.tsx', '--logLevel', 'warn']]) {
    if (spawnSync(process.execPath, args, { stdio: 'inherit' }).status !== 0) process.exit(1);
  }
}

let formation: Formation | null = null;
stopOnSignals((error) => console.log(error ? `\n✗ ${(error as Error).message}` : '\nThe formation is stopped: every process gone, its directory removed.'));

const started = Date.now();
// to try it out, as `npm start`: demo logins and pages (production, NODE_ENV=production, seeds none); the failover test runs production
const production = process.env.NODE_ENV === 'production';
formation = await startFormation({ ...settings, gatewayEnv: { NODE_ENV: production ? 'production' : 'development' }, log: (line) => console.log(`  starting ${line}`) });
const primary = await formation.postgres.primary();
const replication = primary ? await replicationSettings(primary) : null;
console.log(`
Kwanza Wallet formation, up in ${((Date.now() - started) / 1000).toFixed(1)} s (${formation.dir})

  the app, through HAProxy:   ${formation.balancer.url}/
  HAProxy statistics:         ${settings.ports.stats ? `http://127.0.0.1:${settings.ports.stats}/` : '(CLUSTER_STATS_PORT=0)'}
  gateways:                   ${formation.gateways.list.map((g) => `http://127.0.0.1:${g.port}/`).join('  ')}
  DATABASE_URL (gateways):    ${formation.postgres.databaseUrl}
  pg_auto_failover monitor:   ${formation.postgres.monitorUrl}
  nodes:                      ${formation.postgres.nodes.map((n) => `${n.name} ${n.url}`).join('   ')}
  synchronous replication:    synchronous_standby_names = '${replication?.synchronousStandbyNames}', synchronous_commit = ${replication?.synchronousCommit}

${await formation.postgres.showState()}
  Demo logins:`);
if (production) console.log('    none (NODE_ENV=production: an operator from OPERATOR_USERNAME/OPERATOR_PASSWORD)');
else {
  for (const account of DEMO_ACCOUNTS) console.log(`    ${account.memberType.padEnd(10)}  ${account.login.padEnd(16)}  password ${account.password}`);
  console.log(`    operator (${formation.balancer.url}/plateform/): ${DEMO_OPERATOR.username}  password ${DEMO_OPERATOR.password}`);
}
console.log(`
  Watch the nodes: runuser -u postgres -- env XDG_CONFIG_HOME=${formation.dir}/postgres/config XDG_DATA_HOME=${formation.dir}/postgres/share pg_autoctl show state --pgdata ${formation.dir}/postgres/monitor --watch
  Ctrl-C stops everything.
`);
