/**
 * The flow book's screen harness (tests/flows/harness/), built apart from the app: its own root and
 * output folder, so nothing of it (models, test data) reaches the app's bundles. It takes the app's
 * React plugin from vite.config.ts and none that write to dist/. The harness hands every screen the
 * four whole dictionaries (as the screen tests do), so the app's split of pt into parts is replaced
 * by an empty one: the book does not depend on the route table's parts being complete.
 */
import path from 'node:path';
import { defineConfig, type ConfigEnv, type Plugin, type PluginOption, type UserConfig } from 'vite';
import appConfig from '../../vite.config.ts';

export const HARNESS_OUT = path.resolve(import.meta.dirname, '../../node_modules/.cache/flowbook-harness');

const flatten = (plugins: PluginOption[]): PluginOption[] => plugins.flatMap((p) => (Array.isArray(p) ? flatten(p) : [p]));

function wholeDictionaries(): Plugin {
  return {
    name: 'flowbook-locale-parts',
    enforce: 'pre',
    resolveId: (id) => (id === 'virtual:locale-parts' ? '\0flowbook-locale-parts' : undefined),
    load: (id) => (id === '\0flowbook-locale-parts' ? 'export const PT_CORE_SECTIONS = {};\nexport const PT_PART_LOADERS = {};\n' : undefined),
  };
}

export default defineConfig((env: ConfigEnv): UserConfig => {
  const app = (typeof appConfig === 'function' ? appConfig(env) : appConfig) as UserConfig;
  // React, and the locale sections src/i18n.ts imports a whole language from (`virtual:locale-sections/<language>/all`)
  const react = flatten(app.plugins ?? []).filter((p) => !!p && typeof p === 'object' && 'name' in p && /^(vite:react|kw-locale-sections$)/.test(p.name));
  return {
    root: path.resolve(import.meta.dirname, 'harness'),
    base: './',
    plugins: [...react, wholeDictionaries()],
    logLevel: 'error',
    build: { outDir: HARNESS_OUT, emptyOutDir: true, minify: false, sourcemap: false, reportCompressedSize: false, chunkSizeWarningLimit: 100_000 },
  };
});
