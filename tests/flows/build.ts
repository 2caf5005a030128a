/**
 * `npm run flows`: writes the flow book to dist/flows/ (`--out <dir>` elsewhere; `--no-screens` for
 * the charts alone; `--pages-only` writes the pages again from the last pictures and what was read
 * of their screens, `shots.json`, without Chromium). Charts are read from machines/, laid out with ELK here and drawn as SVG; the
 * screens are photographed in Chromium by tests/flows/shots.ts; what the screens say and what
 * their controls send give the plain-words captions (captions.ts), and a second drawing of each
 * chart in them. A chart that does not load or has no screen is listed with what it lacks: the
 * book never stops on one chart (the flow-book test is what fails).
 */
import fs from 'node:fs';
import path from 'node:path';
import { captionsOf, type Captions } from './captions.ts';
import { loadCatalogue, ROOT } from './catalogue.ts';
import { drawChart, type Diagram } from './diagram.ts';
import { BOOK_CSS, BOOK_JS, flowPage, indexPage, type ShotReport } from './page.ts';
import { statelySource } from './stately.ts';

const args = process.argv.slice(2);
const outArg = args.indexOf('--out');
const out = path.resolve(ROOT, outArg >= 0 ? args[outArg + 1]! : 'dist/flows');
const withScreens = !args.includes('--no-screens');
const pagesOnly = args.includes('--pages-only');
const SHOTS = path.join(out, 'shots.json');
const only = args.includes('--flow') ? args[args.indexOf('--flow') + 1]!.split(',') : null;

const started = Date.now();
const elapsed = () => `${((Date.now() - started) / 1000).toFixed(1)} s`;

const catalogue = (await loadCatalogue()).filter((e) => !only || only.includes(e.flow));
if (pagesOnly && !fs.existsSync(SHOTS)) throw new Error(`--pages-only: no ${path.relative(ROOT, SHOTS)}; run the whole book first`);
if (!pagesOnly) fs.rmSync(out, { recursive: true, force: true });
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
if (pagesOnly) reports = new Map(Object.entries(JSON.parse(fs.readFileSync(SHOTS, 'utf8')) as Record<string, ShotReport>));
else if (withScreens) {
  const { takeScreenshots } = await import('./shots.ts');
  reports = await takeScreenshots(catalogue, out, (line) => console.log(`flows: ${line} (${elapsed()})`));
}

if (withScreens && !pagesOnly) fs.writeFileSync(SHOTS, JSON.stringify(Object.fromEntries(reports)));
// the plain words: from the pictures' screens, then the chart drawn in them
const captions = new Map<string, Captions>();
const plain = new Map<string, Diagram>();
const missingWords = new Set<string>();
for (const entry of catalogue) {
  if (!entry.chart) continue;
  try {
    const words = captionsOf(entry, reports.get(entry.flow)?.shots ?? []);
    captions.set(entry.flow, words);
    for (const name of words.missing) missingWords.add(name);
    plain.set(entry.flow, await drawChart(entry.chart, words));
  } catch (error) {
    console.warn(`flows: no plain words for ${entry.flow}: ${(error as Error).message}`);
  }
}
for (const entry of catalogue) {
  const source = entry.machine ? statelySource(entry.machine, entry.exportName, entry.purpose ?? '') : null;
  const drawn = { plain: plain.get(entry.flow) ?? null, technical: diagrams.get(entry.flow) ?? null };
  fs.writeFileSync(path.join(out, `${entry.flow}.html`), flowPage(entry, drawn, source, reports.get(entry.flow), captions.get(entry.flow) ?? null));
}
fs.writeFileSync(path.join(out, 'index.html'), indexPage(catalogue, reports, captions, new Date().toISOString().slice(0, 16).replace('T', ' ') + ' UTC'));
if ((withScreens || pagesOnly) && missingWords.size) console.warn(`flows: read as words (add them to tests/flows/words.ts): ${[...missingWords].sort().join(', ')}`);
const lacking = catalogue.filter((e) => !e.purpose || e.loadError || (!e.screens.length && !e.parents.length));
for (const e of lacking) console.warn(`flows: ${e.flow}: ${e.loadError ?? (!e.purpose ? 'no header comment' : 'no screens')}`);
console.log(`flows: wrote ${path.relative(ROOT, out)}/index.html and ${catalogue.length} chart pages in ${elapsed()}`);
