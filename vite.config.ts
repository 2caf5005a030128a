import { defineConfig } from 'vitest/config';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';

/**
 * Writes .br and .gz next to every built script, style and page; the server sends them to browsers
 * that accept them (@fastify/static preCompressed), so phones on slow networks download a third.
 */
function precompress(): Plugin {
  return {
    name: 'kw-precompress',
    apply: 'build',
    closeBundle() {
      const walk = (dir: string): string[] => fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)]));
      for (const file of walk('dist').filter((f) => /\.(js|css|html|svg|json)$/.test(f))) {
        const bytes = fs.readFileSync(file);
        fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(bytes, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }));
        fs.writeFileSync(`${file}.gz`, zlib.gzipSync(bytes, { level: 9 }));
      }
    },
  };
}

const apiServer = `http://localhost:${process.env.API_PORT ?? 8080}`;

export default defineConfig(({ command }) => ({
  // built screens load from the /dist/ static prefix (spec §2); the dev server serves them from /
  base: command === 'build' ? '/dist/' : '/',
  plugins: [react(), precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    manifest: true,
    reportCompressedSize: false, // our own report (tests/budget/report.ts) measures gzip per route
    rolldownOptions: {
      output: {
        // one chunk per lazy screen; libraries every route needs stay in the entry
        chunkFileNames: 'assets/[name]-[hash].js',
      },
    },
  },
  server: {
    proxy: {
      '/gatewayinner': apiServer,
      '/api': apiServer,
      '/track': apiServer,
      '/dev': apiServer,
      '/json': apiServer,
      '/sso': apiServer,
      '/oidc': apiServer,
      '/platform': apiServer,
    },
  },
  test: {
    projects: [
      {
        extends: true,
        test: { name: 'machines', environment: 'node', include: ['tests/machines/**/*.test.ts', 'tests/unit/**/*.test.ts'] },
      },
      {
        extends: true,
        test: { name: 'screens', environment: 'jsdom', include: ['tests/screens/**/*.test.tsx'], setupFiles: ['tests/support/screen-setup.ts'] },
      },
      {
        extends: true,
        test: { name: 'server', environment: 'node', include: ['tests/server/**/*.test.ts'], testTimeout: 30_000, hookTimeout: 60_000 },
      },
    ],
  },
}));
