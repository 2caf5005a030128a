/**
 * A chart's diagram: the state tree and transitions of `chartOf` laid out by ELK (layered, top
 * down, children inside their parents) at generation time and drawn as plain SVG, so the book's
 * pages run no layout engine. Transitions without a target (actions only) are listed inside their
 * state instead of drawn as loops; guards show in brackets, delays as `after <name>`, invoked
 * actors and the answers they route as `invoke` lines and `done:`/`error:` edges.
 *
 * Drawn twice: with the chart's names (the technical view), and in plain words (captions.ts: each
 * state as its screen says it, each transition as what happens), in pt and en, both languages
 * in one drawing sized for the longer (the page shows one: `.l-pt`, `.l-en`).
 */
import ELK from 'elkjs/lib/elk.bundled.js';
import type { Chart, ChartState, ChartTransition } from './chart.ts';
import type { Phrase } from './words.ts';

/** The plain words of a chart: its states' and transitions' captions. */
export interface PlainWords { states: Map<string, Phrase>; transitions: Map<ChartTransition, Phrase> }

/** A label in both languages, each as its lines (the same lines twice for a name). */
interface Text { pt: string[]; en: string[] }
const same = (lines: string[]): Text => ({ pt: lines, en: lines });

/** A caption broken into lines of about `width` characters, at most `most` lines (the rest as "…"). */
function wrap(text: string, width: number, most: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  if (lines.length > most) return [...lines.slice(0, most - 1), `${lines[most - 1]}…`];
  return lines;
}
const wrapped = (phrase: Phrase, width: number, most: number): Text => ({ pt: wrap(phrase.pt, width, most), en: wrap(phrase.en, width, most) });
const lineCount = (text: Text) => Math.max(text.pt.length, text.en.length);
const widest = (text: Text, size: number) => Math.max(0, ...[...text.pt, ...text.en].map((l) => textWidth(l, size)));

interface ElkLabel { text: string; width: number; height: number; x?: number; y?: number }
interface ElkNode {
  id: string; width?: number; height?: number; x?: number; y?: number;
  children?: ElkNode[]; edges?: ElkEdge[]; labels?: ElkLabel[]; layoutOptions?: Record<string, string>;
}
interface ElkEdge {
  id: string; sources: string[]; targets: string[]; labels?: ElkLabel[]; container?: string;
  sections?: { startPoint: { x: number; y: number }; endPoint: { x: number; y: number }; bendPoints?: { x: number; y: number }[] }[];
}

const FONT = 12;
const LINE = 15;
const textWidth = (s: string, size = FONT) => Math.ceil(s.length * size * 0.58) + 4;
const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const nodeId = (id: string) => `n:${id}`;

export function transitionLabel(t: ChartTransition): string {
  return `${t.label}${t.guard ? ` [${t.guard}]` : ''}`;
}

/** The lines written inside a state under its name: invokes, entry/exit, tags, targetless transitions. */
function detailLines(state: ChartState, own: ChartTransition[]): string[] {
  return [
    ...state.invokes.map((i) => `invoke ${i.src}${i.id !== i.src ? ` (${i.id})` : ''}`),
    ...(state.entry.length ? [`entry / ${state.entry.join(', ')}`] : []),
    ...(state.exit.length ? [`exit / ${state.exit.join(', ')}`] : []),
    ...(state.tags.length ? [`tags: ${state.tags.join(', ')}`] : []),
    ...own.filter((t) => t.targets.length === 0).map((t) => `${transitionLabel(t)}${t.actions.length ? ` / ${t.actions.join(', ')}` : ''}`),
  ];
}

/** In plain words only what a person sees happen in the state without leaving it (targetless transitions), one per line. */
function plainDetailLines(own: ChartTransition[], words: PlainWords): Text {
  const stays = own.filter((t) => t.targets.length === 0).map((t) => words.transitions.get(t)!).filter(Boolean);
  return { pt: stays.map((w) => `↻ ${wrap(w.pt, 40, 1)[0]}`), en: stays.map((w) => `↻ ${wrap(w.en, 40, 1)[0]}`) };
}

export interface Diagram { svg: string; width: number; height: number }

