/**
 * `npm run dev`: the gateway on API_PORT (8080) and Vite with hot reload on PORT (5173), which
 * proxies /gatewayinner, /api, /track and the sign-on paths to the gateway (vite.config.ts). The
 * gateway's public address is Vite's, so operators' sign-on redirects come back through it.
 */
import { spawn } from 'node:child_process';
import { createServer } from 'vite';

const apiPort = process.env.API_PORT ?? '8080';
const vitePort = Number(process.env.PORT ?? 5173);
const api = spawn(process.execPath, ['--import', 'tsx', '--watch', 'server/main.ts'], {
  env: { ...process.env, PORT: apiPort, HOST: '127.0.0.1', PUBLIC_URL: process.env.PUBLIC_URL ?? `http://localhost:${vitePort}` },
  stdio: 'inherit',
});
const vite = await createServer({ server: { port: vitePort, host: true } });
await vite.listen();
vite.printUrls();
console.log(`  (the gateway runs on :${apiPort}; Vite proxies /gatewayinner, /api, /track, /sso, /oidc and /platform to it)`);
const stop = async () => {
  api.kill('SIGTERM');
  await vite.close();
  process.exit(0);
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
