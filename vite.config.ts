import { defineConfig } from 'vitest/config';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { LOCALE_PARTS, SERVER_SECTIONS } from './services/routeTable.ts';
import { DICTIONARY_LANGUAGES, dictionary, sectionDirectory, type DictionaryLanguage } from './locales/dictionary.ts';

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
      for (const file of walk('dist').filter((f) => /\.(js|css|html|svg|json|wasm)$/.test(f))) {
        const bytes = fs.readFileSync(file);
        fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(bytes, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }));
        fs.writeFileSync(`${file}.gz`, zlib.gzipSync(bytes, { level: 9 }));
      }
    },
  };
}

/**
 * `virtual:locale-sections/<language>/<name>?<a>,<b>…`: those sections of the language (the files
 * locales/<language>/<section>.json, assembled by locales/dictionary.ts) as one module (`export
 * default { a: …, b: … }`); `?except=<a>,<b>…`: all the others; no query: every section (a whole
 * language, fetched when chosen). `virtual:locale-parts` puts them together as the route table's LOCALE_PARTS say
 * (services/routeTable.ts): the pt sections no part holds, in the entry (`PT_CORE_SECTIONS`), and a
 * loader for each part's chunk (`PT_PART_LOADERS`), fetched with the screens that need it.
 */
function localeSections(): Plugin {
  const PREFIX = 'virtual:locale-sections/';
  const PARTS_ID = 'virtual:locale-parts';
  return {
    name: 'kw-locale-sections',
    enforce: 'pre',
    resolveId(id) {
      return id.startsWith(PREFIX) || id === PARTS_ID ? `\0${id}` : undefined;
    },
    load(id) {
      if (id === `\0${PARTS_ID}`) {
        const inParts = [...Object.values(LOCALE_PARTS).flat(), ...SERVER_SECTIONS];
        const loaders = Object.entries(LOCALE_PARTS).map(([part, sections]) => `  ${part}: () => import('${PREFIX}pt/${part}?${sections.join(',')}'),`);
        return [
          `import core from '${PREFIX}pt/core?except=${inParts.join(',')}';`,
          'export const PT_CORE_SECTIONS = core;',
          `export const PT_PART_LOADERS = {\n${loaders.join('\n')}\n};`,
        ].join('\n');
      }
      if (!id.startsWith(`\0${PREFIX}`)) return undefined;
      const match = /^(\w+)\/\w+(?:\?(except=)?(\w+(?:,\w+)*))?$/.exec(id.slice(PREFIX.length + 1));
      if (!match || !(DICTIONARY_LANGUAGES as readonly string[]).includes(match[1]!)) return this.error(`bad locale sections id ${id}`);
      const [, language, except, list] = match;
      const directory = sectionDirectory(language as DictionaryLanguage);
      // only files: a directory added as a watch file is resolved as an import by the client's import
      // analysis (vitest's jsdom projects: "Failed to resolve import …/locales/pt")
      const sections = dictionary(language as DictionaryLanguage, { fresh: true });
      for (const section of Object.keys(sections)) this.addWatchFile(path.join(directory, `${section}.json`));
      if (list === undefined) return `export default ${JSON.stringify(sections)};`;
      const named = list.split(',');
      const missing = named.filter((section) => !(section in sections));
      if (missing.length) return this.error(`locales/${language}/ has no section ${missing.join(', ')}`);
      const picked = Object.fromEntries(Object.entries(sections).filter(([section]) => named.includes(section) !== !!except));
      return `export default ${JSON.stringify(picked)};`;
    },
  };
}

const apiServer = `http://localhost:${process.env.API_PORT ?? 8080}`;

export default defineConfig(({ command, isSsrBuild }) => ({
  // built screens load from the /dist/ static prefix (spec §2); the dev server serves them from /
  base: command === 'build' ? '/dist/' : '/',
  plugins: [react(), localeSections(), ...(isSsrBuild ? [] : [precompress()])],
  // the server's render of the public pages (`vite build --ssr src/entry-server.tsx`, server/ssr.ts):
  // antd-mobile's modules import their styles, which Node cannot load, so the bundle holds it
  ssr: { noExternal: ['antd-mobile'] },
  build: isSsrBuild ? { outDir: 'dist-server', emptyOutDir: true, sourcemap: false, copyPublicDir: false } : {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    manifest: true,
    // one stylesheet for the app (≈6 KB brotli), linked by index.html: a screen's first paint waits on
    // no style request of its own (each costs a round trip on slow networks)
    cssCodeSplit: false,
    reportCompressedSize: false, // our own report (tests/budget/report.ts) measures gzip per route
    rolldownOptions: {
      output: {
        // one chunk per lazy screen; libraries every route needs stay with the entry;
        // hashes only: every chunk's file name is written in the entry's preload lists (names alone
        // weighed 1.2 KB gzipped there); the build's manifest names each chunk's sources
        chunkFileNames: 'assets/[hash].js',
        codeSplitting: {
          // the frameworks every route runs, in one chunk next to the entry instead of a dozen small
          // shared ones (each a request on the first page; a chunk that also changes less often)
          groups: [{ name: 'vendor', test: /node_modules[\\/](react|react-dom|scheduler|@tanstack|i18next|react-i18next|xstate|@xstate|use-sync-external-store)[\\/]/ }],
        },
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
        // antd-mobile's ES modules through Vite as in the server bundle (they import their styles): the
        // rendered pages' test renders with the app's own server entry (tests/server/renderedPages.test.ts)
        resolve: { alias: [{ find: /^antd-mobile$/, replacement: 'antd-mobile/es/index.js' }] },
        test: { name: 'server', environment: 'node', include: ['tests/server/**/*.test.ts'], testTimeout: 30_000, hookTimeout: 60_000, server: { deps: { inline: ['antd-mobile'] } } },
      },
    ],
  },
}));