/** Renders a label's lines at (x, y), one `<text>` per language where they differ. */
function textLines(text: Text, x: number, y: number, step: number, cls: string): string {
  const draw = (lines: string[], extra: string) => lines.map((line, i) => `<text class="${cls}${extra}" x="${x}" y="${y + i * step}">${escape(line)}</text>`).join('');
  return text.pt.join('\n') === text.en.join('\n') ? draw(text.pt, '') : draw(text.pt, ' l-pt') + draw(text.en, ' l-en');
}

/** The chart's diagram: with its names, or with `words` in plain words. */
export async function drawChart(chart: Chart, words?: PlainWords): Promise<Diagram> {
  const elk = new ELK();
  const byId = new Map(chart.states.map((s) => [s.id, s]));
  const parentOf = new Map(chart.states.flatMap((s) => s.children.map((c) => [c.id, s] as const)));
  const names = new Map<string, Text>(chart.states.map((s) => [s.id, words ? wrapped(words.states.get(s.id)!, 30, 3) : same([`${s.key}${s.type === 'parallel' ? ' (parallel)' : ''}`])]));
  const details = new Map<string, Text>(chart.states.map((s) => {
    const own = chart.transitions.filter((t) => t.source === s.id);
    return [s.id, words ? plainDetailLines(own, words) : same(detailLines(s, own))];
  }));
  const nameHeight = (id: string) => lineCount(names.get(id)!) * LINE;
  const build = (state: ChartState): ElkNode => {
    const lines = details.get(state.id)!;
    const headWidth = Math.max(widest(names.get(state.id)!, FONT + 1) + 16, widest(lines, FONT - 1) + 16);
    const headHeight = 9 + nameHeight(state.id) + lineCount(lines) * (LINE - 1);
    if (state.children.length === 0) return { id: nodeId(state.id), width: Math.max(90, headWidth), height: Math.max(36, headHeight + 6) };
    const initial = state.type === 'compound' && state.initial ? [{ id: nodeId(`${state.id}#initial`), width: 12, height: 12 }] : [];
    return {
      id: nodeId(state.id),
      children: [...initial, ...state.children.map(build)],
      layoutOptions: { 'elk.padding': `[top=${headHeight + 8},left=14,bottom=14,right=14]`, 'elk.nodeSize.minimum': `(${headWidth}, ${headHeight + 20})`, 'elk.nodeSize.constraints': 'MINIMUM_SIZE' },
    };
  };
  const edges: ElkEdge[] = [];
  const drawn: ChartTransition[] = [];
  for (const state of chart.states) {
    if (state.type === 'compound' && state.initial) {
      const target = state.children.find((c) => c.key === state.initial);
      if (target) edges.push({ id: `e${edges.length}`, sources: [nodeId(`${state.id}#initial`)], targets: [nodeId(target.id)] });
    }
  }
  const edgeTexts: Text[] = [];
  for (const t of chart.transitions) {
    for (const target of t.targets) {
      const text = words ? wrapped(words.transitions.get(t)!, 28, 3) : same([transitionLabel(t)]);
      drawn.push(t);
      edgeTexts.push(text);
      edges.push({ id: `e${edges.length}`, sources: [nodeId(t.source)], targets: [nodeId(target)], labels: [{ text: text.en.join(' '), width: widest(text, FONT - 1), height: lineCount(text) * LINE }] });
    }
  }
  const graph: ElkNode = {
    id: 'root',
    layoutOptions: {
      'elk.algorithm': 'layered',
      'elk.direction': 'DOWN',
      'elk.hierarchyHandling': 'INCLUDE_CHILDREN',
      'elk.edgeRouting': 'ORTHOGONAL',
      'elk.layered.spacing.nodeNodeBetweenLayers': '36',
      'elk.spacing.nodeNode': '24',
      'elk.spacing.edgeLabel': '4',
      'elk.layered.nodePlacement.strategy': 'BRANDES_KOEPF',
      'elk.padding': '[top=12,left=12,bottom=12,right=12]',
    },
    children: [build(chart.root)],
    edges,
  };
  const laid = (await elk.layout(graph as never)) as unknown as ElkNode;

  // ELK places children relative to their parent and an edge relative to its container
  const origin = new Map<string, { x: number; y: number }>([['root', { x: 0, y: 0 }]]);
  const boxes: { node: ElkNode; x: number; y: number }[] = [];
  const place = (node: ElkNode, ox: number, oy: number) => {
    const x = ox + (node.x ?? 0);
    const y = oy + (node.y ?? 0);
    origin.set(node.id, { x, y });
    boxes.push({ node, x, y });
    for (const child of node.children ?? []) place(child, x, y);
  };
  for (const child of laid.children ?? []) place(child, 0, 0);
  const collectEdges = (node: ElkNode): ElkEdge[] => [...(node.edges ?? []), ...(node.children ?? []).flatMap(collectEdges)];

  const parts: string[] = [];
  for (const { node, x, y } of boxes) {
    const id = node.id.slice(2);
    if (id.endsWith('#initial')) {
      parts.push(`<circle class="initial" cx="${x + 6}" cy="${y + 6}" r="5"/>`);
      continue;
    }
    const state = byId.get(id)!;
    const parent = parentOf.get(id);
    const cls = ['state', state.type, state.children.length ? 'group' : 'leaf', parent?.type === 'parallel' ? 'region' : ''].filter(Boolean).join(' ');
    const w = node.width ?? 0;
    const h = node.height ?? 0;
    parts.push(`<g class="${cls}" data-state="${escape(state.path)}" id="${words ? 'plain-' : ''}state-${escape(state.path || 'root')}"><title>${escape(words ? `${words.states.get(state.id)!.pt} · ${words.states.get(state.id)!.en}` : `${state.id} (${state.type})`)}</title>`);
    parts.push(`<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="8"/>`);
    if (state.type === 'final') parts.push(`<rect class="inner" x="${x + 3}" y="${y + 3}" width="${w - 6}" height="${h - 6}" rx="6"/>`);
    const lines = details.get(state.id)!;
    const below = y + 2 + nameHeight(state.id);
    parts.push(textLines(names.get(state.id)!, x + 8, y + 17, LINE, 'name'));
    parts.push(textLines(lines, x + 8, below + 14, LINE - 1, 'detail'));
    parts.push('</g>');
  }
  const edgeParts: string[] = [];
  const labelParts: string[] = [];
  const initialEdges = edges.filter((e) => !e.labels).length;
  for (const edge of collectEdges(laid)) {
    const base = origin.get(edge.container ?? 'root') ?? { x: 0, y: 0 };
    const index = Number(edge.id.slice(1));
    const t = index >= initialEdges ? drawn[index - initialEdges] : undefined;
    const text = index >= initialEdges ? edgeTexts[index - initialEdges] : undefined;
    for (const section of edge.sections ?? []) {
      const points = [section.startPoint, ...(section.bendPoints ?? []), section.endPoint].map((p) => `${(p.x + base.x).toFixed(1)},${(p.y + base.y).toFixed(1)}`);
      edgeParts.push(`<polyline class="edge${t ? ` ${t.kind}` : ' start'}" points="${points.join(' ')}" marker-end="url(#arrow${words ? '-plain' : ''})">${t ? `<title>${escape(`${transitionLabel(t)}${t.actions.length ? ` / ${t.actions.join(', ')}` : ''}`)}</title>` : ''}</polyline>`);
    }
    for (const label of edge.labels ?? []) {
      const lx = (label.x ?? 0) + base.x;
      const ly = (label.y ?? 0) + base.y;
      labelParts.push(`<g class="label ${t?.kind ?? ''}"><rect x="${lx}" y="${ly}" width="${label.width}" height="${label.height}" rx="3"/>${textLines(text ?? same([label.text]), lx + 2, ly + LINE - 4, LINE, 'edge-text')}</g>`);
    }
  }
  const width = Math.ceil((laid.width ?? 0) + 4);
  const height = Math.ceil((laid.height ?? 0) + 4);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" class="chart ${words ? 'plain' : 'technical'}" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" role="img" aria-label="Statechart of ${escape(chart.id)}${words ? ' in plain words' : ''}">
<defs><marker id="arrow${words ? '-plain' : ''}" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse"><path d="M0,0L10,5L0,10z"/></marker></defs>
${parts.join('\n')}
${edgeParts.join('\n')}
${labelParts.join('\n')}
</svg>`;
  return { svg, width, height };
}
