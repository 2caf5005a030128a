import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

const apiServer = `http://localhost:${process.env.API_PORT ?? 8080}`;

export default defineConfig(({ command }) => ({
  // built screens load from the /dist/ static prefix (spec §2); the dev server serves them from /
  base: command === 'build' ? '/dist/' : '/',
  plugins: [react()],
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
