/**
 * Every chart of machines/ as the flow book lists it: its purpose (the header comment), the chart
 * read from the definition, the gateway services its flow module calls, and the screens that render
 * it. Read from the files as they are, so a chart another helper is still writing (no screens, no flow
 * module yet) is listed with what it lacks instead of stopping the book.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { AnyStateMachine } from 'xstate';
import { chartOf, type Chart } from './chart.ts';

export const ROOT = path.resolve(import.meta.dirname, '../..');
const read = (file: string) => fs.readFileSync(path.join(ROOT, file), 'utf8');
const exists = (file: string) => fs.existsSync(path.join(ROOT, file));

export interface FlowEntry {
  flow: string;
  file: string;
  exportName: string;
  machine: AnyStateMachine | null;
  /** Why the machine could not be loaded, when it could not. */
  loadError: string | null;
  /** The header comment's first sentence; null when the chart has none. */
  purpose: string | null;
  header: string | null;
  chart: Chart | null;
  /** Catalogue calls made by src/flows/<flow>.ts (the actors' gateway services). */
  services: string[];
  /** Files under screens/ that render the chart: its folder, shared pieces naming it, and the charts that invoke it. */
  screens: string[];
  /** Charts that invoke this one as a child (its states show on their screens). */
  parents: string[];
}

export const machineFiles = () => fs.readdirSync(path.join(ROOT, 'machines')).filter((f) => f.endsWith('.machine.ts')).sort();
export const flowOf = (file: string) => file.slice(0, -'.machine.ts'.length);

/**
 * The header comment: the first `/** … *\/` block before the machine's `setup(` (after the imports).
 * Interface doc comments start with a member's description and come after it, so the first block
 * of the file that is not inside a declaration is the chart's.
 */
export function headerOf(source: string): string | null {
  const before = source.split(/export const \w+Machine\s*=/)[0] ?? source;
  const block = /^\/\*\*([\s\S]*?)\*\//m.exec(before.replace(/^import[\s\S]*?;$/gm, ''));
  if (!block) return null;
  const text = block[1]!.split('\n').map((l) => l.replace(/^\s*\* ?/, '')).join(' ').replace(/\s+/g, ' ').trim();
  return text || null;
}

export function purposeOf(header: string | null): string | null {
  if (!header) return null;
  const sentence = /^(.+?[.!?])(\s|$)/.exec(header);
  return (sentence ? sentence[1]! : header).trim();
}

/** The catalogue service names a flow module calls: `requestGateway('area/…')` and friends. */
export function servicesOf(source: string): string[] {
  return [...new Set([...source.matchAll(/\b\w+\(\s*'([a-zA-Z]+(?:\/[A-Za-z0-9_-]+)+)'/g)].map((m) => m[1]!))].sort();
}

function listFiles(dir: string): string[] {
  if (!exists(dir)) return [];
  return fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? listFiles(`${dir}/${e.name}`) : [`${dir}/${e.name}`]));
}

export async function loadCatalogue(): Promise<FlowEntry[]> {
  const files = machineFiles();
  const sources = Object.fromEntries(files.map((f) => [f, read(`machines/${f}`)]));
  const common = listFiles('screens/common').filter((f) => /\.tsx?$/.test(f));
  const entries: FlowEntry[] = [];
  for (const file of files) {
    const flow = flowOf(file);
    const exportName = `${flow}Machine`;
    let machine: AnyStateMachine | null = null;
    let loadError: string | null = null;
    try {
      const module = (await import(pathToFileURL(path.join(ROOT, 'machines', file)).href)) as Record<string, unknown>;
      const found = module[exportName] ?? Object.values(module).find((v) => !!v && typeof v === 'object' && 'root' in v && 'provide' in v);
      if (found) machine = found as AnyStateMachine;
      else loadError = `machines/${file} exports no ${exportName}`;
    } catch (error) {
      loadError = `machines/${file} does not load: ${(error as Error).message.split('\n')[0]}`;
    }
    const header = headerOf(sources[file]!);
    const parents = files.filter((other) => other !== file && sources[other]!.includes(`from './${file}'`) && new RegExp(`\\b${exportName}\\b`).test(sources[other]!)).map(flowOf);
    const screens = [
      ...listFiles(`screens/${flow}`).filter((f) => f.endsWith('.tsx')),
      ...common.filter((f) => read(f).includes(`machines/${file}'`)),
    ];
    entries.push({
      flow, file, exportName, machine, loadError, header, purpose: purposeOf(header),
      chart: machine ? chartOf(machine) : null,
      services: exists(`src/flows/${flow}.ts`) ? servicesOf(read(`src/flows/${flow}.ts`)) : [],
      screens: [...new Set(screens)].sort(),
      parents,
    });
  }
  return entries;
}
