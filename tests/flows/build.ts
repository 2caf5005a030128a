/**
 * `npm run flows`: writes the flow book to dist/flows/ (`--out <dir>` elsewhere; `--no-screens` for
 * the charts alone). Charts are read from machines/, laid out with ELK here and drawn as SVG; the
 * screens are photographed in Chromium by tests/flows/shots.ts. A chart that does not load or has
 * no screen is listed with what it lacks: the book never stops on one chart (the flow-book test is
 * what fails).
 */
import fs from 'node:fs';
import path from 'node:path';
import { loadCatalogue, ROOT } from './catalogue.ts';
import { drawChart, type Diagram } from './diagram.ts';
import { BOOK_CSS, BOOK_JS, flowPage, indexPage, type ShotReport } from './page.ts';
import { statelySource } from './stately.ts';

const args = process.argv.slice(2);
const outArg = args.indexOf('--out');
const out = path.resolve(ROOT, outArg >= 0 ? args[outArg + 1]! : 'dist/flows');
const withScreens = !args.includes('--no-screens');
const only = args.includes('--flow') ? args[args.indexOf('--flow') + 1]!.split(',') : null;

const started = Date.now();
const elapsed = () => `${((Date.now() - started) / 1000).toFixed(1)} s`;

const catalogue = (await loadCatalogue()).filter((e) => !only || only.includes(e.flow));
fs.rmSync(out, { recursive: true, force: true });
fs.mkdirSync(out, { recursive: true });
fs.writeFileSync(path.join(out, 'book.css'), BOOK_CSS);
fs.writeFileSync(path.join(out, 'book.js'), BOOK_JS);

const diagrams = new Map<string, Diagram>();
for (const entry of catalogue) {
  if (!entry.chart) continue;
  try {
    diagrams.set(entry.flow, await drawChart(entry.chart));
  } catch (error) {
    console.warn(`flows: no diagram for ${entry.flow}: ${(error as Error).message}`);
  }
}
console.log(`flows: ${catalogue.length} charts read and laid out (${elapsed()})`);

let reports = new Map<string, ShotReport>();
if (withScreens) {
  const { takeScreenshots } = await import('./shots.ts');
  reports = await takeScreenshots(catalogue, out, (line) => console.log(`flows: ${line} (${elapsed()})`));
}

for (const entry of catalogue) {
  const source = entry.machine ? statelySource(entry.machine, entry.exportName, entry.purpose ?? '') : null;
  fs.writeFileSync(path.join(out, `${entry.flow}.html`), flowPage(entry, diagrams.get(entry.flow) ?? null, source, reports.get(entry.flow)));
}
fs.writeFileSync(path.join(out, 'index.html'), indexPage(catalogue, reports, new Date().toISOString().slice(0, 16).replace('T', ' ') + ' UTC'));
const lacking = catalogue.filter((e) => !e.purpose || e.loadError || (!e.screens.length && !e.parents.length));
for (const e of lacking) console.warn(`flows: ${e.flow}: ${e.loadError ?? (!e.purpose ? 'no header comment' : 'no screens')}`);
console.log(`flows: wrote ${path.relative(ROOT, out)}/index.html and ${catalogue.length} chart pages in ${elapsed()}`);
