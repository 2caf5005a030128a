/**
 * Gzipped JavaScript per route after `vite build`: the entry with everything it imports statically,
 * plus the route's screen chunk, its own static imports and the pt dictionary parts it fetches
 * (src/i18n.ts; the server preloads all of them with the page). A page the server renders
 * (`rendered`) runs only its loader (server/appLoader.ts, inline) until the first touch: that is its
 * column "before a touch". Writes dist/budget.json and prints a table; `--check` exits non-zero when
 * the first route is over budget, the loader over its own, or zod in any chunk.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { NOT_FOUND, ROUTES, partsOf, screensOf } from '../../services/routeTable.ts';
import { APP_LOADER } from '../../server/appLoader.ts';

export const FIRST_ROUTE_BUDGET_BYTES = 150 * 1024;
/** What a rendered page runs before anyone touches it. */
export const LOADER_BUDGET_BYTES = 2.5 * 1024;

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

export interface RouteSize {
  route: string;
  screen: string;
  gzipBytes: number;
  /** A rendered page's script before the first touch: its loader (null: the route loads the app at once). */
  beforeTouchGzipBytes: number | null;
}

export function measureRoutes(distDir = 'dist'): { entryGzip: number; routes: RouteSize[] } {
  const manifest = JSON.parse(fs.readFileSync(path.join(distDir, '.vite', 'manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
  const gz = new Map<string, number>();
  const size = (file: string) => {
    if (!gz.has(file)) gz.set(file, zlib.gzipSync(fs.readFileSync(path.join(distDir, file)), { level: 9 }).length);
    return gz.get(file)!;
  };
  const closure = (key: string, seen = new Set<string>()) => {
    if (seen.has(key)) return seen;
    seen.add(key);
    for (const dep of manifest[key]?.imports ?? []) closure(dep, seen);
    return seen;
  };
  const entryKey = Object.keys(manifest).find((k) => manifest[k]!.isEntry)!;
  const entrySet = closure(entryKey);
  const sum = (keys: Iterable<string>) => [...keys].reduce((total, k) => total + (manifest[k]!.file.endsWith('.js') ? size(manifest[k]!.file) : 0), 0);
  const partKey = (part: string) => Object.keys(manifest).find((k) => k.startsWith(`virtual:locale-sections/pt/${part}?`))!;
  // every route of the table (the first is the budgeted one), and the not-found screen
  const loaderGzip = zlib.gzipSync(APP_LOADER, { level: 9 }).length;
  const measured = [...ROUTES.map((route) => ({ route: route.path, screens: screensOf(route), parts: partsOf(route), rendered: !!route.rendered })), { route: '(not found)', screens: [NOT_FOUND.screen], parts: [], rendered: false }];
  const routes = measured.map(({ route, screens, parts, rendered }) => {
    const keys = new Set([...entrySet, ...screens.flatMap((screen) => [...closure(`screens/${screen}.tsx`)]), ...parts.map(partKey)]);
    return { route, screen: screens.at(-1)!, gzipBytes: sum(keys), beforeTouchGzipBytes: rendered ? loaderGzip : null };
  });
  return { entryGzip: sum(entrySet), routes };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { entryGzip, routes } = measureRoutes();
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  console.log(`\nGzipped JS per route (entry alone ${kb(entryGzip)}; first-route budget ${kb(FIRST_ROUTE_BUDGET_BYTES)}); before a touch: what a page the server renders runs until someone touches it (its loader, budget ${kb(LOADER_BUDGET_BYTES)})`);
  console.log(`  ${'route'.padEnd(30)} ${'with the app'.padStart(12)} ${'before a touch'.padStart(15)}`);
  for (const r of routes) console.log(`  ${r.route.padEnd(30)} ${kb(r.gzipBytes).padStart(12)} ${(r.beforeTouchGzipBytes === null ? '' : kb(r.beforeTouchGzipBytes)).padStart(15)}`);
  fs.writeFileSync('dist/budget.json', JSON.stringify({ entryGzip, routes, budget: FIRST_ROUTE_BUDGET_BYTES }, null, 2));
  const first = routes[0]!;
  if (process.argv.includes('--check') && first.gzipBytes > FIRST_ROUTE_BUDGET_BYTES) {
    console.error(`first route ${kb(first.gzipBytes)} is over the ${kb(FIRST_ROUTE_BUDGET_BYTES)} budget`);
    process.exit(1);
  }
  // the contracts' schemas stay on the server: the app reads their plain values from
  // services/contract/values.ts, so no route carries zod (≈ 24 KB gzipped on 11 routes when one did)
  const withZod = fs.readdirSync('dist/assets').filter((file) => file.endsWith('.js') && /\$ZodType|ZodError/.test(fs.readFileSync(path.join('dist/assets', file), 'utf8')));
  console.log(`  zod in the browser's chunks: ${withZod.length ? withZod.join(', ') : 'none'}`);
  if (process.argv.includes('--check') && withZod.length) {
    console.error(`zod reached the browser (${withZod.join(', ')}): a screen, chart or flow imports a value from a contract module with schemas; move the value to services/contract/values.ts`);
    process.exit(1);
  }
  const loader = routes.find((r) => r.beforeTouchGzipBytes !== null)?.beforeTouchGzipBytes ?? 0;
  if (process.argv.includes('--check') && loader > LOADER_BUDGET_BYTES) {
    console.error(`the rendered pages' loader ${kb(loader)} is over its ${kb(LOADER_BUDGET_BYTES)} budget`);
    process.exit(1);
  }
}
